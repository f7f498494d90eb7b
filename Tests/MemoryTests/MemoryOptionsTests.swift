import Testing
import TerminiApp
import TerminiTestSupport
@testable import Memory

@Suite struct MemoryOptionsTests {
    @Test func theNamesAreTheOptionsTableAndEachIsRead() {
        #expect(MemoryOption.isTheTable(MemoryApp.descriptor.options))
        #expect(optionsUnread(MemoryOption.self, by: MemoryOptions.init) == [])
    }

    @Test func builtOnceFromTheParsedOptions() {
        let o = MemoryOptions(AppOptions(["--size": "6x6", "--seed": "42"]))
        #expect(o.size == "6x6" && o.seed == "42")
        #expect(MemoryOptions(AppOptions()) == MemoryOptions())
        // As typed, for the check to quote back.
        #expect(MemoryOptions(AppOptions(["--seed": "-1"])).seed == "-1")
    }
}
