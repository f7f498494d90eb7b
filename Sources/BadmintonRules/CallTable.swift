import TerminiCore

/// A moment of the match the umpire has words for: one line of a calls table. Each has the
/// placeholders its text must use (`{score}`), no more and no fewer.
public enum CallMoment: String, CaseIterable, Sendable {
    case introduction, pair, toServe = "to_serve", toServeTo = "to_serve_to", loveAll = "love_all", play
    case readyToPlay = "ready_to_play", love, score, scoreAll = "score_all"
    case gamePoint = "game_point", gamePointAll = "game_point_all", matchPoint = "match_point", matchPointAll = "match_point_all"
    case serviceOver = "service_over", interval, changeEnds = "change_ends"
    case twentySeconds = "twenty_seconds", courtTwentySeconds = "court_twenty_seconds"
    case game, gameWon = "game_won", leads, leadsPair = "leads_pair"
    case gamesAll1 = "games_all_1", gamesAll2 = "games_all_2", gamesAll3 = "games_all_3", gamesAll4 = "games_all_4"
    case count0 = "count_0", count1 = "count_1", count2 = "count_2", count3 = "count_3", count4 = "count_4"
    case ordinal1 = "ordinal_1", ordinal2 = "ordinal_2", ordinal3 = "ordinal_3", ordinal4 = "ordinal_4", ordinal5 = "ordinal_5"
    case ordinal6 = "ordinal_6", ordinal7 = "ordinal_7", ordinal8 = "ordinal_8", ordinal9 = "ordinal_9", gameNumber = "game_number"
    case nextGame2 = "next_game_2", nextGame3 = "next_game_3", nextGame4 = "next_game_4", nextGame5 = "next_game_5"
    case nextGame6 = "next_game_6", nextGame7 = "next_game_7", nextGame8 = "next_game_8", nextGame9 = "next_game_9"
    case nextGameNumber = "next_game_number", finalGame = "final_game"
    case matchWon = "match_won", matchWonAlone = "match_won_alone", walkover, retired
    case warning, fault, disqualified, faulted
    case wonByDisqualification = "won_by_disqualification", asTheyStood = "as_they_stood", unfinished
    case suspended
    /// The tournament desk's call to court, its words for "and", the events and the rounds.
    case deskCall = "desk_call", deskAnd = "desk_and"
    case eventMS = "event_ms", eventWS = "event_ws", eventMD = "event_md", eventWD = "event_wd", eventXD = "event_xd"
    case roundF = "round_f", roundSF = "round_sf", roundQF = "round_qf", roundN = "round_n"

    /// The placeholders the moment's text holds.
    public var placeholders: Set<String> {
        switch self {
        case .introduction: return ["right", "left"]
        case .pair: return ["first", "second"]
        case .toServe: return ["server"]
        case .toServeTo: return ["server", "receiver"]
        case .score, .gamePoint, .matchPoint: return ["server", "receiver"]
        case .scoreAll, .gamePointAll, .matchPointAll, .serviceOver, .interval, .unfinished: return ["score"]
        case .courtTwentySeconds: return ["court"]
        case .gameWon: return ["ordinal", "side", "scores"]
        case .leads, .leadsPair: return ["side", "won", "lost"]
        case .gameNumber, .nextGameNumber: return ["n"]
        case .matchWon: return ["side", "scores"]
        case .matchWonAlone, .retired, .wonByDisqualification: return ["side"]
        case .warning, .fault, .disqualified, .faulted: return ["player"]
        case .asTheyStood: return ["scores"]
        case .deskCall: return ["match", "event", "round", "sides", "court"]
        case .roundN: return ["n"]
        default: return []
        }
    }
}

/// The umpire's vocabulary in one language: a text for every `CallMoment`, read from a
/// calls table (`moment = text` a line, `#` comments; `name` and `voice` say the language's
/// name and espeak-ng's voice for it). Shipped for English, German, French and Dutch
/// (`CallTables`); a user's `LANG.calls` in the config directory overrides or adds one.
/// A moment a table lacks, or gives wrongly, is said in English.
public struct CallTable: Sendable, Equatable {
    /// The language's code (`de`), its name (`Deutsch`), and espeak-ng's voice for it.
    public var code: String
    public var name: String
    public var voice: String
    var texts: [CallMoment: String]

    /// What reading a table found wrong, one line each (`de.calls line 4: …`), and the moments
    /// it lacks (said in English).
    public var problems: [String] = []
    public var missing: [CallMoment] = []

    /// The text of `moment` with its placeholders filled in (English when the table lacks it),
    /// for the words said beside the umpire's (the desk's call to court).
    public func text(_ moment: CallMoment, _ values: KeyValuePairs<String, String> = [:]) -> String { say(moment, values) }

    /// The text of `moment` with its placeholders filled in (English when the table lacks it).
    func say(_ moment: CallMoment, _ values: KeyValuePairs<String, String> = [:]) -> String {
        let template = texts[moment] ?? CallTable.english.texts[moment] ?? ""
        // ASCII (the English table's every line), where a byte is a character: filled in from
        // the bytes, a rally's score said without breaking the template into characters.
        if let filled = template.utf8.withContiguousStorageIfAvailable({ CallTable.fillASCII(template, $0, values) }) {
            if let filled { return filled }
        }
        guard template.contains("{") else { return template }
        var out = "", name = "", inName = false
        for c in template {
            if inName {
                if c == "}" { out += CallTable.value(name, in: values); inName = false; name = "" } else { name.append(c) }
            } else if c == "{" { inName = true } else { out.append(c) }
        }
        return out
    }

    /// `say`'s filling in of a template of ASCII (nil for any other): what reading it
    /// character by character gives, since there a byte is a character. An unclosed `{` drops
    /// the rest, a `{` inside a name is part of it, a `}` outside one is text.
    static func fillASCII(_ template: String, _ bytes: UnsafeBufferPointer<UInt8>, _ values: KeyValuePairs<String, String>) -> String? {
        let open = UInt8(ascii: "{"), close = UInt8(ascii: "}")
        var braces = false
        for b in bytes {
            if b >= 0x80 { return nil }
            if b == open { braces = true }
        }
        guard braces else { return template }
        func text(_ from: Int, _ to: Int) -> String { String(decoding: UnsafeBufferPointer(rebasing: bytes[from..<to]), as: UTF8.self) }
        var out = ""
        out.reserveCapacity(bytes.count + 16)
        var start = 0, inName = false
        for i in bytes.indices {
            if inName {
                guard bytes[i] == close else { continue }
                out += CallTable.value(text(start, i), in: values)
                inName = false
                start = i + 1
            } else if bytes[i] == open {
                out += text(start, i)
                inName = true
                start = i + 1
            }
        }
        if !inName { out += text(start, bytes.count) }
        return out
    }

    /// The value given for placeholder `name`, or nothing.
    static func value(_ name: String, in values: KeyValuePairs<String, String>) -> String {
        for (key, value) in values where key == name { return value }
        return ""
    }

    /// The longest line a table may have, and the most lines: a table is a page of text.
    static let lineLimit = 400, linesLimit = 500

    /// Reads a table's text (`source` names it in the problems: `de.calls`). Lines that are
    /// not `moment = text` with a known moment and exactly its placeholders are left out and
    /// said in `problems`; the moments left out or never given are said in English. A shipped
    /// table is read `checked: false` — without the checks of each text's characters and
    /// placeholders, which a test holds every shipped table to — so a start spends little on it.
    public static func parse(_ text: String, code: String, source: String, checked: Bool = true) -> CallTable {
        var table = CallTable(code: code, name: code, voice: code, texts: [:])
        var seen: Set<String> = []
        // Split at the bytes: a newline is ASCII, so each piece starts and ends on a character.
        let lines = text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map { Substring($0) }
        if lines.count > linesLimit { table.problems.append("\(source) has \(lines.count) lines, more than \(linesLimit): only the first are read") }
        for (i, raw) in lines.prefix(linesLimit).enumerated() {
            let line = raw.hasSuffix("\r") ? raw.dropLast() : raw
            let trimmed = line.drop { $0 == " " || $0 == "\t" }
            if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
            var at: String { "\(source) line \(i + 1)" }
            guard line.utf8.count <= lineLimit || line.count <= lineLimit else { table.problems.append("\(at): longer than \(lineLimit) characters"); continue }
            guard let eq = line.firstIndex(of: "=") else { table.problems.append("\(at): not \"moment = text\""); continue }
            let key = String(line[..<eq]).trimmingSpaces, value = String(line[line.index(after: eq)...]).trimmingSpaces
            guard !seen.contains(key) else { table.problems.append("\(at): \(key) given twice (the first is kept)"); continue }
            seen.insert(key)
            guard !value.isEmpty else { table.problems.append("\(at): \(key) has no text"); continue }
            guard !checked || TextLayout.sanitized(value) == value else { table.problems.append("\(at): control characters"); continue }
            switch key {
            case "name": table.name = value; continue
            case "voice":
                guard isCode(value) else { table.problems.append("\(at): voice \"\(value)\" is not a voice's name"); continue }
                table.voice = value; continue
            default: break
            }
            guard let moment = CallMoment(rawValue: key) else { table.problems.append("\(at): no moment \"\(key)\""); continue }
            if checked, let wrong = placeholderProblem(value, moment) { table.problems.append("\(at): \(key): \(wrong)"); continue }
            table.texts[moment] = value
        }
        table.missing = CallMoment.allCases.filter { table.texts[$0] == nil }
        return table
    }

    /// Why `text` cannot be `moment`'s (a brace left open, a placeholder unknown or missing).
    static func placeholderProblem(_ text: String, _ moment: CallMoment) -> String? {
        var used: Set<String> = [], name = "", inName = false
        for c in text {
            if inName {
                if c == "}" { used.insert(name); inName = false; name = "" } else if c == "{" { return "a { inside a {…}" } else { name.append(c) }
            } else if c == "{" { inName = true } else if c == "}" { return "a } without its {" }
        }
        if inName { return "a { without its }" }
        let expected = moment.placeholders
        if let unknown = used.subtracting(expected).sorted().first {
            return "no placeholder {\(unknown)} here" + (expected.isEmpty ? " (it takes none)" : " (it takes " + expected.sorted().map { "{\($0)}" }.joined(separator: ", ") + ")")
        }
        if let lacking = expected.subtracting(used).sorted().first { return "{\(lacking)} is missing" }
        return nil
    }

    /// A language code or voice name: letters, digits and `-`, 1 to 16 of them.
    public static func isCode(_ s: String) -> Bool {
        !s.isEmpty && s.count <= 16 && s.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || $0 == "-" }
    }

    /// The one notice about a table read with problems or gaps; nil when it is whole.
    public var notice: String? {
        var parts: [String] = []
        if !problems.isEmpty {
            parts.append(problems.prefix(3).joined(separator: "; ") + (problems.count > 3 ? " (and \(problems.count - 3) more)" : ""))
        }
        if !missing.isEmpty {
            let names = missing.prefix(4).map(\.rawValue).joined(separator: ", ") + (missing.count > 4 ? " and \(missing.count - 4) more" : "")
            parts.append("calls \(code): \(names) said in English")
        }
        return parts.isEmpty ? nil : parts.joined(separator: ". ") + "."
    }

    public static let english = CallTable.parse(CallTables.en, code: "en", source: "en", checked: false)
}

extension String {
    /// Without the spaces and tabs at its ends (read as bytes: both are ASCII).
    var trimmingSpaces: String {
        let u = utf8
        func blank(_ b: UInt8) -> Bool { b == UInt8(ascii: " ") || b == UInt8(ascii: "\t") }
        var start = u.startIndex, end = u.endIndex
        while start < end, blank(u[start]) { start = u.index(after: start) }
        while end > start, blank(u[u.index(before: end)]) { end = u.index(before: end) }
        return String(self[start..<end])
    }
}

extension CallTable {
    /// The table for `code` (`badminton.calls`): the shipped one, with a user's own file
    /// (`user`: the bytes of `CODE.calls`, nil when there is none) laid over it, or adding the
    /// language. An unknown language or a file that cannot be read gives English and says why
    /// in `notice`.
    public static func resolve(_ code: String?, user: [UInt8]?) -> CallTable {
        let code = code?.trimmingSpaces.lowercased() ?? "en"
        guard !code.isEmpty, code != "en" || user != nil else { return .english }
        guard isCode(code) else {
            var t = CallTable.english
            t.problems = ["badminton.calls: \"\(TextLayout.sanitized(code))\" is not a language code (shipped: \(CallTables.codes.joined(separator: ", ")))"]
            return t
        }
        let shipped = CallTables.text(code).map { CallTable.parse($0, code: code, source: code, checked: false) }
        guard let user else {
            if let shipped { return shipped }
            var t = CallTable.english
            t.problems = ["no calls table \"\(code)\" (shipped: \(CallTables.codes.joined(separator: ", ")); or write \(code).calls in the config directory): the calls are in English"]
            return t
        }
        let file = "\(code).calls"
        guard let text = String(validating: user, as: UTF8.self), !text.contains("\0") else {
            var t = shipped ?? .english
            t.problems = ["\(file) is not UTF-8 text: it is not used" + (shipped == nil ? "; the calls are in English" : "")]
            return t
        }
        var own = CallTable.parse(text, code: code, source: file)
        guard let shipped else { return own }
        // The shipped table fills what the user's leaves out.
        own.texts.merge(shipped.texts) { mine, _ in mine }
        if own.name == code { own.name = shipped.name }
        own.missing = CallMoment.allCases.filter { own.texts[$0] == nil }
        return own
    }
}

extension CallTable {
    /// The letters of the shipped languages that ASCII lacks, as their languages write them
    /// without (German `ä` as `ae`, `ß` as `ss`; French `é` as `e`, `ç` as `c`).
    static let asciiLetters: [Character: String] = [
        "ä": "ae", "ö": "oe", "ü": "ue", "Ä": "Ae", "Ö": "Oe", "Ü": "Ue", "ß": "ss",
        "à": "a", "â": "a", "á": "a", "é": "e", "è": "e", "ê": "e", "ë": "e", "î": "i", "ï": "i", "í": "i",
        "ô": "o", "ó": "o", "û": "u", "ù": "u", "ú": "u", "ç": "c", "œ": "oe", "æ": "ae", "ÿ": "y", "ñ": "n",
        "À": "A", "Â": "A", "É": "E", "È": "E", "Ê": "E", "Î": "I", "Ô": "O", "Û": "U", "Ç": "C", "Œ": "Oe",
    ]

    /// `text` for an ASCII terminal: the letters above spelt in ASCII; anything else left as it is.
    public static func asciiFolded(_ text: String) -> String {
        guard !text.utf8.allSatisfy({ $0 < 0x80 }) else { return text }
        var out = ""
        for c in text { out += asciiLetters[c] ?? String(c) }
        return out
    }
}
