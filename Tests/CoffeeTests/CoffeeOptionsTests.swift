import Testing
import TerminiApp
import TerminiTestSupport
@testable import Coffee

@Suite struct CoffeeOptionsTests {
    @Test func theNamesAreTheOptionsTableAndEachIsRead() {
        #expect(CoffeeOption.isTheTable(CoffeeApp.descriptor.options))
        #expect(optionsUnread(CoffeeOption.self, by: CoffeeOptions.init) == [])
    }

    @Test func builtOnceFromTheParsedOptions() {
        #expect(CoffeeOptions(AppOptions(["--receipt": ""])).receipt)
        #expect(!CoffeeOptions(AppOptions()).receipt)
    }
}
