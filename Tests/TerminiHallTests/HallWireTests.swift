import Testing
@testable import TerminiHall

@Suite struct HallWireTests {
    let keeper = HallWire.keeperID(host: "laptop-3", directory: "/home/ump/.config/termini")
    let line = Array(#"{"t":1712345690.5,"a":"point","team":0}"#.utf8)

    func refusal(_ payload: [UInt8], court: String = "3", limit: Int = HallWire.maxEventBytes) -> String {
        if case .failure(let r) = HallWire.decode(payload, court: court, limit: limit) { return r.description }
        return ""
    }

    func message(_ header: String, _ body: String = #"{"t":1,"a":"undo"}"#) -> [UInt8] { Array((header + "\n" + body).utf8) }

    @Test func anEventReadsBackAsWritten() throws {
        let h = HallWire.Header(court: "3", keeper: keeper, match: 1712345678.25, seq: 7)
        let bytes = HallWire.encode(h, body: line)
        #expect(String(decoding: bytes, as: UTF8.self).hasPrefix(#"{"v":1,"court":"3","keeper":""#))
        let m = try HallWire.decode(bytes, court: "3", limit: HallWire.maxEventBytes).get()
        #expect(m.header == h)
        #expect(m.body == line)
        let f = HallWire.Header(court: "centre", keeper: keeper, match: 1e9 + 0.1, final: 200)
        #expect(try HallWire.decode(HallWire.encode(f, body: line), court: "centre", limit: HallWire.maxMatchBytes).get().header == f)
    }

    @Test func theKeeperIDIsTheSameAtEveryStartAndAnotherElsewhere() {
        #expect(keeper == HallWire.keeperID(host: "laptop-3", directory: "/home/ump/.config/termini"))
        #expect(keeper != HallWire.keeperID(host: "laptop-4", directory: "/home/ump/.config/termini"))
        #expect(keeper != HallWire.keeperID(host: "laptop-3", directory: "/tmp/other"))
        #expect(HallWire.isKeeperID(keeper))
        #expect(HallWire.isKeeperID(HallWire.keeperID(host: "", directory: "")))
    }

    @Test func hostileMessagesAreRefusedWithAReason() {
        let k = keeper
        #expect(refusal(Array(repeating: 0x41, count: HallWire.maxEventBytes + 1)).contains("more than"))
        #expect(refusal(Array("no newline at all".utf8)).contains("no header line"))
        #expect(refusal(Array((String(repeating: " ", count: 600) + "\n{}").utf8)).contains("no header line"))
        #expect(refusal(message("not json")).contains("not JSON"))
        #expect(refusal(message(#"{"v":1,"court":"3"}"#)).contains("not JSON"))
        #expect(refusal(message(#"{"v":2,"court":"3","keeper":"\#(k)","match":5,"seq":1}"#)).contains("version 2"))
        #expect(refusal(message(#"{"v":1,"court":"4","keeper":"\#(k)","match":5,"seq":1}"#)).contains("claims court '4'"))
        let escape = refusal(message(#"{"v":1,"court":"\u001b[2J","keeper":"\#(k)","match":5,"seq":1}"#))
        #expect(escape.contains("claims court") && !escape.contains("\u{1b}"))
        #expect(refusal(message(#"{"v":1,"court":"3","keeper":"ZZ","match":5,"seq":1}"#)).contains("keeper id"))
        #expect(refusal(message(#"{"v":1,"court":"3","keeper":"\#(k)","match":-5,"seq":1}"#)).contains("match id"))
        #expect(refusal(message(#"{"v":1,"court":"3","keeper":"\#(k)","match":1e300,"seq":1}"#)).contains("match id"))
        #expect(refusal(message(#"{"v":1,"court":"3","keeper":"\#(k)","match":5,"seq":0}"#)).contains("seq 0"))
        #expect(refusal(message(#"{"v":1,"court":"3","keeper":"\#(k)","match":5,"seq":99999999999}"#)).contains("out of range"))
        #expect(refusal(message(#"{"v":1,"court":"3","keeper":"\#(k)","match":5,"seq":1.5}"#)).contains("not JSON"))
        #expect(refusal(message(#"{"v":1,"court":"3","keeper":"\#(k)","match":5,"final":-1}"#)).contains("final"))
        var latin = message(#"{"v":1,"court":"3","keeper":"\#(k)","match":5,"seq":1}"#, "")
        latin.append(0xe9)
        #expect(refusal(latin).contains("UTF-8"))
        // Deep nesting, huge numbers: refused, never a crash.
        #expect(!refusal(message(String(repeating: "[", count: 400))).isEmpty)
    }

    @Test func acksAndPresence() {
        let a = HallWire.Ack(match: 1712345678.25, seq: 42, replay: true)
        #expect(HallWire.Ack.decode(a.bytes) == a)
        #expect(HallWire.Ack.decode(HallWire.Ack(match: nil, seq: 0).bytes)?.match == nil)
        #expect(HallWire.Ack.decode(HallWire.Ack(match: 5, seq: 3, closed: true).bytes)?.isClosed == true)
        #expect(HallWire.Ack.decode(Array(#"{"v":1,"seq":-1}"#.utf8)) == nil)
        #expect(HallWire.Ack.decode(Array(#"{"v":1,"match":"x","seq":1}"#.utf8)) == nil)
        #expect(HallWire.Ack.decode(Array(repeating: 0x20, count: 300)) == nil)
        let p = HallWire.Presence(keeper: keeper, online: false)
        #expect(HallWire.Presence.decode(p.bytes) == p)
        #expect(HallWire.Presence.decode(Array(#"{"v":1,"keeper":"x","online":true}"#.utf8)) == nil)
        #expect(HallWire.Presence.decode(Array("garbage".utf8)) == nil)
    }
}
