import Testing
import TerminiTestSeeds
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
@testable import BadmintonRules
import TerminiData

/// The journal line is written by `JSONWriter`, not JSONEncoder (it is written on every
/// rally): every kind of event, with the strings and times that are hard to write, reads
/// back as the same event, and is byte for byte the line JSONEncoder wrote before.
@Suite struct JournalLineTests {
    static let names = ["Ann \"the wall\" Lee", "back\\slash", "tab\there", "\u{1b}[2J", "民權", "😁🇫🇷", "\u{2028}", "a/b", ""]

    static func everyKind(names: [String], time: Double) -> [MatchEvent] {
        let teams = [TeamInfo(name: names[0], players: [names[0], names[1 % names.count]]),
                     TeamInfo(name: names[2 % names.count], players: [names[3 % names.count], names[4 % names.count]])]
        let officials = MatchOfficials(event: names[5 % names.count], court: "3/4", umpire: names[6 % names.count], serviceJudge: names[7 % names.count])
        let actions: [MatchEvent.Action] = [
            .start(MatchSetup(format: .standard, discipline: .doubles, teams: teams, firstServer: 1, officials: officials)),
            .start(MatchSetup(format: .standard, discipline: .singles, teams: nil, firstServer: 0)),
            .point(team: 0), .point(team: 1), .swapEnds, .service(team: 1, server: 0, receiver: 1), .firstServer(team: 1),
            .names(teams), .nextGame, .endInterval, .retire(team: 0), .walkover(team: 1),
            .card(team: 1, player: 1, card: .fault), .card(team: 0, player: 0, card: .warning), .shuttle, .warmUp,
            .stop(.injury, team: 1, player: 0), .stop(.suspension, team: nil, player: nil), .resume,
            .correctService(team: 0, server: 1, receiver: 0), .correctCourts(team: 1, right: 1), .correctScore([0, 99]),
            .undo, .redo,
        ]
        return actions.enumerated().map { i, a in MatchEvent(a, at: time + Double(i) * 0.125) }
    }

    /// A history line cut into its events by bytes reads as JSONDecoder reads it whole: every
    /// kind of event, hard strings and times among them; a line in another shape (spaces,
    /// another order, damage) is left to JSONDecoder, and what it cannot read stays unread.
    @Test func aHistoryLineCutByBytesReadsAsJSONDecoderReadsIt() throws {
        struct Whole: Decodable { var events: [MatchEvent] }
        for time in [0, 1.5, 1_764_582_000.123, 86_400] {
            for names in [Self.names, Self.names.filter { !$0.isEmpty }.reversed(), ["Lin", "Lee"]] {
                // The events a journal can hold (not those with a team 7, which no line reads as).
                let events = Self.everyKind(names: names, time: time) + Self.numbersOnlyEvents(at: [time]).filter { MatchEvent.parse(line: $0.line.dropLast()) != nil }
                let line = HistoryEntry(events: events).line.dropLast()
                let whole = try JSONDecoder().decode(Whole.self, from: Data(line)).events
                #expect(HistoryEntry.writersEvents(line) == whole)
                #expect(HistoryEntry.writersEvents(line) != nil)
                #expect(HistoryEntry.events(line: line) == whole)
            }
        }
        let line = HistoryEntry(events: Self.everyKind(names: ["A", "B"], time: 5)).line.dropLast()
        let spaced = Array(String(decoding: line, as: UTF8.self).replacingOccurrences(of: "{\"events\":[", with: "{ \"events\" : [ ").utf8)
        #expect(HistoryEntry.writersEvents(spaced[...]) == nil)
        #expect(HistoryEntry.events(line: spaced[...]) == HistoryEntry.events(line: line))
        for cut in [line.count / 2, line.count - 1, 12, 0] {
            #expect(HistoryEntry.events(line: line.prefix(cut)) == nil, "cut at \(cut)")
        }
        #expect(HistoryEntry.events(line: Array("{\"events\":[]}".utf8)[...]) == [])
        // A line with an event no journal line reads as (a team 7) is not read either way.
        let bad = HistoryEntry(events: Self.numbersOnlyEvents(at: [1])).line.dropLast()
        #expect(HistoryEntry.events(line: bad) == nil && HistoryEntry.writersEvents(bad) == nil)
        // Not the writer's shape: read as JSONDecoder reads it (which takes a trailing comma).
        let comma = Array("{\"events\":[{\"e\":\"point\",\"t\":1,\"team\":0},]}".utf8)
        #expect(HistoryEntry.writersEvents(comma[...]) == nil)
        #expect(HistoryEntry.events(line: comma[...]) == (try? JSONDecoder().decode(Whole.self, from: Data(comma)))?.events)
    }

    @Test func everyKindReadsBackAndIsTheLineJSONEncoderWrote() throws {
        let enc = JSONEncoder()
        enc.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        for time in [0, 1.5, 1_764_582_000.123, 4_102_444_800.999, 86_400] {
            for event in Self.everyKind(names: Self.names, time: time) {
                let line = event.line
                #expect(line.last == 0x0a)
                let old = [UInt8](try enc.encode(event)) + [0x0a]
                // Names are sanitised as they are read (no control character is ever shown):
                // the event read is the one read from JSONEncoder's line, and a plain one is itself.
                #expect(MatchEvent.parse(line: line.dropLast()) == MatchEvent.parse(line: old.dropLast()), "\(event)")
                #expect(MatchEvent.parse(line: line.dropLast()) != nil, "\(event)")
                #expect(String(decoding: line, as: UTF8.self) == String(decoding: old, as: UTF8.self))
            }
        }
    }

    /// Every kind of event written straight out (`numbersOnlyLine`), with the indices a damaged
    /// journal could hold, at each of `times` (set as read, not rounded).
    static func numbersOnlyEvents(at times: [Double]) -> [MatchEvent] {
        var events: [MatchEvent] = []
        for time in times {
            for index in [0, 1, -1, 7] {
                let actions: [MatchEvent.Action] = [
                    .point(team: index), .retire(team: index), .walkover(team: index), .firstServer(team: index),
                    .service(team: index, server: 1, receiver: 0), .correctService(team: 1, server: index, receiver: index),
                    .correctCourts(team: index, right: 1), .swapEnds, .nextGame, .endInterval, .shuttle, .warmUp, .resume, .undo, .redo,
                ]
                for a in actions {
                    var event = MatchEvent(a, at: 0)
                    event.time = time
                    events.append(event)
                }
            }
        }
        return events
    }

    /// Times of every size (with and without milliseconds, before 1970, past 2100), then `random` more.
    static func oddTimes(random: Int, _ extra: [Double] = [], using rng: inout some RandomNumberGenerator) -> [Double] {
        var times: [Double] = [0, -0.0, 1, 0.001, 1.5, 86_400, 1_764_582_000.123, 4_102_444_800.999, -1_000.5, 1e15, 1e16, 123_456_789_012.345] + extra
        for _ in 0..<random { times.append((Double.random(in: -1e10...1e12, using: &rng) * 1000).rounded() / 1000) }
        return times
    }

    /// The lines written straight out (rallies, undos, corrections of service and courts) are
    /// byte for byte `JSONWriter`'s, at times of every size (with and without milliseconds,
    /// before 1970, past 2100) and with the indices a damaged journal could hold.
    @Test func numbersOnlyLinesAreJSONWritersLines() throws {
        var rng = Fuzz.random("numbersOnlyLinesAreJSONWritersLines")
        let times = Self.oddTimes(random: 300, using: &rng)
        var fast = 0
        for event in Self.numbersOnlyEvents(at: times) {
            let line = try #require(event.numbersOnlyLine, "\(event)")
            #expect(line == (try JSONWriter.encode(event, layout: .compact)) + [0x0a], "\(event)")
            fast += 1
        }
        #expect(fast == times.count * 4 * 15)
        // The other kinds (text, nested fields) and a time JSON cannot hold go through JSONWriter.
        for event in Self.everyKind(names: Self.names, time: 1.5) {
            switch event.action {
            case .start, .names, .card, .stop, .correctScore: #expect(event.numbersOnlyLine == nil)
            default: #expect(event.numbersOnlyLine != nil)
            }
        }
        var odd = MatchEvent(.point(team: 0), at: 0)
        odd.time = .infinity
        #expect(odd.numbersOnlyLine == nil && odd.line == [])
    }

    /// The lines written straight out are read back without JSONDecoder (`numbersOnly`):
    /// held to JSONDecoder for every such kind at times of every size and with indices a
    /// damaged journal could hold (nil where JSONDecoder refuses), and for lines changed a
    /// byte at a time (each either declined, and left to JSONDecoder, or read as it reads it).
    @Test func numbersOnlyLinesReadAsJSONDecoderReadsThem() throws {
        func slow(_ line: [UInt8]) -> MatchEvent? { try? JSONDecoder().decode(MatchEvent.self, from: Data(line)) }
        var rng = Fuzz.random("numbersOnlyLinesReadAsJSONDecoderReadsThem")
        let times = Self.oddTimes(random: 150, [253_402_300_799, 253_402_300_800], using: &rng)
        var lines: [[UInt8]] = []
        var read = 0
        for event in Self.numbersOnlyEvents(at: times) {
            let line = Array(try #require(event.numbersOnlyLine).dropLast())
            lines.append(line)
            let fast = MatchEvent.numbersOnly(line)
            #expect(fast == slow(line), "\(String(decoding: line, as: UTF8.self))")
            if let fast {
                read += 1
                #expect(fast == event)
            }
        }
        // Every line JSONDecoder accepts is read without it.
        #expect(read == lines.filter { slow($0) != nil }.count && read > 1000)
        // Changed lines: a byte replaced, put in or taken out, spaces, the keys' order.
        let alphabet = Array("{}\":,.0123456789-+eE team t\\x".utf8)
        for (n, line) in lines.enumerated() where n % 7 == 0 {
            for _ in 0..<12 {
                var m = line
                let i = Int.random(in: 0..<m.count, using: &rng)
                switch Int.random(in: 0..<3, using: &rng) {
                case 0: m[i] = alphabet.randomElement(using: &rng) ?? 0x20
                case 1: m.insert(alphabet.randomElement(using: &rng) ?? 0x20, at: i)
                default: m.remove(at: i)
                }
                let fast = MatchEvent.numbersOnly(m)
                #expect(fast == nil || fast == slow(m), "\(String(decoding: m, as: UTF8.self))")
            }
        }
        // Lines cut short, as a crash mid-write leaves them.
        for line in lines.prefix(60) {
            for n in 0..<line.count {
                let cut = Array(line.prefix(n))
                #expect(MatchEvent.numbersOnly(cut) == nil || MatchEvent.numbersOnly(cut) == slow(cut), "\(String(decoding: cut, as: UTF8.self))")
            }
        }
        for odd in ["{\"e\":\"point\", \"t\":1,\"team\":0}", "{\"t\":1,\"e\":\"point\",\"team\":0}", "{\"e\":\"point\",\"t\":1,\"team\":0,\"team\":1}",
                    "{\"e\":\"point\",\"t\":1.0,\"team\":0}", "{\"e\":\"point\",\"t\":1e3,\"team\":0}", "{\"e\":\"point\",\"t\":1,\"team\":0} ",
                    "{\"e\":\"point\"}", "{\"e\":\"point\"", "{\"e\":\"", "{\"e\":\"undo\",\"t\":"] {
            #expect(MatchEvent.numbersOnly(Array(odd.utf8)) == nil, "\(odd)")
        }
        // And the reader uses it: a journal of rallies reads as before.
        let events = (0..<50).map { MatchEvent(.point(team: $0 % 2), at: 1_764_582_000 + Double($0) * 7.25) }
        #expect(JournalContents.read(JournalContents.bytes(of: events)).events == events)
    }

    @Test func plainEventsReadBackAsThemselves() {
        let events = Self.everyKind(names: ["Ann", "Bo", "Cy", "Di", "Ed", "Open", "Flo", "Gus"], time: 1_764_582_000.123)
        let read = JournalContents.read(JournalContents.bytes(of: events))
        #expect(read.events == events && !read.damaged && !read.needsRewrite)
    }

    @Test func randomNamesAndTimesReadBack() throws {
        var rng = Fuzz.random("randomNamesAndTimesReadBack")
        for _ in 0..<200 {
            let names = (0..<8).map { _ in
                String((0..<Int.random(in: 0...6, using: &rng)).map { _ in
                    Character(Unicode.Scalar(UInt32.random(in: 0...0x2fff, using: &rng)) ?? "x")
                }) + (Self.names.randomElement(using: &rng) ?? "")
            }
            let time = (Double.random(in: 0...5e9, using: &rng) * 1000).rounded() / 1000
            let events = Self.everyKind(names: names, time: time)
            let read = JournalContents.read(JournalContents.bytes(of: events))
            // Names are sanitised as they are read (a control character is never shown), so
            // compare against what reading JSONEncoder's journal of the same events gives.
            let enc = JSONEncoder()
            enc.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            var old: [UInt8] = []
            for e in events { old += [UInt8](try enc.encode(e)) + [0x0a] }
            #expect(read == JournalContents.read(old))
            #expect(JournalContents.bytes(of: events) == old)
        }
    }
}
