import Testing
import TerminiApp
import TerminiTestSupport
@testable import Stamps

@Suite struct StampsOptionsTests {
    @Test func theNamesAreTheOptionsTableAndEachIsRead() {
        #expect(StampsOption.isTheTable(StampsApp.descriptor.options))
        #expect(optionsUnread(StampsOption.self, by: StampsOptions.init) == [])
    }

    @Test func builtOnceFromTheParsedOptions() {
        #expect(StampsOptions(AppOptions(["--status": ""])).status)
        #expect(!StampsOptions(AppOptions()).status)
    }
}
