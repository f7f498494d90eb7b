// The libFuzzer entry point of `scripts/fuzz`: TERMINI_FUZZ_TARGET names the parser
// (see ParserTargets in Tests/ReliabilityTests, compiled with this file).
#if canImport(Glibc)
import Glibc
#endif

let fuzzTarget: String = {
    guard let v = getenv("TERMINI_FUZZ_TARGET") else { return "journal" }
    return String(cString: v)
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    ParserTargets.run(fuzzTarget, bytes)
    return 0
}
