#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Testing
@testable import TerminiStore

/// `--output FILE`: the page replaces FILE whole or not at all.
@Suite struct OutputFileTests {
    func listing(_ dir: String) -> [String] { ((try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []).sorted() }

    @Test func writesANewFileAndReplacesAnOldOne() {
        let tmp = TempDir()
        #expect(OutputFile.write(tmp.file("sheet.html"), bytes: Array("one".utf8)) == nil)
        #expect(readFile(tmp.file("sheet.html")) == "one")
        _ = chmod(tmp.file("sheet.html"), 0o640)
        #expect(OutputFile.write(tmp.file("sheet.html"), bytes: Array("two".utf8)) == nil)
        #expect(readFile(tmp.file("sheet.html")) == "two" && mode(tmp.file("sheet.html")) == 0o640, "the old file's permissions kept")
        #expect(listing(tmp.path) == ["sheet.html"], "no temporary file left")
    }

    @Test func aLinkIsFollowedAndKept() {
        let tmp = TempDir()
        writeFile(tmp.file("real.html"), "old")
        _ = symlink(tmp.file("real.html"), tmp.file("link.html"))
        #expect(OutputFile.write(tmp.file("link.html"), bytes: Array("new".utf8)) == nil)
        #expect(readFile(tmp.file("real.html")) == "new")
        var st = stat()
        #expect(lstat(tmp.file("link.html"), &st) == 0 && (st.st_mode & S_IFMT) == S_IFLNK)
    }

    @Test func whatCannotBeWrittenIsSaidAndLeavesNothing() {
        let tmp = TempDir()
        #expect(OutputFile.write(tmp.path, bytes: [1]) == "\(tmp.path) is a directory")
        let missing = tmp.file("no/such/dir/x.html")
        #expect(OutputFile.write(missing, bytes: [1]) == "cannot write \(missing): No such file or directory")
        #expect(listing(tmp.path).isEmpty)
        // A device is written into, never replaced.
        #expect(OutputFile.write("/dev/null", bytes: Array("x".utf8)) == nil)
        var st = stat()
        #expect(stat("/dev/null", &st) == 0 && (st.st_mode & S_IFMT) == S_IFCHR)
        // A FIFO nobody reads is refused at once.
        _ = mkfifo(tmp.file("fifo"), 0o600)
        #expect(OutputFile.write(tmp.file("fifo"), bytes: [1])?.hasPrefix("cannot write") == true)
    }
}
