import TerminiApp
import BadmintonRules

/// `termini desk --call MATCH --court N`: one call to court without the desk's screen. Its own
/// short-lived connection (a client id of its own, so a running recorder keeps its session)
/// with the desk's credentials: the call published retained at QoS 1, then the court's answer
/// (`court/C/call`) awaited for the call's id.
public final class HallCaller: ClientDriven {
    public let client: MQTTClient
    let topics: HallTopics
    public let call: CourtCall
    /// The broker has the call (its PUBACK).
    public private(set) var delivered = false
    private var mid: Int32?
    /// The court's answer to this call, once heard.
    public private(set) var answer: HallCallAnswer?
    /// Why the broker refused the connection, if it did.
    public private(set) var refusal: String?

    public init(address: HallAddress, credentials: HallCredentials?, call: CourtCall, clientID: String? = nil, now: Double) throws(HallError) {
        topics = HallTopics(hall: address.hall)
        self.call = call
        client = try MQTTClient(clientID: clientID, cleanSession: true, address: address, credentials: credentials)
        client.start(now: now)
    }

    public func handleEvents(now: Double) {
        for e in client.takeEvents() {
            switch e {
            case .connected:
                refusal = nil
                client.subscribe(topics.court(call.court, .call))
                if !delivered { mid = client.publish(topics.call(call.court), call.bytes, retain: true) }
            case .published(let m) where m == mid:
                delivered = true
            case let .message(topic, payload, _):
                guard topic == topics.court(call.court, .call), let a = HallCallAnswer.parse(payload), a.id == call.id else { continue }
                answer = a
            case .refused(let why):
                refusal = why
            default:
                break
            }
        }
    }

    /// Whether the court has the call: it answered received, next or accepted.
    public var courtHasIt: Bool { answer.map { $0.state != .declined } ?? false }

    public func stop() { client.stop() }
}
