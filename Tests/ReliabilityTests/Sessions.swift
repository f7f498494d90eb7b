#if canImport(Glibc)
import Glibc
#endif
import Foundation
import TerminiCore
import TerminiApp
import TerminiTestSupport
@testable import TerminiShell
@testable import TerminiStore
@testable import Badminton
import BadmintonRules
@testable import Boxing
@testable import Memory
@testable import Stamps
@testable import Coffee

/// A scripted session of one app, as a person would use it: batches of keys, each followed
/// by a frame (the shell renders, then the store syncs, as the main loop does).
struct Session: Sendable {
    var name: String
    var app: String
    var options: [String: String] = [:]
    var steps: [[Key]]
    /// Files the directory holds before the session (a match already in the history).
    var files: [String: String] = [:]

    static let start = 1_796_000_000.0
    static let size = Size(width: 100, height: 30)

    /// What the app shows, in a form two instances can be compared by (the model, not pixels).
    static func visible(_ app: any MiniApp) -> String {
        switch app {
        case let a as BadmintonApp:
            // The history is not held but read from the disk when `h` shows it (its index, then
            // a match's line), so it cannot be ahead of the disk; that no match saved is lost
            // is checked on the files themselves (`matchesKept`).
            return a.log.map { "\($0.state)" } ?? "no match"
        case let a as BoxingApp: return "\(a.game)"
        case let a as MemoryApp:
            // An untouched deal is any deal: a start with nothing saved deals one at random.
            let records = MemoryApp.descriptor.id + " bests \(a.records.fewestFlips.sorted { $0.key < $1.key }) \(a.records.fastest.sorted { $0.key < $1.key })"
            if a.game.flips == 0 && a.game.openCards.isEmpty { return "a fresh deal, \(records)" }
            return "\(a.game.cards) \(a.game.flips) \(records)"
        case let a as StampsApp: return "\(a.card)"
        case let a as CoffeeApp: return "\(a.shop.saved.branch ?? "") \(a.shop.saved.quantities.sorted { $0.key < $1.key })"
        default: return "?"
        }
    }

    static let all: [Session] = [
        Session(name: "badminton points, a new match, the history", app: "badminton", options: ["--new": ""],
                steps: [[.right], [.right], [.left], [.right, .right], [.char("u")], [.char("y")], [.char("s")], [.left],
                        [.char("n")], [.char("y")], [.enter], [.left], [.right], [.left], [.char("h")], [.escape], [.right]],
                files: [BadmintonApp.historyFile: pastMatchLine]),
        Session(name: "boxing punches, a switch, play again", app: "boxing",
                steps: [[.char(" ")], [.char(" ")], [.char(" "), .char(" ")], [.right], [.char(" ")], [.char("r")], [.char("y")], [.char(" ")]]),
        Session(name: "memory flips", app: "memory", options: ["--seed": "7"],
                steps: [[.char(" ")], [.right], [.char(" ")], [.right], [.char(" ")], [.down], [.char(" ")], [.right], [.char(" ")]]),
        Session(name: "stamps, daily mode, a reset", app: "stamps",
                steps: [[.char(" ")], [.char(" ")], [.char(" ")], [.char("d")], [.char("d")], [.char(" ")], [.char("r")], [.char("y")], [.char(" ")]]),
        Session(name: "coffee bags, a branch, a clear", app: "coffee",
                steps: [[.char("+")], [.char("+")], [.tab], [.down], [.char("+")], [.char("]")], [.char("-")], [.char("c")], [.char("y")], [.char("+")]]),
    ]

    /// A finished match already in the history, so the history is appended to, not created.
    static var pastMatchLine: String {
        var log = MatchLog(setup: MatchSetup(), at: start - 10_000)
        for i in 0..<21 { log.take(MatchEvent(.point(team: 0), at: start - 10_000 + Double(i + 1))) }
        log.take(MatchEvent(.nextGame, at: start - 9_000))
        for i in 0..<21 { log.take(MatchEvent(.point(team: 0), at: start - 9_000 + Double(i + 1))) }
        return String(decoding: HistoryEntry(events: log.effective).line, as: UTF8.self)
    }

    /// What a run left: the shell's app (the screen), the store, and every change the store
    /// reported (what it says is saved).
    struct Run {
        var shell: Shell
        var store: FileStore
        var ledger: [StoreChange]
        /// What each frame showed, and what the app passed through on the way there (the
        /// state after each key of the batch that the frame followed).
        var frames: [(visible: String, passing: [String])]
    }

    /// Runs the session on `dir` through `calls`; `mark` is told when each frame is drawn
    /// (`frame N`) and when its sync has finished (`synced N`).
    func run(in dir: String, calls: any FileSystemCalls, mark: (String) -> Void = { _ in }) -> Run {
        for (name, text) in files { _ = FileManager.default.createFile(atPath: dir + "/" + name, contents: Data(text.utf8)) }
        let store = FileStore(directory: dir, calls: calls)
        store.syncAfterFrame = true
        store.syncWritesBeforeFrame = true
        var ledger: [StoreChange] = []
        store.onChange = { ledger.append($0) }
        var now = Session.start
        let shell = Shell(store: store, config: ConfigFile(), theme: .builtinDefault, themeName: "default", unicode: true, monochrome: false,
                          catalog: nil, open: app, options: AppOptions(options), notices: [], now: now)
        var frames: [(String, [String])] = []
        var passing: [String] = []
        func visibleNow() -> String { shell.current.flatMap { shell.apps[$0] }.map(Session.visible) ?? "launcher" }
        func drawFrame() {
            _ = shell.tick(now: now)
            _ = shell.render(size: Session.size, now: now)
            let shown = visibleNow()
            mark("frame \(frames.count)")
            frames.append((shown, passing))
            passing = []
            store.sync()
            mark("synced \(frames.count - 1)")
        }
        drawFrame()
        for keys in steps {
            now += 1.3
            // As `Shell.handle(_:now:)` does for keys read together: each key, then one write.
            for k in keys where !shell.quitRequested {
                _ = shell.handleOne(k, now: now)
                passing.append(visibleNow())
            }
            shell.saves.beforeFrame()
            drawFrame()
        }
        store.onChange = nil
        return Run(shell: shell, store: store, ledger: ledger, frames: frames)
    }

    /// The files as the store's reports say they are: what a fresh start must read.
    /// `withoutTornTails`: as the store's next append leaves them, the part-lines it could
    /// not take back cut off.
    static func model(_ ledger: [StoreChange], initial: [String: String], withoutTornTails: Bool = false) -> [String: [UInt8]] {
        // What the files hold, and the replacements not yet durable: a start rolls their
        // side files forward, unless the store took one back (dropped).
        var files = initial.mapValues { Array($0.utf8) }
        var pending: [String: [UInt8]] = [:]
        for change in ledger {
            switch change {
            case let .replaced(f, b): pending[f] = b
            case .committed(let f): if let b = pending.removeValue(forKey: f) { files[f] = b }
            case .dropped(let f): pending[f] = nil
            case let .tornTail(f, b): if !withoutTornTails { files[f, default: []] += b }
            case let .appended(f, b): files[f, default: []] += b
            case .removed(let f), .movedAside(let f):
                files[f] = nil
                pending[f] = nil
            case let .cut(f, n): files[f] = files[f].map { Array($0.prefix(n)) }
            }
        }
        return files.merging(pending) { _, new in new }
    }

    /// The app as a fresh start makes it from the files in `dir` (a real start: the store
    /// finishes what was left half done, the app reads, recovers and reports).
    func freshStart(_ dir: String) -> (visible: String, notices: [String]) {
        // The run's process is gone, so its locks are free; but a child another test forks
        // meanwhile holds a copy of a lock's descriptor until its exec: waited out.
        for _ in 0..<50 {
            let r = freshStartOnce(dir)
            if r.keeps { return (r.visible, r.notices) }
            usleep(20_000)
        }
        let r = freshStartOnce(dir)
        return (r.visible, r.notices)
    }

    func freshStartOnce(_ dir: String) -> (visible: String, notices: [String], keeps: Bool) {
        let store = FileStore(directory: dir)
        let config = store.readBytes("config").map { ConfigFile(text: String(decoding: $0, as: UTF8.self)) } ?? ConfigFile()
        let shell = Shell(store: store, config: config, theme: .builtinDefault, themeName: "default", unicode: true, monochrome: false,
                          catalog: nil, open: app, options: AppOptions(options.filter { !["--new", "--seed"].contains($0.key) }),
                          notices: [], now: Session.start + 1_000)
        let visible = shell.current.flatMap { shell.apps[$0] }.map(Session.visible) ?? "launcher"
        return (visible, shell.notices.texts, shell.keeping[app]?.keeps ?? true)
    }
}

/// Files that end with a torn line the store reported (an append it could not cut back).
func reportedTornTails(_ ledger: [StoreChange]) -> Set<String> {
    var torn: Set<String> = []
    for change in ledger {
        switch change {
        case .tornTail(let f, _): torn.insert(f)
        case .cut(let f, _), .replaced(let f, _), .removed(let f), .movedAside(let f): torn.remove(f)
        case .appended, .committed, .dropped: break
        }
    }
    return torn
}

/// Whole lines only: every line of a journal or the history is an event or a match (but
/// the last, in a file the store said ends torn).
func tornLines(_ files: [String: [UInt8]], allowedTornTail: Set<String> = []) -> [String] {
    var problems: [String] = []
    for (name, var bytes) in files where name.hasSuffix(".jsonl") {
        if allowedTornTail.contains(name), let nl = bytes.lastIndex(of: 0x0a) { bytes = Array(bytes[...nl]) }
        if allowedTornTail.contains(name), !bytes.contains(0x0a) { bytes = [] }
        if !bytes.isEmpty && bytes.last != 0x0a { problems.append("\(name) ends inside a line") }
        for line in bytes.split(separator: 0x0a) {
            let ok = name == BadmintonApp.historyFile ? HistoryEntry.parse(line: line) != nil : MatchEvent.parse(line: line) != nil
            if !ok { problems.append("\(name): a torn or glued line: \(String(decoding: line, as: UTF8.self).prefix(80))") }
        }
    }
    return problems
}

/// The files of a directory as a start would read them (side files resolved, read-only).
func filesAsAStartReads(_ dir: String, names: some Sequence<String>) -> [String: [UInt8]] {
    let reader = FileStore(directory: dir, readOnly: true)
    var out: [String: [UInt8]] = [:]
    for n in names {
        if let b = reader.readBytes(n) { out[n] = b }
    }
    return out
}

typealias ScratchDir = TempDir
