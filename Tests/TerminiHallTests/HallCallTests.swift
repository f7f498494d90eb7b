import Testing
import BadmintonRules
@testable import TerminiHall

@Suite struct HallCallTests {
    let call = HallCall(match: "12", event: "MS", round: "R2", court: "3",
                        team1: [.init(name: "Lin Dan", country: "CHN")], team2: [.init(name: "Lee Chong Wei", country: "MAS")],
                        format: "3x21", umpire: "Ann Ump", judge: "Bob Judge", calledAt: 1_790_000_000)

    func json(_ text: String) -> [UInt8] { Array(text.utf8) }

    /// A call's JSON with one member replaced (or added): `"team1":[…]`.
    func with(_ key: String, _ value: String) -> [UInt8] {
        var members = [
            "v": "1", "id": #""12@1790000000""#, "match": #""12""#, "event": #""MS""#, "round": #""R2""#, "court": #""3""#,
            "team1": #"[{"name":"Lin Dan","country":"CHN"}]"#, "team2": #"[{"name":"Lee Chong Wei"}]"#, "calledAt": "1790000000",
        ]
        members[key] = value
        return json("{" + members.map { "\"\($0.key)\":\($0.value)" }.joined(separator: ",") + "}")
    }

    @Test func aCallReadsBackAsWritten() throws {
        #expect(call.id == "12@1790000000")
        let text = String(decoding: call.bytes, as: UTF8.self)
        #expect(text.hasPrefix(#"{"v":1,"id":"12@1790000000","match":"12","event":"MS","round":"R2","court":"3","team1":[{"name":"Lin Dan","country":"CHN"}]"#))
        #expect(HallCall.parse(call.bytes) == call)
        #expect(HallCall.parse(call.bytes, court: "3") == call)
        #expect(HallCall.parse(call.bytes, court: "4") == nil)
        #expect(call.title == "Match 12 · MS R2 · Lin Dan (CHN) v Lee Chong Wei (MAS)")
        #expect(call.officials == MatchOfficials(event: "MS", court: "3", umpire: "Ann Ump", serviceJudge: "Bob Judge", matchNumber: "12", round: "R2"))
        #expect(call.matchFormat == .standard)
        #expect(call.teams[0] == TeamInfo(name: "Lin Dan", players: ["Lin Dan"], countries: ["CHN"]))
        #expect(call.discipline == .singles)
        #expect(HallCall.parse(with("team1", #"[{"name":"Ann"},{"name":"Bob"}]"#)) == nil)  // the other side has one player
        let doubles = try #require(HallCall.parse(with("team2", #"[{"name":"Cy"},{"name":"Di","country":"GER"}]"#)
                                                   .replacingTeam1(#"[{"name":"Ann","country":"SUI"},{"name":"Bob"}]"#)))
        #expect(doubles.discipline == .doubles)
        #expect(doubles.teams[0].entry == "Ann (SUI)/Bob")
        #expect(doubles.teams[1].entry == "Cy/Di (GER)")
        #expect(doubles.format == nil && doubles.umpire == nil)
    }

    @Test func hostileCallsAreRefused() {
        #expect(HallCall.parse([]) == nil)
        #expect(HallCall.parse(json("not json")) == nil)
        #expect(HallCall.parse(Array(repeating: 0x20, count: HallCall.maxBytes + 1)) == nil)
        #expect(HallCall.parse(with("v", "2")) == nil)
        #expect(HallCall.parse(with("court", #""3/../4""#)) == nil)
        #expect(HallCall.parse(with("court", "\"#\"")) == nil)
        #expect(HallCall.parse(with("match", #""12; rm -rf""#)) == nil)
        #expect(HallCall.parse(with("match", #""1234567890123""#)) == nil)
        #expect(HallCall.parse(with("id", #""$(reboot)""#)) == nil)
        #expect(HallCall.parse(with("id", "\"" + String(repeating: "1", count: 41) + "\"")) == nil)
        #expect(HallCall.parse(with("team1", "[]")) == nil)
        #expect(HallCall.parse(with("team1", #"[{"name":"a"},{"name":"b"},{"name":"c"}]"#)) == nil)
        #expect(HallCall.parse(with("team1", #"[{"name":"\u001b\u0007\u202e"}]"#)) == nil)  // nothing left once cleaned
        #expect(HallCall.parse(with("team1", #"[{"name":"A/B"}]"#)) == nil)
        #expect(HallCall.parse(with("format", #""7x999""#)) == nil)
        #expect(HallCall.parse(with("format", "\"3x21" + String(repeating: " ", count: 40) + "\"")) == nil)
        #expect(HallCall.parse(with("calledAt", "-1")) == nil)
        #expect(HallCall.parse(with("calledAt", "1e300")) == nil)
        #expect(HallCall.parse(with("calledAt", #""soon""#)) == nil)
    }

    @Test func namesFromTheNetworkAreCleanedAsTypedNamesAre() throws {
        let c = try #require(HallCall.parse(with("team1", #"[{"name":"\u001b]0;pwned\u0007Lin\u202e Dan <b>","country":"\u009bCHN\u0000"}]"#)
                                                .replacingKey("event", "\"" + String(repeating: "M", count: 300) + "\\u001b[31m\"")))
        #expect(c.team1[0].name == "]0;pwnedLin Dan <b>")
        #expect(c.team1[0].country == "CHN")
        #expect(c.event.count == 40 && !c.event.contains("\u{1b}"))
        #expect(!c.title.unicodeScalars.contains { $0.value < 0x20 || (0x7f...0x9f).contains($0.value) || $0.value == 0x202e })
        #expect(HallCall.parse(with("umpire", #""   ""#))?.umpire == nil)
    }

    @Test func theCourtsAnswerReadsBackAndRefusesTheRest() {
        for state in HallCallAnswer.State.allCases {
            let a = HallCallAnswer(call, state)
            #expect(HallCallAnswer.parse(a.bytes) == a)
        }
        #expect(String(decoding: HallCallAnswer(call, .begun).bytes, as: UTF8.self) == #"{"v":1,"id":"12@1790000000","match":"12","state":"begun"}"#)
        #expect(HallCallAnswer.parse([]) == nil)
        #expect(HallCallAnswer.parse(json(#"{"v":1,"id":"x","match":"12","state":"won"}"#)) == nil)
        #expect(HallCallAnswer.parse(json(#"{"v":1,"id":"x y","match":"12","state":"next"}"#)) == nil)
        #expect(HallCallAnswer.parse(Array(repeating: 0x20, count: 300)) == nil)
    }

    @Test func theCallTopicsAreTheDesksAndTheCourtsOwn() {
        let t = HallTopics(hall: "club")
        #expect(t.call("3") == "termini/club/desk/call/3")
        #expect(t.parse("termini/club/desk/call/3") == .call("3"))
        #expect(t.court("3", .call) == "termini/club/court/3/call")
        #expect(t.parse("termini/club/court/3/call") == .court("3", .call))
        #expect(t.parse("termini/club/desk/call/3/x") == nil)
        #expect(t.parse("termini/club/desk/call/+") == nil)
    }

    @Test func theACLLetsACourtAnswerOnlyOnItsOwnTopicAndReadOnlyItsOwnCalls() {
        let acl = HallInit(directory: "/x", courts: 2, host: "h", hall: "club").acl
        #expect(acl.contains("topic readwrite termini/club/court/1/#"))
        #expect(acl.contains("topic read termini/club/desk/call/1"))
        #expect(!acl.contains("topic readwrite termini/club/desk/call/1"))
    }
}

extension Array where Element == UInt8 {
    func replacingKey(_ key: String, _ value: String) -> [UInt8] {
        var s = String(decoding: self, as: UTF8.self)
        guard let r = s.range(of: "\"\(key)\":") else { return self }
        let rest = s[r.upperBound...]
        var depth = 0
        var inString = false
        var end = rest.endIndex
        for i in rest.indices {
            let c = rest[i]
            if inString {
                if c == "\"" && rest[rest.index(before: i)] != "\\" { inString = false }
                continue
            }
            if c == "\"" { inString = true } else if c == "[" || c == "{" { depth += 1 } else if c == "]" || c == "}" {
                if depth == 0 { end = i; break }
                depth -= 1
            } else if c == "," && depth == 0 { end = i; break }
        }
        s.replaceSubrange(r.upperBound..<end, with: value)
        return Array(s.utf8)
    }

    func replacingTeam1(_ value: String) -> [UInt8] { replacingKey("team1", value) }
}

@Suite struct KeptCallTests {
    @Test func aCallKeptByItsCourtReadsBackWithWhereItStands() throws {
        let call = try #require(HallCall.parse(Array(#"{"v":1,"id":"7@1","match":"7","event":"WD","round":"F","court":"2","team1":[{"name":"A"},{"name":"B"}],"team2":[{"name":"C"},{"name":"D"}],"calledAt":1}"#.utf8)))
        for state in HallCall.State.allCases where state.atCourt {
            let kept = HallCall.Kept(call: call, state: state, keptAt: 1_790_000_003.5)
            #expect(HallCall.Kept.parse(kept.bytes) == kept)
        }
        #expect(HallCall.Kept.parse(Array(#"{"state":"won","call":{}}"#.utf8)) == nil)
        #expect(HallCall.Kept.parse([]) == nil)
        #expect(CourtFiles(court: "2").call == "badminton-2-call.json")
    }
}
