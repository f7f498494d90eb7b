import Testing
import TerminiApp
import TerminiTestSupport

/// The guard of the typed options: the names are the table, and the struct reads every one.
@Suite struct OptionNameTests {
    enum Name: String, OptionName { case watch = "--watch", format = "--format" }
    struct Options: Equatable {
        var watch = false, format: String?
        init(_ options: AppOptions) {
            watch = options.flag(Name.watch)
            format = options.value(Name.format)
        }
    }
    static let table = [OptionSpec(Name.watch, help: "follow"), OptionSpec(Name.format, value: "FORMAT", help: "the format")]

    @Test func aRowNamedByItsCaseIsTheRowOfItsName() {
        #expect(Self.table == [OptionSpec("--watch", help: "follow"), OptionSpec("--format", value: "FORMAT", help: "the format")])
    }

    @Test func theCasesMustBeTheTableInOrder() {
        #expect(Name.isTheTable(Self.table))
        #expect(!Name.isTheTable(Array(Self.table.reversed())))
        #expect(!Name.isTheTable(Array(Self.table.dropLast())))
        #expect(!Name.isTheTable(Self.table + [OptionSpec("--all", help: "every court")]))
    }

    @Test func theTypedAccessorsReadWhatTheParserFound() {
        let o = Options(AppOptions(["--watch": "", "--format": "5x11"]))
        #expect(o.watch && o.format == "5x11")
        let none = Options(AppOptions())
        #expect(!none.watch && none.format == nil)
    }

    @Test func anOptionTheStructLeavesUnreadIsFound() {
        #expect(optionsUnread(Name.self, by: Options.init) == [])
        #expect(optionsUnread(Name.self) { Options(AppOptions($0.values.filter { $0.key != "--format" })) } == ["--format"])
    }
}
