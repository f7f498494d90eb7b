#if canImport(Glibc)
import Glibc
#endif
import Foundation
import TerminiTestSupport
import Testing

/// Two real copies of termini on one config directory, as a person meets them: every app's
/// files have one keeper; a second copy of the same app is read-only, says so in the title
/// bar, shows the keeper's saves live, and keeps the files once the keeper quits or dies; a
/// setting changed in one copy and another in the other are both kept.
@Suite struct KeeperEndToEndTests {
    static func run(_ args: [String], _ dir: String) -> String {
        (try? Subprocess.run([TmuxSession.binary] + args + ["--config-dir", dir]))?.output ?? ""
    }
    static func titleBar(_ screen: String) -> String { String(screen.split(separator: "\n").first ?? "") }
    static func file(_ dir: String, _ name: String) -> Data? { FileManager.default.contents(atPath: dir + "/" + name) }

    /// The issue's case: A stamps 3, B stamps once → no overwrite (the card stays A's 3).
    @Test(.tmux, arguments: [SIGKILL, 0])
    func aSecondStampCardFollowsReadOnlyAndTakesOver(_ how: Int32) throws {
        let dir = TempDir("termini-keepers")
        let a = try TmuxSession(arguments: ["stamps"], configDir: dir.path)
        #expect(a.waitFor("0 of 10 stamped"), "\(a.screen)")
        a.sendKeys(["Space", "Space", "Space"])
        #expect(a.wait { _ in Self.run(["stamps", "--status"], dir.path).hasPrefix("stamps: 3/10") }.ok, "\(a.screen)")
        let b = try TmuxSession(arguments: ["stamps"], configDir: dir.path)
        #expect(b.wait { Self.titleBar($0).contains("read-only") && $0.contains("3 of 10 stamped") }.ok, "\(b.screen)")
        b.send("Space")
        #expect(b.wait { $0.contains("Read-only") }.ok, "no word of why:\n\(b.screen)")
        b.barrier()
        #expect(b.screen.contains("3 of 10 stamped"), "the second copy shows a stamp it did not save:\n\(b.screen)")
        #expect(Self.run(["stamps", "--status"], dir.path).hasPrefix("stamps: 3/10"), "the second copy overwrote the card")
        // The keeper's stamp shows in the second copy at once.
        a.send("Space")
        #expect(b.wait(timeout: 5) { $0.contains("4 of 10 stamped") }.ok, "not followed live:\n\(b.screen)")
        // The keeper goes: the second copy keeps the card now, says so, and saves.
        if how == SIGKILL { a.signal(SIGKILL) } else { a.send("q") }
        let taken = b.wait(timeout: 10) { !Self.titleBar($0).contains("read-only") && $0.contains("this one keeps Stamp Card now") }
        #expect(taken.ok, "no takeover:\n\(taken.screen)")
        b.send("Space")
        #expect(b.wait { _ in Self.run(["stamps", "--status"], dir.path).hasPrefix("stamps: 5/10") }.ok, "\(Self.run(["stamps", "--status"], dir.path))")
        // A third copy now finds the second keeping.
        let c = try TmuxSession(arguments: ["stamps"], configDir: dir.path)
        #expect(c.wait { Self.titleBar($0).contains("read-only") }.ok, "\(c.screen)")
        Fuzz.report("keepers, stamps (\(how == SIGKILL ? "keeper killed" : "keeper quit")): second copy read-only, followed live, no overwrite, took over and saved")
    }

    /// Boxing, Memory and the Coffee Shop: the second copy's keys save nothing; the keeper's
    /// saves still go on; once the keeper quits, the second copy's keys are saved.
    @Test(.tmux, arguments: [("boxing", ["boxing"], "Punches", "boxing.json", ["Space"]),
                      ("memory", ["memory", "--seed", "11"], "Flip", "memory.json", ["Space"]),
                      ("coffee", ["coffee"], "Order", "coffee.json", ["Tab", "+"])])
    func everyAppHasOneKeeper(_ app: String, _ args: [String], _ ready: String, _ file: String, _ keys: [String]) throws {
        let dir = TempDir("termini-keepers")
        let a = try TmuxSession(arguments: args, configDir: dir.path)
        #expect(a.waitFor(ready), "\(a.screen)")
        a.sendKeys(keys)
        #expect(a.wait { _ in Self.file(dir.path, file) != nil }.ok, "\(a.screen)")
        a.barrier()
        let kept = Self.file(dir.path, file)
        let b = try TmuxSession(arguments: [app], configDir: dir.path)
        #expect(b.wait { Self.titleBar($0).contains("read-only") }.ok, "\(b.screen)")
        b.sendKeys(keys + ["Right", "Space", "+"])
        b.barrier()
        #expect(Self.file(dir.path, file) == kept, "the second copy of \(app) wrote \(file)")
        a.send("q")
        #expect(a.exitStatus(timeout: 10) == 0)
        #expect(b.wait(timeout: 10) { !Self.titleBar($0).contains("read-only") && $0.contains("keeps") }.ok, "no takeover:\n\(b.screen)")
        let before = b.screen
        // The focus and the row stay as they were (the coffee shop's order has it already).
        b.sendKeys(app == "coffee" ? ["+"] : keys)
        #expect(b.wait { _ in Self.file(dir.path, file) != kept }.ok, "the new keeper's key was not saved:\n\(before)\n\(b.screen)\n\(String(decoding: Self.file(dir.path, file) ?? Data(), as: UTF8.self))\n\(String(decoding: kept ?? Data(), as: UTF8.self))")
        Fuzz.report("keepers, \(app): second copy read-only (\(file) unchanged by its keys), took over when the keeper quit, then saved")
    }

    /// The coffee shop's cart as the keeper changes it, in the second copy at once.
    @Test(.tmux) func theKeepersChangesShowLive() throws {
        let dir = TempDir("termini-keepers")
        let a = try TmuxSession(arguments: ["coffee"], configDir: dir.path)
        #expect(a.waitFor("Order"), "\(a.screen)")
        a.sendKeys(["Tab", "+"])
        #expect(a.waitFor("1 bag"), "\(a.screen)")
        let b = try TmuxSession(arguments: ["coffee"], configDir: dir.path)
        #expect(b.wait { Self.titleBar($0).contains("read-only") && $0.contains("1 bag") }.ok, "\(b.screen)")
        a.send("+")
        #expect(b.wait(timeout: 5) { $0.contains("2 bags") }.ok, "not followed live:\n\(b.screen)")
    }

    /// The issue's case: A turns daily mode on, B (started before) presses t: config holds both.
    @Test(.tmux) func twoCopiesChangingDifferentSettingsKeepBoth() throws {
        let dir = TempDir("termini-keepers")
        let b = try TmuxSession(arguments: [], configDir: dir.path)
        #expect(b.waitFor("theme: default"), "\(b.screen)")
        let a = try TmuxSession(arguments: ["stamps"], configDir: dir.path)
        #expect(a.waitFor("0 of 10 stamped"), "\(a.screen)")
        a.send("d")
        let config = { String(decoding: Self.file(dir.path, "config") ?? Data(), as: UTF8.self) }
        #expect(a.wait { _ in config().contains("stamps.daily = on") }.ok, "\(config())")
        b.send("t")
        #expect(b.waitFor("theme: court"), "\(b.screen)")
        #expect(b.wait { _ in config().contains("theme = court") }.ok, "\(config())")
        #expect(config().contains("stamps.daily = on"), "B's theme overwrote A's daily mode:\n\(config())")
        #expect(config().contains("last_app = stamps"), "\(config())")
        // And the other way round: A's next setting keeps B's theme.
        a.send("d")
        #expect(a.wait { _ in config().contains("stamps.daily = off") }.ok, "\(config())")
        #expect(config().contains("theme = court"), "A's daily mode overwrote B's theme:\n\(config())")
        Fuzz.report("keepers, config: daily mode from one copy and the theme from another both kept, both ways")
    }

    /// A lock file that is not a file: read-only, never two keepers.
    @Test(.tmux) func aLockThatIsADirectoryMeansReadOnly() throws {
        let dir = TempDir("termini-keepers")
        try FileManager.default.createDirectory(atPath: dir.path + "/stamps.lock", withIntermediateDirectories: false)
        let t = try TmuxSession(arguments: ["stamps"], configDir: dir.path)
        #expect(t.wait { Self.titleBar($0).contains("read-only") && $0.contains("stamps.lock") }.ok, "\(t.screen)")
        t.send("Space")
        t.barrier()
        #expect(Self.file(dir.path, "stamps.json") == nil, "a copy without a usable lock saved")
        t.send("q")
        #expect(t.exitStatus(timeout: 10) == 0)
    }
}
