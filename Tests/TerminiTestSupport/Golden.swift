import Foundation
import Testing

/// Golden screens: what a screen must show, kept as a text file a line a row under
/// `Tests/Goldens/` (NAME is a path there without `.txt`, e.g. `memory/fresh-80x24`), so a
/// review reads the screen as it is and a change of layout is one command:
///
///     TERMINI_UPDATE_GOLDENS=1 swift test --filter MemoryScreenTests
///
/// writes every screen that differs (and every missing one) instead of failing; `git diff`
/// then shows what moved. Without the variable a difference fails and prints the actual
/// screen beside the golden's path.
public func expectScreen(_ actual: [String], golden name: String, filePath: String = #filePath,
                         sourceLocation: SourceLocation = #_sourceLocation) {
    let path = Golden.path(name, testFile: filePath)
    let expected = Golden.read(path)
    guard actual != expected else { return }
    if Golden.updating {
        do {
            try Golden.write(actual, to: path)
            print("golden updated: \(path)")
        } catch {
            Issue.record("could not write the golden \(path): \(error)", sourceLocation: sourceLocation)
        }
        return
    }
    let why = expected == nil ? "no golden \(path)" : "screen differs from \(path)"
    let text = why + " (TERMINI_UPDATE_GOLDENS=1 writes it); actual:\n" + actual.map { "|" + $0 }.joined(separator: "\n")
    Issue.record(Comment(rawValue: text), sourceLocation: sourceLocation)
}

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
