#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Testing
import TerminiCore
import TerminiApp
import TerminiTestSupport
import TerminiRuntime
import TerminiTerminal
@testable import TerminiShell
@testable import TerminiStore
@testable import Badminton
@testable import Boxing
@testable import Memory
@testable import Stamps
@testable import Coffee

/// One app under the real loop (`Program`) with a terminal in memory, on a real directory
/// whose disk can refuse (`FaultInjector` for fsync and fdatasync, `SyncAnswer` for a journal
/// line's deferred sync). At every frame sent, the app shows what a start from the disk's
/// files shows: the screen is never ahead of the disk.
final class LoopRun {
    let app: String
    let options: [String: String]
    let tmp = TempDir("termini-loop")
    let faults = FaultInjector(counted: [.fsync, .fdatasync])
    let journal = SyncAnswer()
    let store: FileStore
    let shell: Shell
    let terminal = MemoryTerminal()
    let program: Program<MemoryTerminal>
    var now = 1_796_000_000.0
    /// For each frame sent: what the app showed, what the disk's files give, the frame's text.
    var sent: [(shown: String, disk: String, text: String)] = []

    init(_ app: String, options: [String: String] = [:]) {
        self.app = app
        self.options = options
        store = FileStore(directory: tmp.path, calls: faults)
        store.syncAfterFrame = true
        store.syncWritesBeforeFrame = true
        store.deferAppendSyncs(journal.call)
        shell = Shell(store: store, config: ConfigFile(), theme: .builtinDefault, themeName: "default", unicode: true, monochrome: false,
                      catalog: nil, open: app, options: AppOptions(options), now: now, size: terminal.size)
        let clockOwner = ClockBox(now)
        program = Program(shell: shell, terminal: terminal, store: store, clock: { clockOwner.now })
        terminal.onWait = { [unowned self] in
            now += 1.3
            clockOwner.now = now
        }
        terminal.onPresent = { [unowned self] canvas in
            sent.append((visible, diskVisible(), canvas.lines.joined(separator: "\n")))
        }
    }

    var visible: String { shell.apps[app].map(LoopRun.visible) ?? "none" }

    /// The app as a start makes it from the files now in the directory: copied elsewhere
    /// (what a power cut after this moment leaves, the side files not yet renamed left out).
    func diskVisible() -> String {
        let copy = TempDir("termini-loop-disk")
        for name in (try? FileManager.default.contentsOfDirectory(atPath: tmp.path)) ?? [] where !name.hasPrefix(".") {
            try? FileManager.default.copyItem(atPath: tmp.file(name), toPath: copy.file(name))
        }
        let fresh = Shell(store: FileStore(directory: copy.path), config: ConfigFile(), theme: .builtinDefault, themeName: "default",
                          unicode: true, monochrome: false, catalog: nil, open: app,
                          options: AppOptions(options.filter { !["--new", "--seed"].contains($0.key) }), now: now)
        return fresh.apps[app].map(LoopRun.visible) ?? "none"
    }

    /// The loop's first turn: the first frame, and a wait that brings nothing.
    func start() { press([]) }

    /// A turn of the loop: the frame of what came before, then a wait that brings `keys`
    /// (read together), handled.
    func press(_ keys: [Key]) {
        terminal.script.append(keys.map { .key($0) })
        program.turn()
    }

    /// The disk refuses every sync from now on (a full disk), or takes them again.
    func refuse(_ on: Bool) {
        faults.persistent = on
        faults.failAt = on ? faults.count + 1 : nil
        journal.error = on ? ENOSPC : 0
    }

    /// What the app shows, in a form two instances can be compared by (the model, not pixels).
    static func visible(_ app: any MiniApp) -> String {
        switch app {
        case let a as BadmintonApp: return a.log.map { "\($0.state)" } ?? "no match"
        case let a as BoxingApp: return "\(a.game)"
        case let a as MemoryApp:
            // An untouched deal is any deal: a start with nothing saved deals one at random.
            if a.game.flips == 0 && a.game.openCards.isEmpty { return "a fresh deal" }
            return "\(a.game.cards) \(a.game.flips)"
        case let a as StampsApp: return "\(a.card)"
        case let a as CoffeeApp: return "\(a.shop.saved.branch ?? "") \(a.shop.saved.quantities.sorted { $0.key < $1.key })"
        default: return "?"
        }
    }
}

final class ClockBox: @unchecked Sendable {
    var now: Double
    init(_ now: Double) { self.now = now }
}

/// Every app, with a key that changes what it saves.
struct LoopCase: Sendable, CustomTestStringConvertible {
    var app: String
    var options: [String: String] = [:]
    var key: Key
    /// Keys that bring the app to where `key` saves (Coffee's focus on a bag's stepper).
    var setup: [Key] = []
    var testDescription: String { app }

    static let all = [
        LoopCase(app: "badminton", options: ["--new": ""], key: .right),
        LoopCase(app: "boxing", key: .char(" ")),
        LoopCase(app: "memory", options: ["--seed": "7"], key: .char(" ")),
        LoopCase(app: "stamps", key: .char(" ")),
        LoopCase(app: "coffee", key: .char("+"), setup: [.tab]),
    ]
}

@Suite(.serialized) struct ScreenNeverAheadOfTheDiskTests {
    @Test(arguments: LoopCase.all)
    func aSaveTheDiskTakesIsShownOnceItIsOnTheDisk(_ c: LoopCase) {
        let run = LoopRun(c.app, options: c.options)
        run.start()
        run.press(c.setup)
        let before = run.visible
        for _ in 0..<3 { run.press([c.key]) }
        #expect(run.visible != before, "the key changed nothing to save")
        run.press([])  // the last key's frame
        for (i, s) in run.sent.enumerated() {
            #expect(s.shown == s.disk, "frame \(i) shows what the disk does not hold yet:\n shown \(s.shown)\n disk  \(s.disk)")
        }
        // One frame a turn: a change the disk took is not drawn twice.
        #expect(run.terminal.frames.count == 6 && run.terminal.dropped == 0)
        #expect(!run.sent.contains { $0.text.contains("Could not save") })
    }

    @Test(arguments: LoopCase.all)
    func aSaveTheDiskRefusesIsNeverShownAndTheUserIsTold(_ c: LoopCase) {
        let run = LoopRun(c.app, options: c.options)
        run.start()
        run.press(c.setup + [c.key])
        run.press([])
        let saved = run.visible
        run.refuse(true)
        run.press([c.key])
        run.press([c.key, c.key])
        run.press([])
        #expect(run.visible == saved, "a change the disk refused stays on screen")
        for (i, s) in run.sent.enumerated() {
            #expect(s.shown == s.disk, "frame \(i) shows what the disk does not hold:\n shown \(s.shown)\n disk  \(s.disk)")
        }
        let told = run.sent.suffix(2).allSatisfy { $0.text.contains("Could not save") }
        #expect(told, "the user is not told, until saving works again:\n\(run.sent.last?.text ?? "")")
        // The disk takes saves again: the next key is saved, shown, and said.
        run.refuse(false)
        run.press([c.key])
        run.press([])
        #expect(run.visible != saved)
        #expect(run.sent.last.map { $0.shown == $0.disk } ?? false)
        let text = run.sent.last?.text ?? ""
        #expect(!text.contains("Could not save") && text.contains("Saved again"), "\(text)")
    }

    /// The real loop ends as a process does: SIGTERM saves, gives the terminal back, 143.
    @Test func aSignalEndsTheLoopWithTheTerminalGivenBack() {
        let run = LoopRun("stamps")
        run.terminal.script = [[.key(.char(" "))]]
        #expect(run.program.run() == 128 + SIGTERM)
        #expect(run.terminal.stopped)
        #expect(run.sent.last.map { $0.shown == $0.disk } ?? false)
    }
}
