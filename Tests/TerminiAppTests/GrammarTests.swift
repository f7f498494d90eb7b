import Testing
import TerminiCore
import TerminiWidgets
import TerminiApp
import TerminiTestSupport

/// A subject for key tables: a counter with a mode.
private struct Counter {
    var value = 0
    var locked = false
    static let keys = KeyTable<Counter, [AppEffect]>([
        .init("Counting", [
            Binding([.char("+"), .right], helpKeys: [.char("+"), .char("-")], hint: .init("Count", keys: [.char("+"), .char("-")]),
                    "one more, one less", when: { !$0.locked }) { c, _, _ in
                c.value += 1
                return []
            },
            Binding([.char("-"), .left], nil, when: { !$0.locked }) { c, _, _ in
                c.value -= 1
                return []
            },
            Binding([.char("l")], hint: .init { $0.locked ? "Unlock" : "Lock" }, "lock, unlock") { c, _, _ in
                c.locked.toggle()
                return [.notice(c.locked ? "Locked." : "Unlocked.")]
            },
        ]),
        .init("Now and then", [
            Binding([.enter], hint: .init("Late", priority: -1), "only after t = 10", at: { _, ctx in ctx.now >= 10 }) { c, _, _ in
                c.value = 100
                return []
            },
            Binding(anyKey: "any other key", "ignored") { _, _, _ in [] },
        ]),
    ])
}

@Suite struct KeyTableTests {
    @Test func theFirstBindingThatAppliesTakesTheKey() {
        var c = Counter()
        let ctx = AppContext(now: 0)
        #expect(Counter.keys.dispatch(.char("+"), to: &c, context: ctx) == [])
        #expect(Counter.keys.dispatch(.right, to: &c, context: ctx) == [])
        #expect(c.value == 2)
        #expect(Counter.keys.dispatch(.char("l"), to: &c, context: ctx) == [.notice("Locked.")])
        _ = Counter.keys.dispatch(.char("+"), to: &c, context: ctx)
        #expect(c.value == 2, "locked: the binding does not apply, the catch-all takes the key")
        _ = Counter.keys.dispatch(.enter, to: &c, context: ctx)
        #expect(c.value == 2, "a condition on the moment")
        _ = Counter.keys.dispatch(.enter, to: &c, context: AppContext(now: 10))
        #expect(c.value == 100)
    }

    @Test func hintsAndHelpComeFromTheSameBindings() {
        var c = Counter()
        #expect(Counter.keys.hints(for: c, context: AppContext(now: 0)).map { "\($0.key) \($0.label)" } == ["+/- Count", "l Lock"])
        #expect(Counter.keys.hints(for: c, context: AppContext(now: 20)).map(\.label) == ["Late", "Count", "Lock"], "priority first")
        c.locked = true
        #expect(Counter.keys.hints(for: c, context: AppContext(now: 0)).map(\.label) == ["Unlock"])
        let help = Counter.keys.help(glyphs: .unicode)
        #expect(help.map(\.title) == ["Counting", "Now and then"])
        #expect(help[0].entries.map(\.keys) == ["+ -", "l"], "the second binding is documented by the first")
        #expect(help[1].entries.map(\.keys) == ["Enter", "any other key"])
    }

    @Test func oneNameForEachKey() {
        let u = Glyphs.unicode, a = Glyphs.ascii
        #expect(u.hintName(of: [.left, .right]) == "←→" && a.hintName(of: [.left, .right]) == "Left/Right")
        #expect(u.hintName(of: [.left, .up, .down, .right]) == "←↑↓→" && a.hintName(of: [.left, .up, .down, .right]) == "Left/Up/Down/Right")
        #expect(u.hintName(of: KeyNames.digits(1...5)) == "1-5" && u.hintName(of: KeyNames.functionKeys(2...6)) == "F2-F6")
        #expect(u.hintName(of: [.char("-"), .char("+")]) == "-/+")
        #expect(u.hintName(of: [.pageUp, .pageDown]) == "PgUp/PgDn")
        #expect(u.listName(of: [.left, .char("a"), .char("z"), .pageUp]) == "← a z PgUp")
        #expect(a.listName(of: [.left, .char("a"), .char("z"), .pageUp]) == "Left a z PgUp")
        #expect(u.listName(of: KeyNames.digits(1...2)) == "1 2", "two numbers are two keys, three a range")
        #expect(u.listName(of: [.char(" "), .enter, .ctrl("r"), .backTab, .delete]) == "Space Enter Ctrl-R Shift-Tab Delete")
    }
}

private struct Pick: Modal {
    typealias Action = String
    var seen: [Key] = []
    mutating func handle(_ key: Key, context: AppContext) -> ModalStep<String> {
        seen.append(key)
        switch key {
        case .enter: return .finish("chosen")
        case .char("s"): return .send("sent")
        case .char("x"): return .alert
        case .char("c"): return .close
        default: return .stay
        }
    }
    func hints(context: AppContext) -> [KeyHint] { [KeyHint("Enter", "Pick")] }
    func render(in rect: Rect, on canvas: inout Canvas, theme: Theme, context: AppContext) {
        canvas.put("pick", x: rect.x, y: rect.y, style: .plain)
    }
}

@Suite struct ModalStackTests {
    let ctx = AppContext(now: 0)

    @Test func theTopModalTakesEveryKeyAndEscClosesIt() {
        var stack = ModalStack<String>()
        #expect(stack.isEmpty && stack.hints(context: ctx) == nil)
        guard case .none = stack.handle(.enter, context: ctx) else { Issue.record("no modal: the key is the screen's"); return }
        stack.push(Pick())
        stack.push(Pick())
        #expect(stack.modals.count == 2 && stack.hints(context: ctx) == [KeyHint("Enter", "Pick")])
        guard case .handled = stack.handle(.char("q"), context: ctx) else { Issue.record("q is the modal's"); return }
        #expect(stack.top(Pick.self)?.seen == [.char("q")], "the top one got it")
        guard case .handled = stack.handle(.escape, context: ctx) else { Issue.record("Esc"); return }
        #expect(stack.modals.count == 1, "Esc closed the top one only")
        guard case .action("sent") = stack.handle(.char("s"), context: ctx) else { Issue.record("send"); return }
        #expect(stack.modals.count == 1, "send keeps it open")
        guard case .alert = stack.handle(.char("x"), context: ctx) else { Issue.record("alert"); return }
        guard case .action("chosen") = stack.handle(.enter, context: ctx) else { Issue.record("finish"); return }
        #expect(stack.isEmpty, "finish closes it")
    }

    @Test func aQuestionIsWordedOneWayAndNoHasTheFocus() {
        var q = DialogModal.confirm(title: "Reset", message: "Sure?", yes: "reset", action: "reset")
        #expect(q.dialog.buttons == ["Yes, reset", "No"] && q.dialog.focused == 1)
        #expect(q.hints(context: ctx).map(\.key) == ["y", "n", "Enter", "Esc"])
        guard case .close = q.handle(.enter, context: ctx) else { Issue.record("Enter picks the focused No"); return }
        guard case .finish("reset") = q.handle(.char("y"), context: ctx) else { Issue.record("y says yes"); return }
        var menu = DialogModal(Dialog(title: "Size", message: "", buttons: ["a", "b", "c"]), actions: ["1", "2", "3"], numberKeys: true, hints: [])
        guard case .finish("3") = menu.handle(.char("3"), context: ctx) else { Issue.record("number keys"); return }
    }

    @Test func aPanelScrollsWithinTheRealHeightAndAnyOtherKeyClosesIt() {
        var panel = PanelModal<String> { _ in ScrollPanel(title: "List", lines: (1...30).map { StyledLine("line \($0)") }) }
        let small = AppContext(now: 0, size: Size(width: 40, height: 10))
        for _ in 0..<50 { _ = panel.handle(.down, context: small) }
        #expect(panel.scroll == 23, "7 rows of text in 10: the last 7 lines show, no further")
        _ = panel.handle(.up, context: small)
        #expect(panel.scroll == 22, "one up moves at once")
        guard case .close = panel.handle(.char("q"), context: small) else { Issue.record("q closes a panel"); return }
    }
}

@Suite struct EffectExecutorTests {
    final class FailingStore: StateStore {
        let inner = InMemoryStore()
        var failing: Set<String> = []
        struct Full: Error, CustomStringConvertible { var description: String { "the disk is full" } }
        func load<T: Decodable>(_ type: T.Type, from file: String, version: Int) -> T? { inner.load(type, from: file, version: version) }
        func readBytes(_ file: String) -> [UInt8]? { inner.readBytes(file) }
        func keepAside(_ file: String, reason: String) -> String? { inner.keepAside(file, reason: reason) }
        func lock(_ name: String) -> Bool { true }
        func unlock(_ name: String) {}
        func notice(_ text: String) { inner.notice(text) }
        var canWrite: Bool { true }
        func preference(_ key: String) -> String? { inner.preference(key) }
        func write(_ file: String, bytes: [UInt8]) throws {
            if failing.contains(file) { throw Full() }
            try inner.write(file, bytes: bytes)
        }
        func append(_ file: String, bytes: [UInt8]) throws {
            if failing.contains(file) { throw Full() }
            try inner.append(file, bytes: bytes)
        }
        func takeNotices() -> [String] { inner.takeNotices() }
    }

    @Test func writesWaitForTheFlushAndTheLastOneWins() {
        let store = InMemoryStore()
        let ex = EffectExecutor(store: store, preferences: InMemoryPreferences(store))
        let out = ex.perform([.write(file: "a", bytes: [1]), .write(file: "a", bytes: [2]), .bell, .notice("hi"), .quit, .speak("5-3")])
        #expect(out.requests == [.bell, .quit, .speak("5-3")] && out.failures.isEmpty)
        #expect(store.files["a"] == nil && ex.hasPendingWrites, "nothing written before the flush")
        #expect(ex.flush().isEmpty)
        #expect(store.files["a"] == [2] && store.writes["a"] == 1, "one write, the last content")
        #expect(ex.notices.texts == ["hi"])
    }

    @Test func anAppendKeepsItsPlaceAmongTheWrites() {
        let store = InMemoryStore()
        let ex = EffectExecutor(store: store, preferences: InMemoryPreferences(store))
        // Whole lines (a journal's), as the store never puts a line onto one cut short.
        ex.perform([.write(file: "j", bytes: [1, 0x0a]), .append(file: "j", bytes: [2, 0x0a]), .write(file: "k", bytes: [3])])
        #expect(store.files["j"] == [1, 0x0a, 2, 0x0a], "the pending write went first")
        ex.flush()
        #expect(store.files["k"] == [3])
    }

    @Test func eachFailedSaveIsReportedWithItsEffectAndItsOwner() {
        let store = FailingStore()
        store.failing = ["match.jsonl", "cart.json"]
        let ex = EffectExecutor(store: store, preferences: InMemoryPreferences(store.inner))
        let append = AppEffect.append(file: "match.jsonl", bytes: [1])
        let out = ex.perform([append, .write(file: "cart.json", bytes: [2]), .write(file: "ok.json", bytes: [3])], owner: "badminton")
        #expect(out.failures.map(\.file) == ["match.jsonl"] && out.failures.first?.effect == append)
        #expect(out.failures.first?.owner == "badminton" && out.failures.first?.inMemoryOnly == false)
        // The rest of that change is undone with it: not saved.
        #expect(ex.flush().isEmpty && !ex.hasPendingWrites)
        #expect(store.inner.files["ok.json"] == nil, "a save after the failed one was made")
        // A write fails at the flush, and says so there; another owner's write still goes.
        ex.perform([.write(file: "cart.json", bytes: [2])], owner: "coffee")
        ex.perform([.write(file: "ok.json", bytes: [3])], owner: "stamps")
        let later = ex.flush()
        #expect(later.map(\.file) == ["cart.json"] && later.first?.owner == "coffee")
        #expect(store.inner.files["ok.json"] == [3], "the other app's write is made")
        // One warning, naming the cause, sticky; a save that works says so once.
        #expect(ex.notices.texts == ["Could not save cart.json: the disk is full. Not done; showing what is saved."])
        #expect(ex.notices.notices.map(\.stickyID) == [EffectExecutor.saveWarning])
        store.failing = []
        ex.perform([.write(file: "cart.json", bytes: [4])], owner: "coffee")
        #expect(ex.flush().isEmpty)
        #expect(ex.notices.texts == ["Saved again: the disk takes Termini's changes."])
        ex.notices.keyPressed()
        #expect(ex.notices.isEmpty)
    }

    @Test func aStickyNoticeOutlivesKeysUntilCleared() {
        let board = NoticeBoard()
        board.post("Not saved: the disk is full", sticky: "save")
        board.post("The order is already empty.")
        board.keyPressed()
        #expect(board.texts == ["Not saved: the disk is full"])
        board.post("Still not saved", sticky: "save")
        #expect(board.texts == ["Still not saved"], "one per id, updated in place")
        board.clear("save")
        #expect(board.isEmpty && board.newest == nil)
    }

    @Test func aPreferenceRewritesConfigOnlyWhenItChanges() {
        let store = InMemoryStore()
        let ex = EffectExecutor(store: store, preferences: InMemoryPreferences(store))
        ex.perform([.setPreference(key: "sound", value: "yes")])
        ex.perform([.setPreference(key: "sound", value: "yes")])
        #expect(store.writes["config"] == 1 && store.preferences["sound"] == "yes")
    }
}
