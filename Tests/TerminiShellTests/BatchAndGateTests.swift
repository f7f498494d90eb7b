import Testing
import TerminiCore
import TerminiWidgets
import TerminiApp
import TerminiTestSupport
@testable import TerminiShell

@Suite struct BatchAndGateTests {
    @Test func keysReadTogetherSaveOnceWithTheLastState() {
        let store = InMemoryStore()
        let shell = makeShell(store: store, config: "sound = no", open: "boxing")
        shell.press(.char("x"))  // past the launch screen
        let before = store.writes["boxing.json"] ?? 0
        _ = shell.handle(Array(repeating: Key.char(" "), count: 5), now: 10)
        #expect(store.writes["boxing.json"] == before + 1)
        let saved = String(decoding: store.files["boxing.json"] ?? [], as: UTF8.self)
        #expect(saved.contains("5"), "\(saved)")
        // One key at a time: one write each.
        shell.press(.char(" "))
        shell.press(.char(" "))
        #expect(store.writes["boxing.json"] == before + 3)
    }

    @Test func aQuitInTheMiddleOfABatchStopsIt() {
        let shell = makeShell()
        _ = shell.handle([.char("q"), .char("2")], now: 0)
        #expect(shell.quitRequested)
        #expect(shell.current == nil)
    }

    @Test func keysWaitWhileTheTerminalIsTooSmall() {
        let shell = makeShell()
        #expect(shell.text(Size(width: 20, height: 5)).contains("Enlarge"))
        shell.press(.down, .enter, .char("3"))
        #expect(shell.current == nil, "nothing opens unseen")
        #expect(shell.screen()[13].contains("▸ 1  Badminton"), "the selection did not move either")
        // Back at a usable size keys work again; q works even when too small.
        shell.press(.down)
        #expect(shell.screen()[14].contains("▸ 2  Boxing Time"))
        _ = shell.text(Size(width: 20, height: 5))
        shell.press(.char("q"))
        #expect(shell.quitRequested)
    }

    @Test func anAppsStartUpBellReachesTheTerminal() {
        let shell = makeShell(config: "sound = yes", open: "boxing")
        #expect(shell.takeOutputs() == [.bell])
        #expect(shell.takeOutputs().isEmpty)
        let quiet = makeShell(config: "sound = no", open: "boxing")
        #expect(quiet.takeOutputs().isEmpty)
    }

    @Test func narrowHintBarsKeepHelpMenuAndQuit() {
        let shell = makeShell(open: "boxing")
        shell.press(.char("x"))  // past the launch screen
        // Not every key fits: the bar keeps Esc and q, and ends saying so.
        let bar = shell.screen(Size(width: 60, height: 24))[23]
        #expect(bar == " Space Punch  ←→ Target  Esc Menu  q Quit  ? more", "\(bar)")
        #expect(shell.screen(Size(width: 100, height: 24))[23].hasPrefix(" ? Help "), "everything fits: Help first, as always")
        let bars = KeyHintBar([KeyHint("a", "One"), KeyHint("b", "Two"), KeyHint("Esc", "Menu"), KeyHint("q", "Quit")], pinnedTrailing: 2)
        #expect(bars.visible(width: 24).map(\.key) == ["a", "Esc", "q"])
        #expect(bars.visible(width: 17).map(\.key) == ["Esc", "q"])
        #expect(bars.visible(width: 8).map(\.key) == ["a"])
    }
}
