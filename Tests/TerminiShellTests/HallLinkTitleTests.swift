import TerminiCore
import TerminiApp
import TerminiTestSupport
import Testing
@testable import TerminiStore
@testable import TerminiShell

/// The court's title bar keeps its hall link, the umpire's only sign that the desk gets the
/// rallies: where the top edge has no room for a call's mark beside it, the mark gives way.
@Suite struct HallLinkTitleTests {
    /// A court with match 12 called and put aside (the match `--new` began before the call
    /// was heard): its title says `call: Match 12 (k)` where it fits.
    func court(width: Int, link: HallLink = HallLink(state: .online, acknowledged: 124), shuttles: Int = 0) -> [String] {
        let store = InMemoryStore()
        let call = #"{"v":1,"id":"12@1800000000","match":"12","event":"MS","round":"R2","court":"3","#
            + #""team1":[{"name":"Lin Dan"}],"team2":[{"name":"Lee Chong Wei"}],"calledAt":1800000000}"#
        store.files["badminton-3-call.json"] = Array(#"{"state":"received","kept":1800000001,"call":\#(call)}"#.utf8) + [0x0a]
        let shell = Shell(store: store, config: ConfigFile(text: ""), theme: .builtinDefault, themeName: "default", unicode: true,
                          monochrome: false, catalog: nil, open: "badminton",
                          options: AppOptions(["--court": "3", "--new": "", "--names": "Red,Blue"]), now: 1_800_000_005)
        for _ in 0..<shuttles { _ = shell.handle(.char("+"), now: 1_800_000_006) }
        shell.hall = HallView(link: link)
        return shell.screen(Size(width: width, height: 24))
    }

    @Test func aCallsMarkGivesWayToTheHallLinkWhereBothDoNotFit() {
        let narrow = court(width: 80)[0]
        #expect(narrow.contains("hall ● synced #124"), "\(narrow)")
        #expect(!narrow.contains("call: Match 12"), "\(narrow)")
        let wide = court(width: 120)[0]
        #expect(wide.contains("call: Match 12 (k) · hall ● synced #124"), "\(wide)")
    }

    /// A title long enough (the shuttles, a court's long name) that not even the whole link
    /// fits beside it: the link's dot stays, its words are left out.
    @Test func theLinksDotStaysWhereItsWordsDoNotFit() {
        let title = court(width: 80, link: HallLink(state: .offline, toSend: 12), shuttles: 12)[0]
        #expect(title.contains("12 shuttles") && title.contains(" hall ○ ─"), "\(title)")
        let wide = court(width: 120, link: HallLink(state: .offline, toSend: 12), shuttles: 12)[0]
        #expect(wide.contains("hall ○ offline · 12 to send"), "\(wide)")
    }
}
