import Testing
import TerminiCore
import TerminiWidgets
import TerminiApp
import TerminiTestSupport
@testable import Coffee

let now = 1_700_000_000.0

func coffee(_ store: InMemoryStore = InMemoryStore(), unicode: Bool = true, size: Size = AppContext.standardSize) -> AppHarness<CoffeeApp> {
    AppHarness(store: store, now: now, unicode: unicode, size: size)
}

extension AppHarness where App == CoffeeApp {
    var dialog: Dialog? { app.modals.top(DialogModal<CoffeeApp.Action>.self)?.dialog }
    var receiptOpen: Bool { app.modals.top(PanelModal<CoffeeApp.Action>.self) != nil }
}

@Suite struct CoffeeAppTests {
    /// Backspace empties a line, says so, and u puts it back (issue 25: Geisha 10 -> 0 with
    /// no word and no way back, while c asks first).
    @Test func backspaceEmptiesALineSaysSoAndUPutsItBack() {
        let store = InMemoryStore()
        var h = coffee(store)
        h.press([.down, .down, .down, .down])  // the order, Geisha
        #expect(h.app.shop.products[h.app.shop.row].name == "Geisha")
        h.press(Array(repeating: Key.char("+"), count: 10))
        #expect(h.app.shop.quantities[3] == 10)
        let e = h.press(.backspace)
        #expect(h.app.shop.quantities[3] == 0)
        #expect(e.contains(.notice("Geisha: 10 bags taken off the order; u puts them back.")), "\(e)")
        h.press(.char("u"))
        #expect(h.app.shop.quantities[3] == 10)
        // Saved as it is now.
        #expect(coffee(store).app.shop.quantities[3] == 10)
        // Delete too; u once more; nothing left to undo then.
        h.press(.delete)
        #expect(h.app.shop.quantities[3] == 0)
        h.press(.char("u"))
        #expect(h.app.shop.quantities[3] == 10)
        #expect(h.press(.char("u")).contains(.notice("Nothing to undo.")))
        // A line already empty: nothing taken, nothing said.
        h.press(.down)
        #expect(h.press(.backspace).isEmpty)
    }

    /// Digits typed in the order set the quantity: one digit, or two for 10 to 99; the
    /// stores keep 1-9 for the branches.
    @Test func digitsTypeAQuantityInTheOrder() {
        var h = coffee()
        h.press([.down])
        h.press(.char("3"))
        #expect(h.app.shop.quantities[0] == 3)
        h.press(.char("+"))
        #expect(h.app.shop.quantities[0] == 4)
        h.press([.char("1"), .char("2")])
        #expect(h.app.shop.quantities[0] == 12)
        // A third digit starts a new number.
        h.press(.char("4"))
        #expect(h.app.shop.quantities[0] == 4)
        h.press(.char("0"))
        #expect(h.app.shop.quantities[0] == 40)
        h.press([.down, .char("0")])
        #expect(h.app.shop.quantities[1] == 0)
        h.press([.char("0"), .char("7")])
        #expect(h.app.shop.quantities[1] == 7)
        // Any other key ends the number.
        h.press([.char("+"), .char("5")])
        #expect(h.app.shop.quantities[1] == 5)
        // u undoes the last change.
        h.press(.char("u"))
        #expect(h.app.shop.quantities[1] == 8)
        #expect(h.app.shop.branch == 0)
    }

    @Test func carouselKeys() {
        let store = InMemoryStore()
        var h = coffee(store)
        #expect(h.app.pane == .stores)
        h.press([.right])
        #expect(h.app.shop.branch == 1)
        h.press([.left, .left])
        #expect(h.app.shop.branch == 4)
        h.press([.char("]")])
        #expect(h.app.shop.branch == 0)
        h.press([.char("[")])
        #expect(h.app.shop.branch == 4)
        h.press([.char("3")])
        #expect(h.app.shop.branch == 2)
        let e = h.press([.char("7")])
        #expect(h.app.shop.branch == 2)
        #expect(e == [.bell])
        // The branch is saved and restored.
        #expect(coffee(store).app.shop.currentBranch.name == "三號松江店")
    }

    @Test func orderKeys() {
        let store = InMemoryStore()
        var h = coffee(store)
        h.press([.down])  // into the order
        #expect(h.app.pane == .order)
        #expect(h.app.shop.row == 0)
        h.press([.char("+"), .char("+"), .down, .right, .down, .char("+"), .char("="), .char("+")])
        #expect(h.app.shop.quantities == [2, 1, 3, 0, 0, 0])
        #expect(h.app.shop.money(h.app.shop.totalPrice) == "NT$2,360")
        h.press([.left, .char("-")])
        #expect(h.app.shop.quantities == [2, 1, 1, 0, 0, 0])
        // ←/→ in the order change quantities, not branches.
        #expect(h.app.shop.branch == 0)
        // [ ] still move the carousel from the order.
        h.press([.char("]")])
        #expect(h.app.shop.branch == 1)
        h.press([.backspace])
        #expect(h.app.shop.quantities == [2, 1, 0, 0, 0, 0])
        h.press([.end])
        #expect(h.app.shop.row == 5)
        let e = h.press([.char("-")])
        #expect(e == [.bell])
        h.press([.home, .up])
        #expect(h.app.pane == .stores)
        h.press([.tab])
        #expect(h.app.pane == .order)
        h.press([.backTab])
        #expect(h.app.pane == .stores)
        // Restart: the cart is kept.
        let again = coffee(store)
        #expect(again.app.shop.quantities == [2, 1, 0, 0, 0, 0])
        #expect(again.app.shop.branch == 1)
    }

    /// Found trying it as a new user would, with the panes side by side (120×40): `2 + +`
    /// added two House Blend while no row showed a cursor, `+`/`-` acted with the stores
    /// focused, digits in the order jumped branches, and `↑` at the top of the order toggled
    /// between the panes. Keys act on the pane that shows the focus.
    @Test func keysActOnThePaneThatShowsTheFocus() {
        var h = coffee(size: Size(width: 118, height: 37))
        func pointerRows() -> [String] { h.lines().filter { $0.contains("▸ House") || $0.contains("▸ Ethiopia") } }
        h.press([.char("2"), .char("+"), .char("+"), .char("-")])
        #expect(h.app.shop.branch == 1)
        #expect(h.app.shop.isEmpty, "+ and - belong to the order, which does not have the focus")
        #expect(pointerRows().isEmpty, "no row shows a cursor while the stores have the focus")
        h.press(.down)
        #expect(h.app.pane == .order && h.app.shop.row == 0)
        #expect(pointerRows().count == 1 && pointerRows()[0].contains("▸ House Blend"), "the cursor shows where the keys act")
        h.press([.char("+"), .char("+")])
        #expect(h.app.shop.quantities[0] == 2)
        h.press(.char("4"))
        #expect(h.app.shop.branch == 1, "digits belong to the stores")
        h.press(.up)
        #expect(h.app.pane == .stores, "up from the first coffee goes back to the stores")
        h.press(.up)
        #expect(h.app.pane == .stores, "and stays there")
        h.press(.down, .down)
        #expect(h.app.pane == .order && h.app.shop.row == 1, "down enters the order, then moves in it")
    }

    @Test func clearAsksFirst() {
        let store = InMemoryStore()
        var h = coffee(store)
        #expect(h.press([.char("c")]) == [.notice("The order is already empty.")])
        h.press([.down, .char("+"), .char("+"), .char("c")])
        guard let d = h.dialog else { Issue.record("no dialog"); return }
        #expect(d.message.contains("(2 bags, NT$560)"))
        #expect(h.app.wantsAllKeys)
        h.press([.enter])  // "No" has the focus
        #expect(h.app.shop.totalQuantity == 2)
        h.press([.char("c"), .escape])
        #expect(h.app.shop.totalQuantity == 2)
        h.press([.char("c"), .char("y")])
        #expect(h.app.shop.totalQuantity == 0)
        #expect(h.app.modals.isEmpty)
        #expect(coffee(store).app.shop.isEmpty)
    }

    @Test func receiptOverlay() {
        let store = InMemoryStore()
        var h = coffee(store)
        h.press([.down, .char("+"), .enter])
        #expect(h.receiptOpen)
        let text = h.canvas().text
        #expect(text.contains("COFFEE SHOP RECEIPT"))
        #expect(text.contains("House Blend    1 × NT$280   NT$280"))
        #expect(text.contains("Total  1 bag"))
        #expect(text.contains("any key closes"))
        h.press([.escape])
        #expect(h.app.modals.isEmpty)
    }

    @Test func anyKeyButTheArrowsClosesTheReceiptAndQDoesNotQuit() {
        let store = InMemoryStore()
        var h = coffee(store)
        h.press([.down, .char("+")])
        for key: Key in [.escape, .enter, .char(" "), .char("q"), .char("+"), .char("c"), .char("3"), .tab] {
            h.press([.enter, .up, .down, .pageDown, .pageUp])
            #expect(!h.app.modals.isEmpty, "\(key)")
            let effects = h.press([key])
            #expect(h.app.modals.isEmpty, "\(key)")
            #expect(effects.isEmpty, "\(key)")
        }
        // The keys only closed the receipt: nothing was added, no branch or dialog opened.
        #expect(h.app.shop.quantities == [1, 0, 0, 0, 0, 0])
        #expect(h.app.shop.branch == 0)
        h.press([.enter])
        #expect(h.hints.map(\.key) == ["↑↓", "PgUp/PgDn", "any other key"])
        #expect(h.hints.map(\.label) == ["Scroll", "Page", "Close"])
    }

    @Test func aLongReceiptScrollsOnASmallScreen() {
        let store = InMemoryStore()
        var h = coffee(store)
        h.press([.down] + Array(repeating: [.char("+"), .down], count: 6).flatMap { $0 } + [.enter])
        let small = Size(width: 46, height: 14)
        h.size = small  // the scroll limits come from the real height
        var lines = h.canvas(size: small).lines
        #expect(lines.contains { $0.contains("COFFEE SHOP RECEIPT") })
        #expect(!lines.contains { $0.contains("Total  6 bags") })
        #expect(lines.contains { $0.contains("↑/↓ scroll · any other key closes") })
        h.press(Array(repeating: .down, count: 30))
        lines = h.canvas(size: small).lines
        #expect(lines.contains { $0.contains("Total  6 bags") }, "\(lines.joined(separator: "\n"))")
        // At the end and no further: one ↑ shows the line above at once.
        h.press([.up])
        #expect(!h.canvas(size: small).lines.contains { $0.contains("Total  6 bags") })
    }

    @Test func ownCatalogIsUsed() {
        let store = InMemoryStore(files: ["coffee-catalog.json": bytes(goodCatalog)])
        var h = coffee(store)
        #expect(h.app.shop.catalog.currency == "¥")
        #expect(h.app.status(context: h.context) == "own catalog")
        #expect(h.notices.isEmpty)
        h.press([.down, .char("+")])
        #expect(h.canvas().text.contains("¥1,200"))
    }

    @Test func badCatalogFallsBackWithTheLine() {
        let bad = "{\n  \"branches\": [{\"name\": \"a\", \"phone\": \"1\", \"address\": \"x\"}],\n  \"products\": [{\"name\": \"Kenya\", \"price\": \"500\"}]\n}\n"
        let store = InMemoryStore(files: ["coffee-catalog.json": bytes(bad)])
        let h = coffee(store)
        #expect(h.app.shop.catalog == .builtIn)
        #expect(h.app.status(context: h.context) == nil)
        #expect(h.notices == ["coffee-catalog.json line 3: the price of \"Kenya\" must be a number such as 280, not text; using the built-in catalog"])
    }

    @Test func receiptCommand() {
        let store = InMemoryStore()
        var h = coffee(store)
        h.press([.char("2"), .down, .char("+"), .down, .down, .down, .char("+"), .char("+")])
        #expect(CoffeeApp.runCommand(AppOptions(), store: store, context: AppContext(now: now)) == nil)
        // A UTF-8 locale: the shop's own name and ×, as on the screen.
        let out = CoffeeApp.runCommand(AppOptions(["--receipt": ""]), store: store, context: AppContext(now: now, unicode: true))
        #expect(out?.status == 0)
        #expect(out?.stderr == "")
        #expect(out?.stdout == [
            "        COFFEE SHOP RECEIPT",
            "             二號公園店",
            "             No. 2 Park",
            "           (02)2545-3737",
            "   松山區民生東路三段113巷25弄2號",
            "────────────────────────────────────",
            "House Blend    1 × NT$280     NT$280",
            "Geisha         2 × NT$550   NT$1,100",
            "────────────────────────────────────",
            "Total  3 bags               NT$1,380",
        ].joined(separator: "\n") + "\n")
        // LANG=C or --ascii: Latin letters and x only.
        let plain = CoffeeApp.runCommand(AppOptions(["--receipt": ""]), store: store, context: AppContext(now: now, unicode: false))
        #expect(plain?.stdout == [
            "                      COFFEE SHOP RECEIPT",
            "                           No. 2 Park",
            "                         (02)2545-3737",
            "No. 2, Aly. 25, Ln. 113, Sec. 3, Minsheng E. Rd., Songshan Dist.",
            "----------------------------------------------------------------",
            "House Blend    1 x NT$280                                 NT$280",
            "Geisha         2 x NT$550                               NT$1,100",
            "----------------------------------------------------------------",
            "Total  3 bags                                           NT$1,380",
        ].joined(separator: "\n") + "\n")

        store.files["coffee-catalog.json"] = bytes("{")
        let warned = CoffeeApp.runCommand(AppOptions(["--receipt": ""]), store: store, context: AppContext(now: now))
        #expect(warned?.stderr.hasPrefix("termini: coffee-catalog.json line 1, column 2:") == true)
        #expect(warned?.stdout.contains("NT$1,380") == true)
    }

    @Test func everyKeyIsInTheHelpAndHintsFit() {
        let h = coffee()
        let keys = h.help.flatMap { $0.entries.map(\.keys) }.joined(separator: " ")
        for k in ["←", "→", "[", "]", "1-5", "↑", "↓", "-", "+", "Backspace", "Home", "End", "c", "Enter", "Tab", "Esc",
                  "PgUp", "PgDn", "any other key", "y n"] {
            #expect(keys.contains(k), "\(k)")
        }
        // The shell adds "? Help", "Esc Menu" and "q Quit": at 80 columns the bar shows every
        // key, or says it could not ("? more"), and never loses Esc or q.
        for unicode in [true, false] {
            var a = coffee(unicode: unicode)
            for focus in 0..<2 {
                if focus == 1 { a.press(.tab) }
                let all = a.hints + [KeyHint("Esc", "Menu"), KeyHint("q", "Quit")]
                let bar = KeyHintBar(all, pinnedTrailing: 2, lead: KeyHint("?", "Help"), more: KeyHint("?", "more"))
                let shown = bar.visible(width: 80)
                #expect(shown.contains(KeyHint("Esc", "Menu")) && shown.contains(KeyHint("q", "Quit")))
                #expect(shown.last == (shown.count == all.count + 1 ? KeyHint("q", "Quit") : KeyHint("?", "more")), "\(shown)")
            }
        }
    }

    @Test func chineseTextLinesUpOnEveryBranch() {
        // For every branch, the name, the phone and the address start in the same column of
        // cells, and nothing runs past the pane: double-width characters are counted as two.
        var h = coffee()
        for b in 0..<5 {
            h.press(.char(Character(String(b + 1))))
            let canvas = h.canvas()
            let branch = h.app.shop.currentBranch
            func column(of text: String) -> (x: Int, y: Int)? {
                for y in 0..<canvas.height {
                    let row = (0..<canvas.width).map { canvas[$0, $0 >= 0 ? y : 0] }
                    for x in 0..<canvas.width where !row[x].isContinuation {
                        var s = ""
                        var cx = x
                        while cx < canvas.width && s.count < text.count {
                            if !row[cx].isContinuation { s.append(row[cx].character) }
                            cx += 1
                        }
                        if s == text { return (x, y) }
                    }
                }
                return nil
            }
            let name = column(of: branch.name)
            let phone = column(of: "Tel " + branch.phone)
            let address = column(of: String(branch.address.prefix(6)))
            #expect(name != nil && phone != nil && address != nil, "branch \(b + 1)\n\(canvas.text)")
            #expect(name?.x == phone?.x && phone?.x == address?.x, "branch \(b + 1)\n\(canvas.text)")
            // Each Chinese character takes two cells.
            if let n = name {
                #expect(canvas[n.x + 1, n.y].isContinuation)
                #expect(canvas[n.x + 2, n.y].character == Array(branch.name)[1])
            }
        }
    }

    @Test func wideTerminalPutsTheOrderBesideTheStores() {
        let store = InMemoryStore()
        var h = coffee(store)
        h.press([.char("+")])
        let canvas = h.canvas(size: Size(width: 198, height: 57))
        let text = canvas.lines
        let storeRow = text.firstIndex { $0.contains("民權創始店") }
        let orderRow = text.firstIndex { $0.contains("House Blend") }
        #expect(storeRow != nil && orderRow != nil)
        // Side by side: the House Blend row holds the storefront's column too.
        if let o = orderRow {
            #expect(text[o].hasPrefix("│") == false)
            #expect(text[o].contains("│"))
        }
        let tall = h.canvas(size: Size(width: 78, height: 40)).lines
        #expect(tall.contains { $0.contains("COFFEE 1") })
        #expect(tall.contains { $0.contains("NT$280") })
    }
}
