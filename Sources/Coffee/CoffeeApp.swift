import TerminiCore
import TerminiWidgets
import TerminiApp

/// Coffee Shop: a carousel of the five Taipei branches (in their Chinese names) and an order
/// of six coffees with steppers and totals; `c` clears after asking, Enter shows a receipt,
/// `termini coffee --receipt` prints it. The cart and the branch shown are kept; a catalog
/// of one's own can replace the built-in one (`coffee-catalog.json`).
public struct CoffeeApp: KeyedApp {
    public static let descriptor = AppDescriptor(
        id: "coffee", name: "Coffee Shop", summary: "Beans from five Taipei branches",
        options: [OptionSpec(CoffeeOption.receipt, help: "print the receipt of the saved cart and exit")])

    static let file = "coffee.json"
    static let version = 1

    enum Pane: Int { case stores, order }

    /// What a dialog over the shop chose.
    public enum Action: Sendable, Equatable { case clear }

    private(set) var shop: CoffeeShop
    /// The stores and the order, Tab and Shift-Tab between them; the keys act on the pane that
    /// shows the focus.
    private(set) var focus = FocusRing(count: 2)
    /// The clear question, the receipt.
    public var modals = ModalStack<Action>()
    /// Whether the catalog came from the user's file.
    let customCatalog: Bool
    /// The order before its last change, which `u` brings back (one step).
    private(set) var undoQuantities: [Int]?
    /// The number being typed in the order (its row and value): a second digit on the same
    /// row makes 10 to 99; any other key ends it.
    private(set) var typed: (row: Int, value: Int)?

    var pane: Pane { Pane(rawValue: focus.current) ?? .stores }

    public init(options: AppOptions, store: any StateReader, context: AppContext) {
        let (catalog, problem, custom) = CoffeeApp.loadCatalog(store)
        if let problem { store.notice(problem) }
        let saved = store.load(SavedCart.self, from: CoffeeApp.file, version: CoffeeApp.version)
        // While the user's own catalog cannot be read, the coffees only it has stay in the cart.
        shop = CoffeeShop(catalog: catalog, saved: saved, keepingUnknown: problem != nil)
        customCatalog = custom
    }

    /// The user's catalog when there is a good one; otherwise the built-in one and, for a bad
    /// file, the message saying which line is wrong.
    static func loadCatalog(_ store: any StateReader) -> (Catalog, problem: String?, custom: Bool) {
        guard let bytes = store.readBytes(Catalog.fileName) else { return (.builtIn, nil, false) }
        switch Catalog.parse(bytes) {
        case .success(let c): return (c, nil, true)
        case .failure(let e): return (.builtIn, e.report() + "; using the built-in catalog", false)
        }
    }

    // MARK: Window

    public func status(context: AppContext) -> String? { customCatalog ? "own catalog" : nil }

    public var minimumSize: Size { Size(width: 46, height: 14) }
    /// What a second copy follows while this app's keeper runs (the shell reloads it).
    public var keptFiles: [String] { [CoffeeApp.file] }
    /// The keeper's cart, read again; the row and the pane with the focus stay.
    public mutating func reload(_ keeping: Keeping, store: any StateReader, context: AppContext) -> [AppEffect] {
        let (catalog, problem, _) = CoffeeApp.loadCatalog(store)
        let saved = store.load(SavedCart.self, from: CoffeeApp.file, version: CoffeeApp.version)
        let row = shop.row
        shop = CoffeeShop(catalog: catalog, saved: saved, keepingUnknown: problem != nil)
        shop.keepRow(row)
        return []
    }

    // MARK: Keys

    var saveEffect: AppEffect { .save(shop.saved, to: CoffeeApp.file, version: CoffeeApp.version) }

    public var keys: AppKeys<CoffeeApp> { CoffeeApp.keyTables[min(9, shop.branches.count)] }
    /// Built once, for each number of branches the help can name (the digits 1 to it): a
    /// binding acts on the app it is given, never on the one that built it.
    static let keyTables: [AppKeys<CoffeeApp>] = (0...9).map(keyTable(branches:))
    static func keyTable(branches: Int) -> AppKeys<CoffeeApp> {
        let stores: @Sendable (CoffeeApp) -> Bool = { $0.pane == .stores }
        let order: @Sendable (CoffeeApp) -> Bool = { $0.pane == .order }
        return AppKeys([
            .init("Stores", [
                Binding([.left], helpKeys: [.left, .right], hint: .init("Branch", keys: [.left, .right]),
                        "previous / next branch, stores focused (wraps)", when: stores) { app, _, _ in app.turn(-1) },
                Binding([.right], nil, when: stores) { app, _, _ in app.turn(1) },
                Binding(KeyNames.digits(1...9), helpKeys: KeyNames.digits(1...max(1, branches)), "show that branch, stores focused",
                        when: stores) { app, key, ctx in
                    guard let d = key.digit, app.shop.showBranch(d - 1) else { return ctx.sound.alertBell }
                    return [app.saveEffect]
                },
                Binding([.down], "enter the order, stores focused", when: stores) { app, _, _ in
                    app.focus.focus(Pane.order.rawValue)
                    return []
                },
            ]),
            .init("Order", [
                Binding([.up], helpKeys: [.up, .down], hint: .init("Coffee", keys: [.up, .down]),
                        "previous / next coffee, order focused (from the first, back to the stores)", when: order) { app, _, _ in
                    if app.shop.row == 0 { app.focus.focus(Pane.stores.rawValue) } else { app.shop.moveRow(by: -1) }
                    return []
                },
                Binding([.down], nil, when: order) { app, _, _ in
                    app.shop.moveRow(by: 1)
                    return []
                },
                Binding([.char("-"), .char("\u{2212}"), .char("_"), .left], helpKeys: [.char("-"), .char("+"), .left, .right],
                        hint: .init("Bags", keys: [.char("-"), .char("+")]),
                        "one bag less / more of that coffee (0-\(CoffeeShop.maxQuantity)), order focused", when: order) { app, _, ctx in
                    app.change { $0.decrement() } ? [app.saveEffect] : ctx.sound.alertBell
                },
                Binding([.char("+"), .char("="), .right], nil, when: order) { app, _, ctx in
                    app.change { $0.increment() } ? [app.saveEffect] : ctx.sound.alertBell
                },
                Binding([.backspace, .delete], "none of that coffee, order focused (says so; u puts them back)", when: order) { app, _, _ in
                    let row = app.shop.row, before = app.shop.quantities[row]
                    guard app.change({ $0.setQuantity(0, at: row) }) else { return [] }
                    return [app.saveEffect,
                            .notice("\(app.shop.products[row].name): \(CoffeeShop.bags(before)) taken off the order; u puts them back.")]
                },
                Binding(KeyNames.digits(0...9), helpKeys: [.char("0"), .char("9")],
                        "type that coffee's bags (two digits for 10 to \(CoffeeShop.maxQuantity)), order focused", when: order) { app, key, _ in
                    guard let d = key.digit else { return [] }
                    let row = app.shop.row
                    var value = d
                    if let t = app.typed, t.row == row, t.value > 0, t.value * 10 + d <= CoffeeShop.maxQuantity { value = t.value * 10 + d }
                    let changed = app.change { $0.setQuantity(value, at: row) }
                    app.typed = (row, value)
                    return changed ? [app.saveEffect] : []
                },
                Binding([.home, .end], "first / last coffee, order focused", when: order) { app, key, _ in
                    app.shop.focusRow(key == .home ? 0 : app.shop.products.count - 1)
                    return []
                },
            ]),
            .init("Both", [
                Binding(FocusRing.keyMap.keys, hint: .init(keys: FocusRing.keyMap.keys(for: .next)) { $0.pane == .stores ? "Order" : "Stores" },
                        "move the focus between the stores and the order") { app, key, _ in
                    app.focus.handle(key)
                    return []
                },
                Binding([.char("["), .char("]")], "previous / next branch, from anywhere (wraps)") { app, key, _ in
                    app.turn(key == .char("[") ? -1 : 1)
                },
                Binding([.enter], hint: .init("Receipt"), "show the receipt") { app, _, _ in
                    app.openReceipt()
                    return []
                },
                Binding([.char("c"), .char("C")], helpKeys: [.char("c")], hint: .init("Clear", keys: [.char("c")]),
                        "clear the order (asks first)") { app, _, _ in app.askClear() },
                Binding([.char("u")], "undo the last change to the order") { app, _, _ in app.undo() },
            ]),
        ])
    }

    public func modalHelp(glyphs: Glyphs) -> [HelpSection] {
        PanelModal<Action>.help(glyphs: glyphs, section: "In the receipt") + DialogModal<Action>.help(glyphs: glyphs)
    }

    /// Every key but a digit ends the number being typed.
    public mutating func handle(_ key: Key, context: AppContext) -> [AppEffect] {
        if key.digit == nil || pane != .order || !modals.isEmpty { typed = nil }
        return dispatch(key, context: context)
    }

    /// Changes the order, keeping what it was for `u`; false when nothing changed.
    mutating func change(_ body: (inout CoffeeShop) -> Bool) -> Bool {
        let before = shop.quantities
        guard body(&shop) else { return false }
        undoQuantities = before
        return true
    }

    mutating func undo() -> [AppEffect] {
        guard let before = undoQuantities else { return [.notice("Nothing to undo.")] }
        for (r, q) in before.enumerated() { shop.setQuantity(q, at: r) }
        undoQuantities = nil
        typed = nil
        return [saveEffect]
    }

    mutating func turn(_ step: Int) -> [AppEffect] {
        if step < 0 { shop.previousBranch() } else { shop.nextBranch() }
        return [saveEffect]
    }

    mutating func openReceipt() {
        let shop = self.shop
        modals.push(PanelModal<Action> { ctx in
            ScrollPanel(title: "Receipt", lines: shop.receipt(unicode: ctx.unicode).map { line in
                StyledLine(line, line.hasPrefix("Total") || line.hasPrefix("COFFEE SHOP") ? .accent : .dialog)
            })
        })
    }

    mutating func askClear() -> [AppEffect] {
        guard !shop.isEmpty else { return [.notice("The order is already empty.")] }
        modals.push(DialogModal.confirm(
            title: "Clear the order",
            message: "Set every quantity back to 0?\n(\(CoffeeShop.bags(shop.totalQuantity)), \(shop.money(shop.totalPrice)))",
            yes: "clear", action: Action.clear))
        return []
    }

    public mutating func perform(_ action: Action, context: AppContext) -> [AppEffect] {
        switch action {
        case .clear:
            _ = change { shop in
                shop.clear()
                return true
            }
            return [saveEffect]
        }
    }

    // MARK: Drawing

    /// Side by side from this content width on; stacked below it.
    static let sideBySideWidth = 110

    public func renderScreen(in rect: Rect, on canvas: inout Canvas, theme: Theme, context: AppContext) {
        let carousel = CarouselView(shop: shop, focused: pane == .stores && modals.isEmpty)
        let order = OrderView(shop: shop, focused: pane == .order && modals.isEmpty)
        let split: SplitPane
        if rect.width >= CoffeeApp.sideBySideWidth {
            split = SplitPane(.horizontal, .ratio(0.42), divider: true, first: carousel, second: OrderPane(order: order))
        } else {
            let orderHeight = min(shop.products.count + 3 + (shop.unavailable.isEmpty ? 0 : 1), max(4, rect.height - 1 - 6))
            split = SplitPane(.vertical, .second(orderHeight), divider: true, first: carousel, second: order)
        }
        split.render(in: rect, on: &canvas, theme: theme)
    }

    // MARK: Command line

    public static func runCommand(_ options: AppOptions, store: any StateReader, context: AppContext) -> CommandOutput? {
        guard CoffeeOptions(options).receipt else { return nil }
        let (catalog, problem, _) = loadCatalog(store)
        let saved = store.load(SavedCart.self, from: file, version: version)
        let shop = CoffeeShop(catalog: catalog, saved: saved, keepingUnknown: problem != nil)
        // × and the branch's own (Chinese) name under a UTF-8 locale; x and the Latin name
        // under LANG=C or --ascii, as on the screen.
        let text = shop.receipt(unicode: context.unicode).joined(separator: "\n") + "\n"
        return CommandOutput(stdout: text, stderr: problem.map { "termini: \($0)\n" } ?? "", status: problem == nil ? 0 : 1)
    }
}
