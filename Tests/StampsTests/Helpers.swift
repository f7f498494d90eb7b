import TerminiCore
import TerminiWidgets
import TerminiApp
@testable import Stamps

enum StateCodecHelper {
    static func encode(_ card: StampCard) throws -> [UInt8] {
        switch StateCodec.encode(card, version: 1) {
        case .success(let b): return b
        case .failure(let e): throw e
        }
    }
    static func decode(_ bytes: [UInt8]) -> StampCard? {
        try? StateCodec.decode(StampCard.self, from: bytes, version: 1).get()
    }
}
