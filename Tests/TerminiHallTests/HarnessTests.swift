#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Testing
import TerminiTestSupport

let namespacesAvailable = NamespacePair.available && MosquittoBroker.available && Child.installed("mosquitto_pub")

/// The harness the hall's proofs stand on, held to what it promises.
@Suite(.serialized) struct HarnessTests {
    @Test(.enabled(if: brokerAvailable, "needs mosquitto (apt install mosquitto)"))
    func theBrokerIsStoppedAndItsDirectoryRemoved() throws {
        var broker: MosquittoBroker? = try MosquittoBroker(persistence: true)
        let (pid, dir) = (broker!.pid, broker!.directory)
        #expect(kill(pid, 0) == 0)
        #expect(FileManager.default.fileExists(atPath: dir + "/mosquitto.conf"))
        broker = nil
        #expect(kill(pid, 0) != 0)
        #expect(!FileManager.default.fileExists(atPath: dir))
    }

    @Test(.enabled(if: namespacesAvailable, "needs root, ip (iproute2), mosquitto and mosquitto-clients"))
    func twoNamespacesJoinedByALinkThatCanBeCut() throws {
        var names: (String, String)
        do {
            let pair = try NamespacePair()
            names = (pair.court, pair.desk)
            let broker = try MosquittoBroker(address: pair.deskAddress, namespace: pair.desk)
            let publish = NamespacePair.inside(pair.court, ["mosquitto_pub", "-h", pair.deskAddress, "-p", "\(broker.port)", "-t", "t", "-m", "x"])
            #expect(try Child.run(publish) == 0)
            // The root namespace has no way to the namespaces' addresses.
            #expect(try Child.run(["mosquitto_pub", "-h", pair.deskAddress, "-p", "\(broker.port)", "-t", "t", "-m", "x"]) != 0)
            try pair.cut()
            let t0 = Date()
            let (status, text) = try Child.output(publish)
            #expect(status != 0)
            #expect(text.contains("unreachable"))
            // A cut link fails fast: no route, no waiting for a timeout.
            #expect(Date().timeIntervalSince(t0) < 2)
            try pair.restore()
            #expect(try Child.run(publish) == 0)
        }
        let list = try Child.output(["ip", "netns", "list"]).text
        #expect(!list.contains(names.0) && !list.contains(names.1))
    }
}
