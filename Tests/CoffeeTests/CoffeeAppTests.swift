import Testing
import TerminiCore
import TerminiWidgets
import TerminiApp
import TerminiTestSupport
@testable import Coffee

let now = 1_700_000_000.0

func makeCoffee(_ store: InMemoryStore = InMemoryStore(), unicode: Bool = true) -> CoffeeApp {
    CoffeeApp(options: AppOptions(), store: store, context: AppContext(now: now, unicode: unicode))
}

@discardableResult
func keys(_ app: inout CoffeeApp, _ list: [Key], store: InMemoryStore) -> [AppEffect] {
    var all: [AppEffect] = []
    for k in list {
        let e = app.handle(k, context: AppContext(now: now))
        for effect in e {
            if case let .write(file, bytes) = effect { try? store.write(file, bytes: bytes) }
        }
        all += e
    }
    return all
}

func coffeeScreen(_ app: CoffeeApp, size: Size = Size(width: 78, height: 21), unicode: Bool = true) -> Canvas {
    var canvas = Canvas(size: size)
    let theme = Theme.builtinDefault.withGlyphs(unicode ? .unicode : .ascii)
    app.render(in: Rect(size), on: &canvas, theme: theme, context: AppContext(now: now, unicode: unicode))
    return canvas
}

@Suite struct CoffeeAppTests {
    @Test func carouselKeys() {
        let store = InMemoryStore()
        var app = makeCoffee(store)
        #expect(app.focus == .stores)
        keys(&app, [.right], store: store)
        #expect(app.shop.branch == 1)
        keys(&app, [.left, .left], store: store)
        #expect(app.shop.branch == 4)
        keys(&app, [.char("]")], store: store)
        #expect(app.shop.branch == 0)
        keys(&app, [.char("[")], store: store)
        #expect(app.shop.branch == 4)
        keys(&app, [.char("3")], store: store)
        #expect(app.shop.branch == 2)
        let e = keys(&app, [.char("7")], store: store)
        #expect(app.shop.branch == 2)
        #expect(e == [.bell])
        // The branch is saved and restored.
        #expect(makeCoffee(store).shop.currentBranch.name == "三號松江店")
    }

    @Test func orderKeys() {
        let store = InMemoryStore()
        var app = makeCoffee(store)
        keys(&app, [.down], store: store)  // into the order
        #expect(app.focus == .order)
        #expect(app.shop.row == 0)
        keys(&app, [.char("+"), .char("+"), .down, .right, .down, .char("+"), .char("="), .char("+")], store: store)
        #expect(app.shop.quantities == [2, 1, 3, 0, 0, 0])
        #expect(app.shop.money(app.shop.totalPrice) == "NT$2,360")
        keys(&app, [.left, .char("-")], store: store)
        #expect(app.shop.quantities == [2, 1, 1, 0, 0, 0])
        // ←/→ in the order change quantities, not branches.
        #expect(app.shop.branch == 0)
        // [ ] still move the carousel from the order.
        keys(&app, [.char("]")], store: store)
        #expect(app.shop.branch == 1)
        keys(&app, [.backspace], store: store)
        #expect(app.shop.quantities == [2, 1, 0, 0, 0, 0])
        keys(&app, [.end], store: store)
        #expect(app.shop.row == 5)
        let e = keys(&app, [.char("-")], store: store)
        #expect(e == [.bell])
        keys(&app, [.home, .up], store: store)
        #expect(app.focus == .stores)
        keys(&app, [.tab], store: store)
        #expect(app.focus == .order)
        keys(&app, [.backTab], store: store)
        #expect(app.focus == .stores)
        // −/+ work with the stores focused too, on the remembered row.
        keys(&app, [.char("+")], store: store)
        #expect(app.shop.quantities == [3, 1, 0, 0, 0, 0])
        // Restart: the cart is kept.
        let again = makeCoffee(store)
        #expect(again.shop.quantities == [3, 1, 0, 0, 0, 0])
        #expect(again.shop.branch == 1)
    }

    @Test func clearAsksFirst() {
        let store = InMemoryStore()
        var app = makeCoffee(store)
        #expect(keys(&app, [.char("c")], store: store) == [.notice("The order is already empty.")])
        keys(&app, [.char("+"), .char("+"), .char("c")], store: store)
        guard case .confirmClear(let d) = app.overlay else { Issue.record("no dialog"); return }
        #expect(d.message.contains("(2 bags, NT$560)"))
        #expect(app.wantsAllKeys)
        keys(&app, [.enter], store: store)  // "No" has the focus
        #expect(app.shop.totalQuantity == 2)
        keys(&app, [.char("c"), .escape], store: store)
        #expect(app.shop.totalQuantity == 2)
        keys(&app, [.char("c"), .char("y")], store: store)
        #expect(app.shop.totalQuantity == 0)
        #expect(app.overlay == nil)
        #expect(makeCoffee(store).shop.isEmpty)
    }

    @Test func receiptOverlay() {
        let store = InMemoryStore()
        var app = makeCoffee(store)
        keys(&app, [.char("+"), .enter], store: store)
        #expect(app.overlay == .receipt(scroll: 0))
        let text = coffeeScreen(app).text
        #expect(text.contains("COFFEE SHOP RECEIPT"))
        #expect(text.contains("House Blend    1 × NT$280   NT$280"))
        #expect(text.contains("Total  1 bag"))
        #expect(text.contains("any key closes"))
        keys(&app, [.escape], store: store)
        #expect(app.overlay == nil)
    }

    @Test func anyKeyButTheArrowsClosesTheReceiptAndQDoesNotQuit() {
        let store = InMemoryStore()
        var app = makeCoffee(store)
        keys(&app, [.char("+")], store: store)
        for key: Key in [.escape, .enter, .char(" "), .char("q"), .char("+"), .char("c"), .char("3"), .tab] {
            keys(&app, [.enter, .up, .down, .pageDown, .pageUp], store: store)
            #expect(app.overlay != nil, "\(key)")
            let effects = keys(&app, [key], store: store)
            #expect(app.overlay == nil, "\(key)")
            #expect(effects.isEmpty, "\(key)")
        }
        // The keys only closed the receipt: nothing was added, no branch or dialog opened.
        #expect(app.shop.quantities == [1, 0, 0, 0, 0, 0])
        #expect(app.shop.branch == 0)
        keys(&app, [.enter], store: store)
        #expect(app.hints.map(\.key) == ["↑↓", "any other key"])
        #expect(app.hints.map(\.label) == ["Scroll", "Close"])
    }

    @Test func aLongReceiptScrollsOnASmallScreen() {
        let store = InMemoryStore()
        var app = makeCoffee(store)
        keys(&app, [.down] + Array(repeating: [.char("+"), .down], count: 6).flatMap { $0 } + [.enter], store: store)
        let small = Size(width: 46, height: 14)
        var lines = coffeeScreen(app, size: small).lines
        #expect(lines.contains { $0.contains("COFFEE SHOP RECEIPT") })
        #expect(!lines.contains { $0.contains("Total  6 bags") })
        #expect(lines.contains { $0.contains("↑/↓ scroll · any other key closes") })
        keys(&app, Array(repeating: .down, count: 30), store: store)
        lines = coffeeScreen(app, size: small).lines
        #expect(lines.contains { $0.contains("Total  6 bags") }, "\(lines.joined(separator: "\n"))")
        // At the end and no further: one ↑ shows the line above at once.
        keys(&app, [.up], store: store)
        #expect(!coffeeScreen(app, size: small).lines.contains { $0.contains("Total  6 bags") })
    }

    @Test func ownCatalogIsUsed() {
        let store = InMemoryStore(files: ["coffee-catalog.json": bytes(goodCatalog)])
        var app = makeCoffee(store)
        #expect(app.shop.catalog.currency == "¥")
        #expect(app.status == "own catalog")
        #expect(store.notices.isEmpty)
        keys(&app, [.char("+")], store: store)
        #expect(coffeeScreen(app).text.contains("¥1,200"))
    }

    @Test func badCatalogFallsBackWithTheLine() {
        let bad = "{\n  \"branches\": [{\"name\": \"a\", \"phone\": \"1\", \"address\": \"x\"}],\n  \"products\": [{\"name\": \"Kenya\", \"price\": \"500\"}]\n}\n"
        let store = InMemoryStore(files: ["coffee-catalog.json": bytes(bad)])
        let app = makeCoffee(store)
        #expect(app.shop.catalog == .builtIn)
        #expect(app.status == nil)
        #expect(store.notices == ["coffee-catalog.json line 3: the price of \"Kenya\" must be a number such as 280, not text; using the built-in catalog"])
    }

    @Test func receiptCommand() {
        let store = InMemoryStore()
        var app = makeCoffee(store)
        keys(&app, [.char("2"), .down, .char("+"), .down, .down, .down, .char("+"), .char("+")], store: store)
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
        let app = makeCoffee()
        let keys = app.help.flatMap { $0.entries.map(\.keys) }.joined(separator: " ")
        for k in ["←", "→", "[", "]", "1-5", "↑", "↓", "-", "+", "Backspace", "Home", "End", "c", "Enter", "Tab", "Esc",
                  "PgUp", "PgDn", "any other key", "y n"] {
            #expect(keys.contains(k), "\(k)")
        }
        // The shell adds "? Help", "Esc Menu" and "q Quit": all must still fit in 80 columns.
        for unicode in [true, false] {
            var a = makeCoffee(unicode: unicode)
            for focus in 0..<2 {
                if focus == 1 { _ = a.handle(.tab, context: AppContext(now: now)) }
                let hints = [KeyHint("?", "Help")] + a.hints + [KeyHint("Esc", "Menu"), KeyHint("q", "Quit")]
                var canvas = Canvas(width: 80, height: 1)
                KeyHintBar(hints).render(in: Rect(x: 0, y: 0, width: 80, height: 1), on: &canvas,
                                         theme: Theme.builtinDefault.withGlyphs(unicode ? .unicode : .ascii))
                #expect(canvas.lines[0].hasSuffix("q Quit"), "\(canvas.lines[0])")
            }
        }
    }

    @Test func chineseTextLinesUpOnEveryBranch() {
        // For every branch, the name, the phone and the address start in the same column of
        // cells, and nothing runs past the pane: double-width characters are counted as two.
        var app = makeCoffee()
        for b in 0..<5 {
            _ = app.handle(.char(Character(String(b + 1))), context: AppContext(now: now))
            let canvas = coffeeScreen(app)
            let branch = app.shop.currentBranch
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
        var app = makeCoffee(store)
        keys(&app, [.char("+")], store: store)
        let canvas = coffeeScreen(app, size: Size(width: 198, height: 57))
        let text = canvas.lines
        let storeRow = text.firstIndex { $0.contains("民權創始店") }
        let orderRow = text.firstIndex { $0.contains("House Blend") }
        #expect(storeRow != nil && orderRow != nil)
        // Side by side: the House Blend row holds the storefront's column too.
        if let o = orderRow {
            #expect(text[o].hasPrefix("│") == false)
            #expect(text[o].contains("│"))
        }
        let tall = coffeeScreen(app, size: Size(width: 78, height: 40)).lines
        #expect(tall.contains { $0.contains("COFFEE 1") })
        #expect(tall.contains { $0.contains("NT$280") })
    }
}
