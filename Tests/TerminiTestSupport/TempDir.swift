#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// A fresh directory of its own under the temporary directory (`mkdtemp`), removed with
/// everything in it when the value is released: every test that needs files uses one.
public final class TempDir: @unchecked Sendable {
    public let path: String

    public init(_ tag: String = "termini") { path = TempDir.make(tag) }

    deinit { TempDir.remove(path) }

    public func file(_ name: String) -> String { path + "/" + name }

    /// A new directory named after `tag`, which the caller removes (`remove`).
    public static func make(_ tag: String = "termini") -> String {
        let base = NSTemporaryDirectory().hasSuffix("/") ? NSTemporaryDirectory() : NSTemporaryDirectory() + "/"
        var template = Array("\(base)\(tag)-XXXXXX".utf8CString)
        return template.withUnsafeMutableBufferPointer { buf in
            guard let p = buf.baseAddress, let made = mkdtemp(p) else { fatalError("mkdtemp \(base)\(tag): \(String(cString: strerror(errno)))") }
            return String(cString: made)
        }
    }

    /// Removes a directory tree, giving back first any permission a test took away.
    public static func remove(_ path: String) {
        _ = chmod(path, 0o700)
        if let sub = try? FileManager.default.subpathsOfDirectory(atPath: path) {
            // Not through a link: a test's hostile link may point anywhere.
            for s in sub {
                var st = stat()
                if lstat(path + "/" + s, &st) == 0 && (st.st_mode & S_IFMT) != S_IFLNK { _ = chmod(path + "/" + s, 0o700) }
            }
        }
        try? FileManager.default.removeItem(atPath: path)
    }
}
