import Testing
import TerminiTestSupport
@testable import TerminiHall

/// Two halls, or a hall and a results server: Mosquitto's own bridge joins two brokers, and
/// Termini needs nothing for it. A court on broker A, the desk on broker B, bridged both ways
/// on the hall's topics: the events reach the desk once each, in order, and its acks get back.
@Suite(.serialized) struct BridgeTests {
    /// The bridge's lines in broker B's config, as docs/hall.md gives them.
    static func bridge(to a: MosquittoBroker) -> [String] {
        ["connection hall-a", "address 127.0.0.1:\(a.port)", "topic termini/# both 1",
         "cleansession false", "try_private true", "restart_timeout 1"]
    }

    @Test(.enabled(if: brokerAvailable, "needs mosquitto (apt install mosquitto)"))
    func aCourtOnOneBrokerReachesTheDeskOnAnotherOnceEachInOrder() throws {
        let a = try MosquittoBroker()
        let b = try MosquittoBroker(config: BridgeTests.bridge(to: a))
        let court = try TestCourt("3", url: a.url)
        let desk = try TestDesk(url: b.url)
        let pump = Pump([desk.recorder, court.publisher])
        #expect(pump.run(timeout: 10) { desk.recorder.isConnected && court.publisher.link.state == .online })
        for i in 0..<10 {
            court.rally(team: i % 2)
            pump.run(timeout: 0.05) { false }
        }
        // The desk's acks crossed back: the court says synced.
        #expect(pump.run(timeout: 10) { desk.holds(court) && court.publisher.link.acknowledged == 11 })
        let lines = MatchLines.lines(of: desk.journal("3"))
        #expect(lines.count == 11 && Set(lines).count == 11)
        #expect(desk.recorder.links["3"]?.online == true)
        #expect(desk.store.files[DeskRecorder.quarantineFile] == nil)
        // Broker A goes and comes back: the bridge reconnects, what the court scored meanwhile arrives.
        a.stop()
        for i in 0..<4 { court.rally(team: i % 2) }
        try a.start()
        #expect(pump.run(timeout: 15) { desk.holds(court) && court.publisher.link.toSend == 0 })
        #expect(MatchLines.lines(of: desk.journal("3")).count == 15)
    }
}
