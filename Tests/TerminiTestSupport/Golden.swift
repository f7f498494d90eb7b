import Foundation

/// Golden screens' files (`expectScreen`, in TerminiGoldens, compares a screen with one).
/// This target stays free of the Testing library so `termini-bench` links in release.
public enum Golden {
    /// True when `TERMINI_UPDATE_GOLDENS=1`: differing goldens are written, not failed.
    public static var updating: Bool { ProcessInfo.processInfo.environment["TERMINI_UPDATE_GOLDENS"] == "1" }

    /// `Tests/Goldens/NAME.txt`, found from the path of the test file that asks.
    public static func path(_ name: String, testFile: String) -> String {
        var dir = URL(fileURLWithPath: testFile).deletingLastPathComponent()
        while dir.lastPathComponent != "Tests" && dir.pathComponents.count > 1 { dir.deleteLastPathComponent() }
        return dir.appendingPathComponent("Goldens").appendingPathComponent(name + ".txt").path
    }

    /// The rows of a golden file (each line ends in a newline), or nil if there is none.
    public static func read(_ path: String) -> [String]? {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        var lines = String(decoding: data, as: UTF8.self).components(separatedBy: "\n")
        if lines.last == "" { lines.removeLast() }
        return lines
    }

    public static func write(_ lines: [String], to path: String) throws {
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data(lines.map { $0 + "\n" }.joined().utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
    }
}
