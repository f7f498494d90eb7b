import TerminiCore
import TerminiData

/// A match of the history as its list shows it (when, the format, how long, the outcome, the
/// umpire's notes) and where its line is in the history file, so that the list is drawn without
/// reading the matches and a match's line is read only when its scoresheet is opened.
public struct HistoryRow: Equatable, Sendable {
    public var startedAt: Double
    /// The time of its last event.
    public var endedAt: Double
    public var format: String
    /// Finished (else abandoned: replaced by a new match before its end).
    public var over: Bool
    public var outcome: MatchReport.Outcome
    /// The cards and shuttles (`MatchReport.notes`).
    public var notes: String?
    /// The width of the outcome whole as the list shows it (sanitised), so that the list
    /// knows whether every outcome fits on one line without measuring them.
    public var outcomeWidth: Int
    /// Its line in the history file: where it starts, its length without the newline, and a
    /// hash of its bytes (a line read where the index says must be this one).
    public var offset: Int, length: Int, hash: UInt64

    public init(_ log: MatchLog, offset: Int = -1, line: ArraySlice<UInt8> = []) {
        let s = log.state
        startedAt = log.startedAt
        endedAt = log.effective.last?.time ?? log.startedAt
        format = s.format.description
        over = s.isOver
        outcome = MatchReport.Outcome(s)
        notes = MatchReport.notes(s)
        outcomeWidth = DisplayWidth.of(TextLayout.sanitized(outcome.text))
        self.offset = offset
        length = line.count
        hash = HistoryIndex.hash(line)
    }

    init(startedAt: Double, endedAt: Double, format: String, over: Bool, outcome: MatchReport.Outcome, notes: String?,
         outcomeWidth: Int, offset: Int, length: Int, hash: UInt64) {
        (self.startedAt, self.endedAt, self.format, self.over, self.outcome, self.notes) = (startedAt, endedAt, format, over, outcome, notes)
        self.outcomeWidth = outcomeWidth
        (self.offset, self.length, self.hash) = (offset, length, hash)
    }

    /// `38 min`, `1 h 12 min`
    public var duration: String { MatchReport.minutes(endedAt - startedAt) }
}

/// The index of a history file (`CourtFiles.historyIndex`): a row for each match of its
/// first `covers` bytes, in the order the list numbers them. It is derived data, never the
/// truth: a keeper rebuilds it from the history when it is missing, cannot be read, was cut,
/// covers more than the history holds or ends on other bytes than the history there (`tail`);
/// a history longer than the index covers (a match appended since) is read from `covers` on
/// only. A line read through it whose hash differs has the index rebuilt too.
public struct HistoryIndex: Sendable {
    public static let version = 1
    /// The matches, oldest first; a match kept twice is listed once, where first kept, as last kept.
    public private(set) var rows: [HistoryRow] = []
    /// The bytes of the history read: up to the end of its last whole line.
    public private(set) var covers = 0
    /// A hash of the (up to) `tailLength` bytes before `covers`.
    public private(set) var tail: UInt64 = HistoryIndex.hash([])
    /// The damaged lines in the bytes covered.
    public private(set) var damagedLines = 0
    /// The row of each match, by its start.
    private var position: [Double: Int] = [:]
    /// The last bytes read, for `tail`.
    private var lastBytes: [UInt8] = []
    /// The last line taken, not counted until it is known to end with a newline; `gap`: a line
    /// too long to read was skipped just before it.
    private var held: (line: [UInt8], offset: Int, gap: Bool)?
    /// Where the next line should start (a later one means a line too long was skipped).
    private var expected = 0
    /// The lines too long to read seen as gaps between lines.
    private var gaps = 0
    /// Lines after `covers` that are not whole (the history's last line cut, lines too long).
    public private(set) var uncoveredDamage = 0

    public static let tailLength = 64

    public init() {}

    /// An index of the history from byte `offset` on only (the lines after an index's end).
    public init(from offset: Int) {
        covers = max(0, offset)
        expected = covers
    }

    /// FNV-1a, 64 bits (`from`: the hash of the bytes before these).
    public static func hash<C: Collection>(_ bytes: C, from start: UInt64 = 0xcbf2_9ce4_8422_2325) -> UInt64 where C.Element == UInt8 {
        var h = start
        for b in bytes { h = (h ^ UInt64(b)) &* 0x0000_0100_0000_01b3 }
        return h
    }

    // MARK: Building

    /// One line of the history at `offset` (as `StateReader.readLines(_:from:_:)` gives it).
    public mutating func take(_ line: ArraySlice<UInt8>, at offset: Int) {
        if let h = held { commit(h) }
        let gap = offset > expected
        if gap { gaps += 1 }
        held = (Array(line), offset, gap)
        expected = offset + line.count + 1
    }

    /// The history read to its end (`outcome`: how): the last line counts when a newline ends it.
    public mutating func finish(_ outcome: LinesRead) {
        uncoveredDamage = max(0, outcome.overlongLines - gaps)
        if let h = held {
            if outcome.endsMidLine {
                uncoveredDamage += 1 + (h.gap ? 1 : 0)
            } else {
                commit(h)
            }
        }
        held = nil
        gaps = 0
    }

    private mutating func commit(_ h: (line: [UInt8], offset: Int, gap: Bool)) {
        let line = h.line[...]
        if h.gap { damagedLines += 1 }
        covers = h.offset + line.count + 1
        lastBytes = Array((lastBytes + line.suffix(HistoryIndex.tailLength) + [0x0a]).suffix(HistoryIndex.tailLength))
        tail = HistoryIndex.hash(lastBytes)
        guard !line.allSatisfy({ $0 == 0x20 || $0 == 0x0d || $0 == 0x09 }) else { return }
        guard let log = HistoryEntry.parse(line: line) else {
            damagedLines += 1
            return
        }
        add(HistoryRow(log, offset: h.offset, line: line))
    }

    /// A match (its row): a later line of the same match replaces the earlier one in place.
    private mutating func add(_ row: HistoryRow) {
        if let i = position[row.startedAt] {
            rows[i] = row
        } else {
            position[row.startedAt] = rows.count
            rows.append(row)
        }
    }

    /// The damaged lines of the whole history as last read (those covered and those after).
    public var damagedInAll: Int { damagedLines + uncoveredDamage }

    // MARK: The file

    /// The index file: a head line (what it covers) and a line per match.
    public var bytes: [UInt8] {
        var body: [UInt8] = []
        for r in rows {
            JSON.array([.int(r.offset), .int(r.length), .string(String(r.hash, radix: 16)), .double(r.startedAt), .double(r.endedAt),
                        .string(r.format), .bool(r.over), .string(r.outcome.head), .string(r.outcome.first), .string(r.outcome.middle),
                        .string(r.outcome.second), .string(r.outcome.tail), .string(r.notes), .int(r.outcomeWidth)]).write(.compact, sortingKeys: false, indent: 0, &body)
            body.append(0x0a)
        }
        // The rows' hash in the head: an index damaged anywhere is read as none.
        var out = JSON.object([
            ("index", .string("badminton-history")), ("version", .int(HistoryIndex.version)), ("covers", .int(covers)),
            ("tail", .string(String(tail, radix: 16))), ("damaged", .int(damagedLines)), ("matches", .int(rows.count)),
            ("rows", .string(String(HistoryIndex.hash(body), radix: 16))),
        ]).bytes()
        out.append(0x0a)
        return out + body
    }

    /// What the head line of an index file says: the bytes of the history it covers, the hash
    /// of their end, the damaged lines among them and its matches. Nil when it is not one.
    public struct Head: Equatable, Sendable {
        public var covers: Int, tail: UInt64, damaged: Int, matches: Int, rows: UInt64
    }

    public static func head(_ line: ArraySlice<UInt8>) -> Head? {
        guard case .success(let json) = JSON.parse(Array(line)), case .object(let members) = json.value else { return nil }
        var m: [String: JSON.Value] = [:]
        for member in members { m[member.key] = member.node.value }
        guard case .string("badminton-history") = m["index"], case .number(let v) = m["version"], Int(v) == version,
              case .number(let c) = m["covers"], let covers = Int(c), covers >= 0, case .string(let t) = m["tail"], let tail = UInt64(t, radix: 16),
              case .number(let d) = m["damaged"], let damaged = Int(d), damaged >= 0,
              case .number(let n) = m["matches"], let matches = Int(n), matches >= 0,
              case .string(let r) = m["rows"], let rows = UInt64(r, radix: 16) else { return nil }
        return Head(covers: covers, tail: tail, damaged: damaged, matches: matches, rows: rows)
    }

    /// An index file read back; nil when any of it cannot be read (then it is rebuilt).
    /// `lastBytes`: the history's bytes before `covers` (to go on from there).
    public static func read(_ file: [UInt8], lastBytes: [UInt8]) -> HistoryIndex? {
        var loader = Loader()
        let outcome = LinesRead.lines(of: file) { loader.take($0) }
        return loader.index(outcome, lastBytes: lastBytes)
    }

    /// An index file read a line at a time (as the store streams it).
    public struct Loader {
        var index = HistoryIndex()
        public private(set) var head: Head?
        var bad = false
        var rowsHash: UInt64 = HistoryIndex.hash([])

        public init() {}

        public mutating func take(_ line: ArraySlice<UInt8>) {
            guard !bad else { return }
            guard head != nil else {
                head = HistoryIndex.head(line)
                bad = head == nil
                if let h = head { index.rows.reserveCapacity(min(h.matches, 1 << 20)) }
                return
            }
            rowsHash = HistoryIndex.hash(CollectionOfOne(0x0a), from: HistoryIndex.hash(line, from: rowsHash))
            guard let row = HistoryIndex.row(line), row.offset >= 0, row.offset + row.length < (head?.covers ?? 0) else {
                bad = true
                return
            }
            index.add(row)
        }

        /// The index read, once the file's last line was taken; nil when any of it is wrong.
        /// Written whole (through a side file): one that does not end with a newline was cut.
        public func index(_ outcome: LinesRead, lastBytes: [UInt8]) -> HistoryIndex? {
            guard !bad, !outcome.endsMidLine, outcome.overlongLines == 0, let head, rowsHash == head.rows,
                  index.rows.count == head.matches, HistoryIndex.hash(lastBytes) == head.tail else { return nil }
            var index = index
            index.covers = head.covers
            index.tail = head.tail
            index.damagedLines = head.damaged
            index.lastBytes = lastBytes
            index.expected = head.covers
            return index
        }
    }

    /// A row as `bytes` writes it, read field by field (most lines: no string in it holds an
    /// escape); any other line is read by the JSON parser.
    static func row(_ line: ArraySlice<UInt8>) -> HistoryRow? {
        var r = RowReader(line)
        guard r.take(0x5b), let offset = r.int(), let length = r.int(), let hash = r.string().flatMap({ UInt64($0, radix: 16) }),
              let startedAt = r.double(), let endedAt = r.double(), let format = r.string(), let over = r.bool(),
              let head = r.string(), let first = r.string(), let middle = r.string(), let second = r.string(), let tail = r.string(),
              let notes = r.optionalString(), let width = r.int(last: true), width >= 0, r.atEnd else { return parsedRow(line) }
        return HistoryRow(startedAt: startedAt, endedAt: endedAt, format: format, over: over,
                          outcome: MatchReport.Outcome(head: head, first: first, middle: middle, second: second, tail: tail),
                          notes: notes, outcomeWidth: width, offset: offset, length: length, hash: hash)
    }

    static func parsedRow(_ line: ArraySlice<UInt8>) -> HistoryRow? {
        guard case .success(let json) = JSON.parse(Array(line)), case .array(let a) = json.value, a.count == 14 else { return nil }
        func int(_ i: Int) -> Int? { if case .number(let n) = a[i].value { return Int(n) } else { return nil } }
        func double(_ i: Int) -> Double? { if case .number(let n) = a[i].value { return Double(n) } else { return nil } }
        func string(_ i: Int) -> String? { if case .string(let s) = a[i].value { return s } else { return nil } }
        guard let offset = int(0), let length = int(1), let hash = string(2).flatMap({ UInt64($0, radix: 16) }),
              let startedAt = double(3), let endedAt = double(4), let format = string(5), case .bool(let over) = a[6].value,
              let head = string(7), let first = string(8), let middle = string(9), let second = string(10), let tail = string(11),
              let width = int(13), width >= 0 else { return nil }
        let notes: String?
        switch a[12].value {
        case .null: notes = nil
        case .string(let s): notes = s
        default: return nil
        }
        return HistoryRow(startedAt: startedAt, endedAt: endedAt, format: format, over: over,
                          outcome: MatchReport.Outcome(head: head, first: first, middle: middle, second: second, tail: tail),
                          notes: notes, outcomeWidth: width, offset: offset, length: length, hash: hash)
    }
}

/// Reads an index row in the writer's shape: numbers, strings without escapes, `true`,
/// `false`, `null`, each followed by `,` (or `]` after the last). Anything else is nil.
struct RowReader {
    let line: ArraySlice<UInt8>
    var i: Int
    init(_ line: ArraySlice<UInt8>) {
        self.line = line
        i = line.startIndex
    }

    var atEnd: Bool { i == line.endIndex }

    mutating func take(_ b: UInt8) -> Bool {
        guard i < line.endIndex, line[i] == b else { return false }
        i += 1
        return true
    }

    /// The separator after a value.
    mutating func next(last: Bool) -> Bool { take(last ? 0x5d : 0x2c) }

    mutating func token() -> ArraySlice<UInt8> {
        let start = i
        while i < line.endIndex, line[i] != 0x2c, line[i] != 0x5d { i += 1 }
        return line[start..<i]
    }

    mutating func int(last: Bool = false) -> Int? {
        let t = token()
        guard !t.isEmpty, t.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }), t.count < 18 else { return nil }
        let n = t.reduce(0) { $0 * 10 + Int($1 - 0x30) }
        return next(last: last) ? n : nil
    }

    mutating func double() -> Double? {
        let t = token()
        guard let d = Double(String(decoding: t, as: UTF8.self)), next(last: false) else { return nil }
        return d
    }

    mutating func bool() -> Bool? {
        let t = token()
        let v: Bool? = t.elementsEqual("true".utf8) ? true : t.elementsEqual("false".utf8) ? false : nil
        guard let v, next(last: false) else { return nil }
        return v
    }

    mutating func string() -> String? {
        guard take(0x22) else { return nil }
        let start = i
        while i < line.endIndex, line[i] != 0x22 {
            // An escape: left to the JSON parser.
            if line[i] == 0x5c || line[i] < 0x20 { return nil }
            i += 1
        }
        guard i < line.endIndex else { return nil }
        let s = String(decoding: line[start..<i], as: UTF8.self)
        i += 1
        return next(last: false) ? s : nil
    }

    /// A string or `null`: nil when neither, `.some(nil)` for null.
    mutating func optionalString() -> String?? {
        if i < line.endIndex, line[i] == 0x6e {
            guard token().elementsEqual("null".utf8), next(last: false) else { return nil }
            return .some(nil)
        }
        return string().map { .some($0) }
    }
}
