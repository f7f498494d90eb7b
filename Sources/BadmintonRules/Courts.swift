/// The files one court's match is kept in, named in this one place (the keeper, the watchers,
/// the commands and the takeover all ask here). The court of `termini badminton` without
/// `--court` is the one kept before there were courts: `badminton-match.jsonl`,
/// `badminton-history.jsonl`, the lock `badminton.lock`, so existing files go on working. A
/// named court puts its name after `badminton-`: court `3` keeps `badminton-3-match.jsonl`,
/// `badminton-3-history.jsonl` and `badminton-3.lock`, all in the same config directory.
///
/// No two courts share a file: a name is letters, digits and `-` (so `-match.jsonl` and
/// `-history.jsonl` end every journal and history and nothing else), and the default court's
/// files have no name between `badminton-` and their ending.
public struct CourtFiles: Equatable, Hashable, Sendable {
    /// The court's name; nil for the default court.
    public let court: String?
    /// A keeper's stream at the hall's desk (`KEEPER` or `KEEPER~N`, a fork): the desk keeps
    /// every keeper of a court but the court's own in files of their own,
    /// `hall-stream.3.KEEPER.match.jsonl` and `.history.jsonl`; nil: the court's own files.
    public let stream: String?

    public init(court: String?) {
        self.court = court
        stream = nil
    }

    /// A named court's stream of `stream` (nil: the court's own files).
    public init(court: String, stream: String?) {
        self.court = court
        self.stream = stream
    }

    public static let streamPrefix = "hall-stream."

    /// The court and stream a file of a stream is of (`hall-stream.3.KEEPER.match.jsonl`).
    public static func stream(ofFile name: String) -> (court: String, stream: String)? {
        guard name.hasPrefix(streamPrefix) else { return nil }
        let parts = name.dropFirst(streamPrefix.count).split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 4, parts[3] == "jsonl", parts[2] == "match" || parts[2] == "history", isValidName(parts[0]),
              isStreamName(parts[1]) else { return nil }
        return (parts[0], parts[1])
    }

    /// `KEEPER` (16 lowercase hexadecimal digits) or `KEEPER~N`.
    public static func isStreamName(_ s: String) -> Bool {
        let p = s.split(separator: "~", omittingEmptySubsequences: false)
        guard let k = p.first, k.utf8.count == 16, k.utf8.allSatisfy({ ($0 >= 0x30 && $0 <= 0x39) || ($0 >= 0x61 && $0 <= 0x66) }) else { return false }
        return p.count == 1 || (p.count == 2 && Int(p[1]).map { $0 > 1 && $0 < 1000 } == true)
    }

    /// The streams of a court in a directory (`names`), in order.
    public func streams(in names: [String]) -> [String] {
        Set(names.compactMap { n in CourtFiles.stream(ofFile: n).flatMap { $0.court == court ? $0.stream : nil } }).sorted()
    }

    /// At the hall's desk: whose the court's own files are (`{"v":1,"keeper":"…","from":…}`).
    public var ownerFile: String? { court.map { CourtFiles.streamPrefix + $0 + ".owner.json" } }

    var streamBase: String? { stream.flatMap { s in court.map { CourtFiles.streamPrefix + $0 + "." + s } } }

    /// The default court (no `--court`).
    public static let main = CourtFiles(court: nil)

    static let prefix = "badminton-"
    static let journalEnding = "-match.jsonl", historyEnding = "-history.jsonl"

    /// The match journal (`MatchEvent` lines): `badminton-match.jsonl`, `badminton-3-match.jsonl`.
    public var journal: String {
        if let s = streamBase { return s + ".match.jsonl" }
        return court.map { CourtFiles.prefix + $0 + CourtFiles.journalEnding } ?? "badminton-match.jsonl"
    }
    /// The finished matches (`HistoryEntry` lines): `badminton-history.jsonl`, `badminton-3-history.jsonl`.
    public var history: String {
        if let s = streamBase { return s + ".history.jsonl" }
        return court.map { CourtFiles.prefix + $0 + CourtFiles.historyEnding } ?? "badminton-history.jsonl"
    }
    /// The history's index (`HistoryIndex`), derived from the history and rebuilt from it:
    /// `badminton-history.index`, `badminton-3-history.index`.
    public var historyIndex: String {
        if let s = streamBase { return s + ".history.index" }
        return court.map { CourtFiles.prefix + $0 + "-history.index" } ?? "badminton-history.index"
    }
    /// The name the store locks (its file is `lockName.lock`).
    public var lockName: String { court.map { CourtFiles.prefix + $0 } ?? "badminton" }
    /// The lock's file: its holder closing it (quitting, or killed) is what a watcher hears.
    public var lockFile: String { lockName + ".lock" }
    /// The desk's call to this court, kept until its match begins (`CourtCall.Kept`):
    /// `badminton-3-call.json`.
    public var call: String { court.map { CourtFiles.prefix + $0 + "-call.json" } ?? "badminton-call.json" }
    /// What the umpire has of that call in front of them (`UmpireCallStep`), written by the
    /// scoreboard for its hall link: `badminton-3-call-umpire.json`.
    public var callUmpire: String { court.map { CourtFiles.prefix + $0 + "-call-umpire.json" } ?? "badminton-call-umpire.json" }
    /// Every file of the court.
    public var all: [String] { [journal, history, lockFile] }

    /// The longest name a court may have (a file name stays short, a pane's title readable).
    public static let maxNameLength = 24

    /// Whether `name` can name a court: 1 to 24 ASCII letters, digits and `-`, not starting
    /// with `-` (it would read as an option).
    public static func isValidName(_ name: String) -> Bool {
        guard !name.isEmpty, name.utf8.count <= maxNameLength, name.first != "-" else { return false }
        return name.utf8.allSatisfy { ($0 >= 0x30 && $0 <= 0x39) || ($0 >= 0x41 && $0 <= 0x5a) || ($0 >= 0x61 && $0 <= 0x7a) || $0 == 0x2d }
    }

    /// The named court a file of the config directory belongs to, if it is a court's journal,
    /// history or lock.
    public static func court(ofFile name: String) -> String? {
        guard name.hasPrefix(prefix) else { return nil }
        let rest = name.dropFirst(prefix.count)
        for ending in [journalEnding, historyEnding, ".lock"] where rest.hasSuffix(ending) {
            let court = String(rest.dropLast(ending.count))
            if isValidName(court) { return court }
        }
        return nil
    }

    /// The courts with a file in the directory (`names`): the default court first when it has
    /// a journal or a history, then the named ones in order (`2` before `10`).
    public static func courts(in names: [String]) -> [CourtFiles] {
        let present = Set(names)
        var named = Set<String>()
        for n in names where !n.hasSuffix(".lock") {
            if let c = court(ofFile: n) { named.insert(c) }
        }
        let main = present.contains(CourtFiles.main.journal) || present.contains(CourtFiles.main.history) ? [CourtFiles.main] : []
        return main + named.sorted(by: naturalOrder).map { CourtFiles(court: $0) }
    }

    /// `2` before `10`, `A` before `b`: numbers by value, the rest by letters, case aside.
    static func naturalOrder(_ a: String, _ b: String) -> Bool {
        let na = Int(a), nb = Int(b)
        switch (na, nb) {
        case let (x?, y?): return x != y ? x < y : a < b
        case (_?, nil): return true
        case (nil, _?): return false
        default: return a.lowercased() != b.lowercased() ? a.lowercased() < b.lowercased() : a < b
        }
    }

    /// The court kept in the directory (`names`) whose name differs from `name` only in case,
    /// if there is one: on a file system that ignores case (a USB stick, macOS) the two would
    /// share their files, so the second spelling is refused.
    public static func caseClash(_ name: String, in names: [String]) -> String? {
        let folded = name.lowercased()
        return courts(in: names).lazy.compactMap(\.court).first { $0 != name && $0.lowercased() == folded }
    }

    /// Whether the court has ever been kept here (a journal or a history).
    public func exists(in names: [String]) -> Bool { names.contains(journal) || names.contains(history) }

    /// `court 3`, `the default court`: for messages.
    public var described: String { court.map { "court \($0)" } ?? "the default court" }
}
