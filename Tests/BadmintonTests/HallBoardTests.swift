import Testing
import TerminiCore
import TerminiApp
import TerminiTestSupport
@testable import Badminton

/// The recording desk's board (`--hall URL --watch --all`): each court's link to the hall, from
/// the `HallView` the shell puts in the context; without a hall, nothing of it.
@Suite struct HallBoardTests {
    func courts(_ names: [String]) -> InMemoryStore {
        let store = InMemoryStore()
        for c in names {
            var k = Harness(store: store, options: ["--new": "", "--court": c])
            k.press(.left)
        }
        return store
    }

    func screen(_ store: InMemoryStore, hall: HallView?, size: Size, unicode: Bool = true) -> String {
        let now = 1_800_000_100.0
        var ctx = AppContext(now: now, unicode: unicode, size: size)
        ctx.hall = hall
        let app = BadmintonApp(options: AppOptions(["--watch": "", "--all": ""]), store: store, context: ctx)
        var canvas = Canvas(width: size.width, height: size.height)
        app.render(in: Rect(size), on: &canvas, theme: unicode ? .builtinDefault : Theme.builtinDefault.withGlyphs(.ascii), context: ctx)
        return canvas.text
    }

    @Test func eachPaneShowsItsCourtsLink() {
        let store = courts(["1", "2"])
        let hall = HallView(courts: ["1": CourtLink(online: true, lastEventAt: 1_800_000_088, unacknowledged: 3),
                                     "2": CourtLink(online: false, quarantined: 2)])
        let s = screen(store, hall: hall, size: Size(width: 78, height: 21))
        #expect(s.contains("● online · 12 s ago · 3 to come"), "\(s)")
        #expect(s.contains("○ offline · 2 set aside"), "\(s)")
        let ascii = screen(store, hall: hall, size: Size(width: 78, height: 21), unicode: false)
        #expect(ascii.contains("* online - 12 s ago - 3 to come") && ascii.contains("o offline - 2 set aside"), "\(ascii)")
        #expect(!screen(store, hall: nil, size: Size(width: 78, height: 21)).contains("online"))
    }

    @Test func aCourtsProblemIsSaid() {
        let store = courts(["7"])
        let hall = HallView(courts: ["7": CourtLink(online: true, problem: "two keepers claim court 7: abc, def")])
        #expect(screen(store, hall: hall, size: Size(width: 78, height: 21)).contains("● online · two keepers claim court 7"))
    }

    @Test func aLineEachWhenPanesDoNotFit() {
        let store = courts(["1", "2", "3", "4", "5", "6"])
        let hall = HallView(courts: ["4": CourtLink(online: false)])
        let s = screen(store, hall: hall, size: Size(width: 60, height: 6))
        #expect(s.contains("4: [○ offline] "), "\(s)")
    }
}
