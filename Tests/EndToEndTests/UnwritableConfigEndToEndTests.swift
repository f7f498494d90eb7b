#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Testing
import TerminiTestSupport

/// A config directory on a read-only mount: root writes through permissions, not through a
/// mount that is read-only. Mounted over a fresh directory, unmounted and removed at the end.
final class ReadOnlyMount {
    let path: String
    let mounted: Bool

    init() {
        path = TempDir.make("termini-rofs")
        mounted = (try? Subprocess.run(["mount", "-t", "tmpfs", "-o", "ro,size=1m", "tmpfs", path], captureOutput: true).status) == 0
    }

    deinit {
        if mounted { _ = try? Subprocess.run(["umount", path], captureOutput: true) }
        rmdir(path)
    }

    /// Whether this machine lets the tests mount a tmpfs (root with CAP_SYS_ADMIN).
    static let available: Bool = Tools.root && Tools.installed("mount") && ReadOnlyMount().mounted
}

/// Termini started on a config directory it cannot write: the screen says so for as long as
/// it lasts, and nothing is shown as done that the disk does not hold unless the user chose
/// to go on without saving.
@Suite(.serialized, .tmux, .enabled(if: ReadOnlyMount.available, "needs root and mount -t tmpfs"))
struct UnwritableConfigEndToEndTests {
    static let sizes = [(80, 24), (200, 60)]

    /// The frame's mark, the key bar's words and the whole notice, at the pane's width.
    /// `bar`: false under a dialog, whose keys the bar shows instead.
    func expectTold(_ t: TmuxSession, bar: Bool = true, sourceLocation: SourceLocation = #_sourceLocation) {
        let lines = t.capture()
        #expect(lines.first?.contains("not saved") == true, "no mark in the frame:\n\(t.screen)", sourceLocation: sourceLocation)
        #expect(!bar || lines.last?.contains("Quit, not saved") == true, "the key bar does not say it:\n\(t.screen)", sourceLocation: sourceLocation)
        let notice = lines.count >= 2 ? lines[lines.count - 2] : ""
        #expect(notice.contains("Not saving:") && notice.contains("Nothing is kept.") && !notice.contains("…"),
                "the notice is missing or cut:\n\(t.screen)", sourceLocation: sourceLocation)
    }

    @Test func aStampIsNotShownAsDoneUnlessTheUserChoosesToGoOnUnsaved() throws {
        for (w, h) in Self.sizes {
            let mount = ReadOnlyMount()
            let t = try TmuxSession(width: w, height: h, arguments: ["stamps"], configDir: mount.path)
            #expect(t.waitFor("0 of 10 stamped"), "\(t.screen)")
            expectTold(t)
            t.send("Space")
            #expect(t.waitFor("Go on without saving?"), "a stamp that cannot be kept did not ask first:\n\(t.screen)")
            t.send("n")
            #expect(t.wait { !$0.contains("Go on without saving?") }.ok, "\(t.screen)")
            #expect(t.screen.contains("0 of 10 stamped"), "a stamp not saved is shown as done:\n\(t.screen)")
            // Still said, whatever keys came.
            expectTold(t)
            t.send("Space")
            #expect(t.waitFor("Go on without saving?"), "\(t.screen)")
            t.send("y")
            #expect(t.waitFor("1 of 10 stamped"), "yes goes on with the stamp asked for:\n\(t.screen)")
            expectTold(t)
            t.send("q")
            #expect(t.exitStatus() == 0)
            #expect((try? FileManager.default.contentsOfDirectory(atPath: mount.path)) == [])
        }
    }

    @Test func aMatchThatCannotBeKeptAsksBeforeItStarts() throws {
        for (w, h) in Self.sizes {
            let mount = ReadOnlyMount()
            let t = try TmuxSession(width: w, height: h, arguments: ["badminton"], configDir: mount.path)
            #expect(t.waitFor("New match"), "\(t.screen)")
            expectTold(t, bar: false)
            t.send("Enter")
            #expect(t.waitFor("Go on without saving?"), "a match that cannot be kept started without asking:\n\(t.screen)")
            #expect(t.screen.contains("Badminton"))
            t.send("y")
            #expect(t.waitFor("love all"), "\(t.screen)")
            t.send("Left")
            #expect(t.waitFor("1-love"), "\(t.screen)")
            expectTold(t)
            t.send("q")
            #expect(t.exitStatus() == 0)
        }
    }

    @Test func theLauncherSaysNothingIsSaved() throws {
        for (w, h) in Self.sizes {
            let mount = ReadOnlyMount()
            let t = try TmuxSession(width: w, height: h, configDir: mount.path)
            #expect(t.waitFor("Boxing Time"), "\(t.screen)")
            expectTold(t)
            t.send("Down")
            #expect(t.waitFor("▸ 2  Boxing Time"), "\(t.screen)")
            expectTold(t)
            t.send("q")
            #expect(t.exitStatus() == 0)
        }
    }
}
