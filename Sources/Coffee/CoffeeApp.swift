import TerminiCore
import TerminiWidgets
import TerminiApp

/// Coffee Shop: a carousel of the five Taipei branches (in their Chinese names) and an order
/// of six coffees with steppers and totals; `c` clears after asking, Enter shows a receipt,
/// `termini coffee --receipt` prints it. The cart and the branch shown are kept; a catalog
/// of one's own can replace the built-in one (`coffee-catalog.json`).
public struct CoffeeApp: MiniApp {
    public static let descriptor = AppDescriptor(
        id: "coffee", name: "Coffee Shop", summary: "Beans from five Taipei branches",
        options: [OptionSpec("--receipt", help: "print the receipt of the saved cart and exit")])

    static let file = "coffee.json"
    static let version = 1

    enum Pane: Equatable { case stores, order }

    enum Overlay: Equatable {
        case receipt(scroll: Int)
        case confirmClear(Dialog)
    }

    private(set) var shop: CoffeeShop
    private(set) var focus: Pane = .stores
    private(set) var overlay: Overlay?
    let unicode: Bool
    let sound: Bool
    /// Whether the catalog came from the user's file.
    let customCatalog: Bool

    public init(options: AppOptions, store: any StateReader, context: AppContext) {
        let (catalog, problem, custom) = CoffeeApp.loadCatalog(store)
        if let problem { store.notice(problem) }
        let saved = store.load(SavedCart.self, from: CoffeeApp.file, version: CoffeeApp.version)
        // While the user's own catalog cannot be read, the coffees only it has stay in the cart.
        shop = CoffeeShop(catalog: catalog, saved: saved, keepingUnknown: problem != nil)
        unicode = context.unicode
        sound = SoundPreference(store: store).alerts
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

    public var status: String? { customCatalog ? "own catalog" : nil }

    var arrowsLR: String { unicode ? "←→" : "Left/Right" }
    var arrowsUD: String { unicode ? "↑↓" : "Up/Down" }
    var arrowsUDShort: String { unicode ? "↑↓" : "Up/Dn" }

    public var hints: [KeyHint] {
        switch overlay {
        case .receipt:
            // As in the ? help and the stamp card's history: the arrows scroll, any other key
            // (q and Esc too) closes.
            return [KeyHint(arrowsUDShort, "Scroll"), KeyHint("any other key", "Close")]
        case .confirmClear: return [KeyHint("y", "Clear"), KeyHint("n", "Keep"), KeyHint("Esc", "Cancel")]
        case nil: break
        }
        switch focus {
        case .stores:
            return [KeyHint(unicode ? "←→" : "[]", "Branch"), KeyHint("Tab", "Order"), KeyHint("+-", "Bags"),
                    KeyHint("Enter", "Receipt"), KeyHint("c", "Clear")]
        case .order:
            // Short enough that the shell's own hints still fit at 80 columns.
            return [KeyHint(arrowsUDShort, "Row"), KeyHint("+-", "Bags"), KeyHint("[]", "Branch"),
                    KeyHint("Enter", "Receipt"), KeyHint("c", "Clear")]
        }
    }

    public var help: [HelpSection] {
        let n = min(9, shop.branches.count)
        return [
            HelpSection("Stores", [
                (unicode ? "← →" : "Left Right", "previous / next branch, stores focused (wraps)"),
                ("[ ]", "previous / next branch, from anywhere (wraps)"),
                (n > 1 ? "1-\(n)" : "1", "show that branch"),
            ]),
            HelpSection("Order", [
                (unicode ? "↑ ↓" : "Up Down", "previous / next coffee"),
                ("- +", "one bag less / more of that coffee (0-\(CoffeeShop.maxQuantity))"),
                (unicode ? "← →" : "Left Right", "one bag less / more, order focused"),
                ("Backspace Del", "none of that coffee"),
                ("Home End", "first / last coffee"),
                ("c", "clear the order (asks first)"),
                ("Enter", "show the receipt"),
            ]),
            HelpSection("Both", [
                ("Tab Shift-Tab", "move the focus between the stores and the order"),
            ]),
            HelpSection("In the receipt", [
                (unicode ? "↑ ↓ PgUp PgDn" : "Up Down PgUp PgDn", "scroll a long receipt"),
                ("any other key", "close the receipt (q too: it does not quit)"),
            ]),
            HelpSection("In the clear dialog", [
                ("y n", "yes or no"),
                (unicode ? "← → Tab" : "Left Right Tab", "move between the buttons"),
                ("Enter Space", "choose the focused button"),
                ("Esc", "cancel"),
            ]),
        ]
    }

    public var minimumSize: Size { Size(width: 46, height: 14) }

    public var wantsAllKeys: Bool { overlay != nil }

    // MARK: Keys

    var saveEffect: AppEffect { .save(shop.saved, to: CoffeeApp.file, version: CoffeeApp.version) }
    var bell: [AppEffect] { sound ? [.bell] : [] }

    public mutating func handle(_ key: Key, context: AppContext) -> [AppEffect] {
        if let overlay { return handleOverlay(overlay, key) }
        if let d = key.digit, d >= 1 {
            guard shop.showBranch(d - 1) else { return bell }
            return [saveEffect]
        }
        switch key {
        case .tab, .backTab:
            focus = focus == .stores ? .order : .stores
            return []
        case .char("["):
            shop.previousBranch()
            return [saveEffect]
        case .char("]"):
            shop.nextBranch()
            return [saveEffect]
        case .left where focus == .stores:
            shop.previousBranch()
            return [saveEffect]
        case .right where focus == .stores:
            shop.nextBranch()
            return [saveEffect]
        case .down:
            if focus == .stores { focus = .order } else { shop.moveRow(by: 1) }
            return []
        case .up:
            if focus == .order && shop.row == 0 { focus = .stores } else { focus = .order; shop.moveRow(by: -1) }
            return []
        case .home:
            focus = .order
            shop.focusRow(0)
            return []
        case .end:
            focus = .order
            shop.focusRow(shop.products.count - 1)
            return []
        case .char("+"), .char("="), .right:
            return shop.increment() ? [saveEffect] : bell
        case .char("-"), .char("−"), .char("_"), .left:
            return shop.decrement() ? [saveEffect] : bell
        case .backspace, .delete:
            return shop.setQuantity(0, at: shop.row) ? [saveEffect] : []
        case .char("c"), .char("C"):
            guard !shop.isEmpty else { return [.notice("The order is already empty.")] }
            overlay = .confirmClear(Dialog.confirm(
                title: "Clear the order",
                message: "Set every quantity back to 0?\n(\(CoffeeShop.bags(shop.totalQuantity)), \(shop.money(shop.totalPrice)))"))
            return []
        case .enter:
            overlay = .receipt(scroll: 0)
            return []
        default:
            return []
        }
    }

    mutating func handleOverlay(_ o: Overlay, _ key: Key) -> [AppEffect] {
        switch o {
        case .receipt(let scroll):
            // Bounded by the smallest screen the app draws on, so ↑ after many ↓ moves at once.
            let most = ReceiptPanel.maxScroll(lines: shop.receipt(unicode: unicode).count, height: minimumSize.height)
            switch key {
            case .up: overlay = .receipt(scroll: max(0, min(scroll, most) - 1))
            case .down: overlay = .receipt(scroll: min(most, scroll + 1))
            case .pageUp: overlay = .receipt(scroll: max(0, min(scroll, most) - 10))
            case .pageDown: overlay = .receipt(scroll: min(most, scroll + 10))
            default: overlay = nil
            }
            return []
        case .confirmClear(var d):
            switch d.handle(key) {
            case .chose(0):
                overlay = nil
                shop.clear()
                return [saveEffect]
            case .chose, .cancelled:
                overlay = nil
            case nil:
                overlay = .confirmClear(d)
            }
            return []
        }
    }

    // MARK: Drawing

    /// Side by side from this content width on; stacked below it.
    static let sideBySideWidth = 110

    public func render(in rect: Rect, on canvas: inout Canvas, theme: Theme, context: AppContext) {
        let carousel = CarouselView(shop: shop, focused: focus == .stores && overlay == nil)
        let order = OrderView(shop: shop, focused: focus == .order && overlay == nil)
        let split: SplitPane
        if rect.width >= CoffeeApp.sideBySideWidth {
            split = SplitPane(.horizontal, .ratio(0.42), divider: true, first: carousel, second: OrderPane(order: order))
        } else {
            let orderHeight = min(shop.products.count + 3 + (shop.unavailable.isEmpty ? 0 : 1), max(4, rect.height - 1 - 6))
            split = SplitPane(.vertical, .second(orderHeight), divider: true, first: carousel, second: order)
        }
        split.render(in: rect, on: &canvas, theme: theme)

        switch overlay {
        case .receipt(let scroll):
            ReceiptPanel(lines: shop.receipt(unicode: theme.glyphs.isUnicode), scroll: scroll).render(in: rect, on: &canvas, theme: theme)
        case .confirmClear(let d):
            d.render(in: rect, on: &canvas, theme: theme)
        case nil:
            break
        }
    }

    // MARK: Command line

    public static func runCommand(_ options: AppOptions, store: any StateReader, context: AppContext) -> CommandOutput? {
        guard options.flag("--receipt") else { return nil }
        let (catalog, problem, _) = loadCatalog(store)
        let saved = store.load(SavedCart.self, from: file, version: version)
        let shop = CoffeeShop(catalog: catalog, saved: saved, keepingUnknown: problem != nil)
        // × and the branch's own (Chinese) name under a UTF-8 locale; x and the Latin name
        // under LANG=C or --ascii, as on the screen.
        let text = shop.receipt(unicode: context.unicode).joined(separator: "\n") + "\n"
        return CommandOutput(stdout: text, stderr: problem.map { "termini: \($0)\n" } ?? "", status: problem == nil ? 0 : 1)
    }
}
