#if canImport(Glibc)
import Glibc
#endif
import Foundation
import TerminiCore
import TerminiWidgets
import TerminiApp
@testable import TerminiStore
import TerminiTestSupport

/// Root ignores file permissions, so checks that rely on them cannot be made as root.
let runningAsRoot = getuid() == 0

/// The one temporary directory of every test module (TerminiTestSupport).
typealias TempDir = TerminiTestSupport.TempDir

func writeFile(_ path: String, _ text: String) {
    _ = FileManager.default.createFile(atPath: path, contents: Data(text.utf8))
}

func readFile(_ path: String) -> String? {
    FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) }
}

func entries(_ dir: String) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []).sorted()
}

/// Permission bits of a path (not following a symlink).
func mode(_ path: String) -> Int {
    var st = stat()
    guard lstat(path, &st) == 0 else { return -1 }
    return Int(st.st_mode & 0o7777)
}

func isSymlink(_ path: String) -> Bool {
    var st = stat()
    return lstat(path, &st) == 0 && (st.st_mode & S_IFMT) == S_IFLNK
}

struct Tally: Codable, Equatable {
    var count: Int
    var names: [String]
}

func envelope(_ t: Tally, version: Int = 1) -> [UInt8] {
    (try? StateCodec.encode(t, version: version).get()) ?? []
}

/// A fixed clock, so names of files kept aside are predictable.
let fixedNow = 1_700_000_000.0
let stamp = Posix.timestamp(fixedNow)

