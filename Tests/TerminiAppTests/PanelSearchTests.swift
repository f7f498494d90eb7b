import Testing
import TerminiCore
import TerminiWidgets
@testable import TerminiApp

/// Issue 25, item 11: `/` in the help, `n` and `N`, round the ends, nothing found said.
@Suite struct PanelSearchTests {
    static let lines = (0..<40).map { StyledLine($0 % 10 == 3 ? "entry \($0): the shuttle" : "entry \($0)") }
    func modal() -> PanelModal<Int> {
        PanelModal<Int>(searchable: true) { _ in ScrollPanel(title: "Help", lines: PanelSearchTests.lines) }
    }
    var ctx: AppContext {
        var c = AppContext(now: 0)
        c.size = Size(width: 60, height: 12)
        return c
    }
    mutating func press(_ m: inout PanelModal<Int>, _ keys: [Key]) {
        for k in keys { _ = m.handle(k, context: ctx) }
    }

    @Test mutating func slashFindsAndNGoesRound() {
        var m = modal()
        press(&m, [.char("/")] + "SHUTTLE".map { Key.char($0) } + [.enter])
        #expect(m.found == 3 && m.query == "SHUTTLE")
        #expect(m.panel(context: ctx).prompt?.contains("1 of 4") == true, "\(m.panel(context: ctx).prompt ?? "")")
        press(&m, [.char("n"), .char("n"), .char("n")])
        #expect(m.found == 33)
        #expect(m.scroll > 0, "scrolled to the match")
        press(&m, [.char("n")])
        #expect(m.found == 3, "round the end")
        press(&m, [.char("N")])
        #expect(m.found == 33, "round the start")
        // While typing, Esc ends the search (the stack does not close the panel) and q is text.
        press(&m, [.char("/")])
        #expect(!m.closesOnEscape)
        press(&m, [.char("q"), .backspace, .char("z"), .enter])
        #expect(m.panel(context: ctx).prompt == "not found: z" && m.found == nil)
        #expect(m.closesOnEscape)
        // A key that is not a search key still closes it.
        #expect({ if case .close = m.handle(.char("x"), context: ctx) { return true } else { return false } }())
    }

    @Test func aPanelThatIsNotSearchableClosesOnSlash() {
        var m = PanelModal<Int> { _ in ScrollPanel(title: "History", lines: PanelSearchTests.lines) }
        #expect({ if case .close = m.handle(.char("/"), context: ctx) { return true } else { return false } }())
    }
}
