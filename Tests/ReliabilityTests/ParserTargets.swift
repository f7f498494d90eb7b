// The parsers of Termini as fuzz targets: one function per parser, taking any bytes, checking
// what must hold of the result, trapping when it does not. `scripts/fuzz` compiles this file
// with libFuzzer (`swiftc -sanitize=fuzzer`, Fuzz/main.swift picks the target); the test
// suite replays the seed corpus and every crash found (Fuzz/corpus/TARGET/) through the same
// functions. Public API only, so it builds outside the test target too.
import TerminiCore
import TerminiWidgets
import TerminiApp
import TerminiData
import TerminiStore
import TerminiShell
import Badminton
import BadmintonRules
import Boxing
import Memory
import Stamps
import Coffee

public enum ParserTargets {
    public static let names = ["journal", "state", "config", "theme", "catalog", "commandline", "escapes"]

    public static func run(_ name: String, _ bytes: [UInt8]) {
        switch name {
        case "journal": journal(bytes)
        case "state": state(bytes)
        case "config": config(bytes)
        case "theme": theme(bytes)
        case "catalog": catalog(bytes)
        case "commandline": commandLine(bytes)
        case "escapes": escapes(bytes)
        default: fatalError("no fuzz target \(name)")
        }
    }

    static func check(_ ok: Bool, _ what: @autoclosure () -> String) {
        if !ok { fatalError("fuzz invariant: \(what())") }
    }

    /// Journal and history lines: a line that parses writes back to a line that parses to
    /// the same event; any journal replays into a state the reports can print.
    public static func journal(_ bytes: [UInt8]) {
        for line in bytes.split(separator: 0x0a, omittingEmptySubsequences: true).prefix(64) {
            if let e = MatchEvent.parse(line: line) {
                check(e.time.isFinite && Ranges.moment.contains(e.time), "time \(e.time)")
                let again = MatchEvent.parse(line: e.line.dropLast())
                check(again == e, "an event does not survive its own line: \(e)")
            }
            if let log = HistoryEntry.parse(line: line) { report(log) }
        }
        let contents = JournalContents.read(bytes)
        check(contents.events.count <= bytes.count, "more events than bytes")
        if let log = MatchLog(records: contents.events) { report(log) }
    }

    static func report(_ log: MatchLog) {
        let s = log.state
        check(s.score.allSatisfy { $0 >= 0 && $0 <= 99 }, "score \(s.score)")
        check(s.teams.count == 2, "teams \(s.teams.count)")
        _ = MatchReport.statusLine(s, now: s.startedAt + 30)
        _ = MatchReport.statusJSON(s, now: s.startedAt + 30)
        _ = MatchReport.export([log], as: .csv)
        _ = MatchReport.export([log], as: .json)
        _ = MatchReport.outcome(s, width: 30)
        _ = PastMatch(log).duration
    }

    /// A state file as each app reads it (the first byte picks the app): the app starts on
    /// it, takes a few keys and a tick, draws itself and runs its command, without a trap.
    public static func state(_ bytes: [UInt8]) {
        guard let first = bytes.first else { return }
        let body = Array(bytes.dropFirst())
        let apps: [(String, any MiniApp.Type, [Key], AppOptions)] = [
            ("boxing.json", BoxingApp.self, [.char(" "), .char(" "), .right, .char(" ")], AppOptions()),
            ("memory.json", MemoryApp.self, [.char(" "), .right, .char(" "), .down, .char(" ")], AppOptions()),
            ("stamps.json", StampsApp.self, [.char(" "), .char("h"), .down, .escape], AppOptions(["--status": ""])),
            ("coffee.json", CoffeeApp.self, [.char("+"), .tab, .down, .char("+"), .enter], AppOptions(["--receipt": ""])),
            (BadmintonApp.journalFile, BadmintonApp.self, [.right, .left, .char("u"), .char("h"), .escape], AppOptions(["--status": ""])),
            (BadmintonApp.historyFile, BadmintonApp.self, [.char("h"), .down], AppOptions(["--export": "csv"])),
        ]
        let (file, type, keys, command) = apps[Int(first) % apps.count]
        exercise(type, file: file, bytes: body, keys: keys, command: command)
        // The envelope alone, for each type, round-trips whatever it accepts.
        roundTrip(BoxingGame.self, body)
        roundTrip(MemoryGame.self, body)
        roundTrip(MemoryRecords.self, body)
        roundTrip(StampCard.self, body)
        roundTrip(SavedCart.self, body)
    }

    static func roundTrip<T: Codable & Equatable>(_ type: T.Type, _ bytes: [UInt8]) {
        guard case .success(let v) = StateCodec.decode(type, from: bytes, version: 1),
              case .success(let again) = StateCodec.encode(v, version: 1) else { return }
        guard case .success(let back) = StateCodec.decode(type, from: again, version: 1) else {
            return check(false, "\(type) does not read back what it wrote")
        }
        check(back == v, "\(type) changed on a round trip")
    }

    static func exercise<App: MiniApp>(_ type: App.Type, file: String, bytes: [UInt8], keys: [Key], command: AppOptions) {
        let now = 1_796_000_000.0
        let store = OneFile(file, bytes)
        var app = App(options: AppOptions(), store: store, context: AppContext(now: now))
        _ = app.start(context: AppContext(now: now))
        var t = now
        for k in keys {
            t += 0.7
            if app.wantsAllKeys || ![Key.char("q"), .char("?"), .escape].contains(k) {
                _ = app.handle(k, context: AppContext(now: t))
            }
            if let d = app.nextDeadline(context: AppContext(now: t)) {
                check(!d.isNaN, "a deadline that is not a number")
                if d <= t { _ = app.tick(context: AppContext(now: t)) }
            }
        }
        var canvas = Canvas(size: Size(width: 80, height: 24))
        app.render(in: Rect(x: 0, y: 0, width: 80, height: 24), on: &canvas, theme: .builtinDefault, context: AppContext(now: t))
        _ = (app.title, app.status, app.hints, app.help)
        _ = App.runCommand(command, store: OneFile(file, bytes), context: AppContext(now: t))?.allStdout
    }

    /// `config`: whatever the text, setting a key and reading the file back gives that value,
    /// and every other line is kept as it was.
    public static func config(_ bytes: [UInt8]) {
        let text = String(decoding: bytes.prefix(1 << 16), as: UTF8.self)
        var c = ConfigFile(text: text)
        let before = ConfigFile(text: c.text)
        check(before == c, "a config does not read back as written")
        c.set("theme", "mono night")
        let after = ConfigFile(text: c.text)
        check(after.value("theme") == "mono night", "a value set is not read back: \(String(describing: after.value("theme")))")
        for key in before.keys where key != "theme" {
            check(after.value(key) == before.value(key), "setting theme changed \(key)")
        }
    }

    /// A theme file: always a usable theme, whatever it holds.
    public static func theme(_ bytes: [UInt8]) {
        let (theme, diagnostics) = ThemeFile.parse(String(decoding: bytes.prefix(1 << 16), as: UTF8.self), name: "fuzz")
        check(diagnostics.count <= bytes.count + 1, "more problems than bytes")
        var canvas = Canvas(size: Size(width: 20, height: 3))
        canvas.put("x", in: Rect(x: 0, y: 0, width: 20, height: 1), style: theme[.text])
        _ = theme.monochrome.withGlyphs(.ascii)
    }

    /// A coffee catalog: refused with a line number, or within every limit and usable.
    public static func catalog(_ bytes: [UInt8]) {
        switch Catalog.parse(Array(bytes.prefix(1 << 16))) {
        case .failure(let e):
            check(e.line >= 1, "a problem on line \(e.line)")
        case .success(let c):
            check(!c.branches.isEmpty && c.branches.count <= Catalog.maxBranches, "branches \(c.branches.count)")
            check(!c.products.isEmpty && c.products.count <= Catalog.maxProducts, "products \(c.products.count)")
            check(c.products.allSatisfy { (0...Catalog.maxPrice).contains($0.price) }, "a price out of range")
            var shop = CoffeeShop(catalog: c)
            for _ in 0..<3 { shop.increment() }
            shop.nextBranch()
            _ = shop.receipt(unicode: false)
            _ = shop.totalPrice
        }
    }

    /// The command line: NUL-separated arguments; a verdict for every one, never a trap.
    public static func commandLine(_ bytes: [UInt8]) {
        let args = bytes.split(separator: 0, omittingEmptySubsequences: false).prefix(24).map { String(decoding: $0, as: UTF8.self) }
        switch CommandLineParser.parse(Array(args)) {
        case .failure(let e): check(!e.message.isEmpty, "an error without a message")
        case .success(let inv): _ = Settings.resolve(inv, environment: [:], config: ConfigFile())
        }
    }

    /// Escape-sequence folding: never more keys out than in, and keys without Esc unchanged.
    public static func escapes(_ bytes: [UInt8]) {
        var keys: [Key] = []
        for c in String(decoding: bytes.prefix(4096), as: UTF8.self) {
            if let a = c.asciiValue, let k = Key.fromControlByte(UInt32(a)) { keys.append(k) } else if !c.isASCII { keys.append(.char(c)) }
        }
        let folded = EscapeSequences.fold(keys)
        check(folded.count <= keys.count, "folding made keys")
        if !keys.contains(.escape) { check(folded == keys, "keys without Esc changed") }
    }
}

/// A store holding one file, for the state target.
final class OneFile: StateReader {
    var files: [String: [UInt8]]
    init(_ name: String, _ bytes: [UInt8]) { files = [name: bytes] }
    func load<T: Decodable>(_ type: T.Type, from file: String, version: Int) -> T? {
        guard let b = files[file] else { return nil }
        if case .success(let v) = StateCodec.decode(type, from: b, version: version) { return v }
        files[file] = nil
        return nil
    }
    func readBytes(_ file: String) -> [UInt8]? { files[file] }
    func notice(_ text: String) {}
    var canWrite: Bool { false }
    func preference(_ key: String) -> String? { nil }
}
