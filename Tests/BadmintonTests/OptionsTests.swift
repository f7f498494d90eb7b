import Testing
import TerminiApp
import TerminiTestSupport
@testable import Badminton

@Suite struct BadmintonOptionsTests {
    @Test func theNamesAreTheOptionsTableAndEachIsRead() {
        #expect(BadmintonOption.isTheTable(BadmintonApp.descriptor.options))
        #expect(optionsUnread(BadmintonOption.self, by: BadmintonOptions.init) == [])
    }

    @Test func builtOnceFromTheParsedOptions() {
        let o = BadmintonOptions(AppOptions(["--new": "", "--format": "5x11", "--doubles": "", "--names": "A/B,C/D", "--match-no": "7",
                                             "--event": "MD", "--round": "Final", "--court": "3"]))
        var want = BadmintonOptions()
        want.new = true
        want.format = "5x11"
        want.doubles = true
        want.names = "A/B,C/D"
        want.matchNumber = "7"
        want.event = "MD"
        want.round = "Final"
        want.court = "3"
        #expect(o == want)
        let watch = BadmintonOptions(AppOptions(["--watch": "", "--all": ""]))
        #expect(watch.watch && watch.all && !watch.display && !watch.new && watch.court == nil)
        // `--scoresheet` without a number is given, its value empty.
        let sheet = BadmintonOptions(AppOptions(["--scoresheet": "", "--output": "m.html"]))
        #expect(sheet.scoresheet == "" && sheet.output == "m.html" && sheet.export == nil)
        #expect(BadmintonOptions(AppOptions(["--status": "", "--json": ""])).json)
    }
}
