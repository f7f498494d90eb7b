import Testing
@testable import TerminiCore
import TerminiTestSupport
@testable import TerminiWidgets
@testable import TerminiApp

struct Score: Codable, Equatable {
    var name: String
    var points: [Int]
}

@Suite struct StateCodecTests {
    func bytes(_ s: String) -> [UInt8] { Array(s.utf8) }
    func decode(_ s: String, version: Int = 2) -> Result<Score, StateCodec.DecodeError> {
        StateCodec.decode(Score.self, from: bytes(s), version: version)
    }

    @Test func roundTrip() throws {
        let value = Score(name: "民權 😁", points: [21, 19])
        let encoded = try StateCodec.encode(value, version: 2).get()
        let text = String(decoding: encoded, as: UTF8.self)
        #expect(text.contains("\"format\" : 2"))
        #expect(text.hasSuffix("}\n"))
        #expect(try StateCodec.decode(Score.self, from: encoded, version: 2).get() == value)
    }

    @Test func olderFormatsAreRead() {
        #expect(decode(#"{"format": 1, "data": {"name": "a", "points": []}}"#) == .success(Score(name: "a", points: [])))
    }

    @Test func emptyFile() {
        #expect(decode("") == .failure(.empty))
        #expect(decode(" \n\t\r\n") == .failure(.empty))
    }

    @Test func notJSON() {
        guard case .failure(.notJSON) = decode("hello") else {
            Issue.record("\(decode("hello"))")
            return
        }
        guard case .failure(.notJSON) = decode(#"{"format": 1, "data": {"#) else {
            Issue.record("truncated file")
            return
        }
    }

    @Test func wrongShape() {
        for text in ["[1, 2]", #"{"data": {}}"#, #"{"format": "one"}"#, #"{"format": 1}"#,
                     #"{"format": 1, "data": {"name": "a"}}"#, #"{"format": 1, "data": {"name": 3, "points": []}}"#, "42"] {
            guard case .failure(.wrongShape) = decode(text) else {
                Issue.record("\(text): \(decode(text))")
                continue
            }
        }
        if case .failure(let e) = decode(#"{"format": 1, "data": {"name": "a"}}"#) {
            #expect(e.description.contains("points"))
        }
    }

    @Test func futureFormat() {
        #expect(decode(#"{"format": 3, "data": {"name": "a", "points": []}}"#) == .failure(.futureFormat(found: 3, supported: 2)))
        // Even when the newer data would happen to decode, it is not half-read.
        #expect(decode(#"{"format": 9, "data": 1}"#) == .failure(.futureFormat(found: 9, supported: 2)))
        #expect(StateCodec.DecodeError.futureFormat(found: 3, supported: 2).description.contains("newer"))
    }

    @Test func saveEffectWrapsTheEnvelope() throws {
        guard case let .write(file, data) = AppEffect.save(Score(name: "x", points: [1]), to: "s.json", version: 1) else {
            Issue.record("not a write")
            return
        }
        #expect(file == "s.json")
        #expect(try StateCodec.decode(Score.self, from: data, version: 1).get() == Score(name: "x", points: [1]))
    }
}

@Suite struct InMemoryStoreTests {
    @Test func corruptFilesAreKeptAside() {
        let store = InMemoryStore(files: ["s.json": Array("junk".utf8)])
        #expect(store.load(Score.self, from: "s.json", version: 1) == nil)
        #expect(store.files["s.json"] == nil)
        #expect(store.keptAside["s.json.corrupt-0"] == Array("junk".utf8))
        #expect(store.takeNotices().count == 1)
        #expect(store.takeNotices().isEmpty)
    }

    @Test func readOnlyStoreRefusesWrites() {
        let store = InMemoryStore(canWrite: false)
        #expect(throws: InMemoryStoreError.self) { try store.write("a", bytes: [1]) }
        #expect(store.files.isEmpty)
    }

    @Test func foreignLocks() {
        let store = InMemoryStore()
        store.foreignLocks = ["match"]
        #expect(!store.lock("match"))
        #expect(store.lock("other"))
        store.unlock("other")
        #expect(store.locks.isEmpty)
    }
}
