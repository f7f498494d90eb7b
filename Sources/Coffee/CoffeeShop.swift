import TerminiCore

/// What is saved between launches: the cart by product name (so a changed catalog keeps what
/// still exists) and the branch shown, by name.
public struct SavedCart: Codable, Equatable, Sendable {
    public var branch: String?
    public var quantities: [String: Int]

    public init(branch: String? = nil, quantities: [String: Int] = [:]) {
        self.branch = branch
        self.quantities = quantities
    }

    enum CodingKeys: String, CodingKey { case branch, quantities }

    /// A quantity outside 0…99 is damage, never clamped into a different cart.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        branch = try c.decodeIfPresent(String.self, forKey: .branch)
        quantities = try c.decodeIfPresent([String: Int].self, forKey: .quantities) ?? [:]
        for (name, q) in quantities where !(0...CoffeeShop.maxQuantity).contains(q) {
            throw DecodingError.dataCorruptedError(forKey: .quantities, in: c,
                                                   debugDescription: "\(q) bags of \(TextLayout.sanitized(name)) (0 to \(CoffeeShop.maxQuantity))")
        }
    }
}

/// The shop: a carousel of branches and an order of products with quantities. Pure.
public struct CoffeeShop: Equatable, Sendable {
    public static let maxQuantity = 99

    public let catalog: Catalog
    /// The branch shown in the carousel.
    public private(set) var branch: Int
    /// One quantity per catalog product, 0…`maxQuantity`.
    public private(set) var quantities: [Int]
    /// The product row with the focus.
    public private(set) var row: Int
    /// Bags of coffees the saved cart holds and this catalog lacks, kept (shown as
    /// unavailable, never priced) while the user's own catalog cannot be read, so that the
    /// cart is whole again once it can. Empty otherwise: a catalog that parses and lacks a
    /// coffee has dropped it on purpose.
    private(set) var kept: [String: Int]

    public init(catalog: Catalog, saved: SavedCart? = nil, keepingUnknown: Bool = false) {
        self.catalog = catalog
        let index = saved?.branch.flatMap { name in catalog.branches.firstIndex { $0.name == name } }
        branch = index ?? 0
        quantities = catalog.products.map { p in min(CoffeeShop.maxQuantity, max(0, saved?.quantities[p.name] ?? 0)) }
        row = 0
        let known = Set(catalog.products.map(\.name))
        kept = keepingUnknown ? (saved?.quantities ?? [:]).filter { !known.contains($0.key) && $0.value > 0 } : [:]
    }

    /// The coffees kept but not in this catalog, by name.
    public var unavailable: [(name: String, quantity: Int)] {
        kept.sorted { $0.key < $1.key }.map { (TextLayout.sanitized($0.key), $0.value) }
    }

    public var products: [Product] { catalog.products }

    /// Puts the focus back on `row` (after the cart was read again).
    mutating func keepRow(_ r: Int) { row = min(max(0, r), max(0, products.count - 1)) }
    public var branches: [Branch] { catalog.branches }
    public var currentBranch: Branch { catalog.branches[branch] }

    // MARK: Carousel

    /// The next branch, wrapping from the last to the first.
    public mutating func nextBranch() { branch = (branch + 1) % branches.count }
    /// The previous branch, wrapping from the first to the last.
    public mutating func previousBranch() { branch = (branch + branches.count - 1) % branches.count }
    /// Jumps to branch `index` (0-based); false when there is no such branch.
    @discardableResult
    public mutating func showBranch(_ index: Int) -> Bool {
        guard branches.indices.contains(index) else { return false }
        branch = index
        return true
    }

    // MARK: Order

    public mutating func moveRow(by delta: Int) {
        row = min(products.count - 1, max(0, row + delta))
    }
    public mutating func focusRow(_ r: Int) { row = min(products.count - 1, max(0, r)) }

    /// Sets a quantity within 0…99; returns false when it did not change (at a bound).
    @discardableResult
    public mutating func setQuantity(_ q: Int, at r: Int) -> Bool {
        guard quantities.indices.contains(r) else { return false }
        let v = min(CoffeeShop.maxQuantity, max(0, q))
        guard v != quantities[r] else { return false }
        quantities[r] = v
        return true
    }

    @discardableResult
    public mutating func increment() -> Bool { setQuantity(quantities[row] + 1, at: row) }
    @discardableResult
    public mutating func decrement() -> Bool { setQuantity(quantities[row] - 1, at: row) }

    /// Clear: every quantity back to 0, the coffees kept from another catalog too.
    public mutating func clear() {
        quantities = Array(repeating: 0, count: products.count)
        kept = [:]
    }

    public var isEmpty: Bool { quantities.allSatisfy { $0 == 0 } && kept.isEmpty }
    public var totalQuantity: Int { quantities.reduce(0, +) }
    public func subtotal(_ r: Int) -> Int { products[r].price * quantities[r] }
    public var totalPrice: Int { products.indices.reduce(0) { $0 + subtotal($1) } }

    public func money(_ amount: Int) -> String { Money.format(amount, currency: catalog.currency) }

    /// The unit of the order, one word everywhere (totals, receipt, dialogs): `1 bag`, `2 bags`.
    public static func bags(_ n: Int) -> String { n == 1 ? "1 bag" : "\(n) bags" }

    public var saved: SavedCart {
        var q = kept
        for (p, n) in zip(products, quantities) where n > 0 { q[p.name] = n }
        return SavedCart(branch: currentBranch.name, quantities: q)
    }

    // MARK: Receipt

    /// The receipt: the branch, one line per product bought (quantity, unit price, line
    /// total) and the totals, laid out in display cells so CJK text keeps the columns.
    /// `unicode` picks the rules and the times sign; `originalNames` shows the branch as the
    /// shop writes it (default: when `unicode`), else its Latin form when it has one.
    public func receipt(unicode: Bool = true, originalNames: Bool? = nil) -> [String] {
        let b = currentBranch
        let original = originalNames ?? unicode
        let times = unicode ? "×" : "x"
        let bought = products.indices.filter { quantities[$0] > 0 }
        let nameWidth = max(12, (bought.map { DisplayWidth.of(products[$0].name) }.max() ?? 0))
        let qtyWidth = 2
        let priceWidth = bought.map { DisplayWidth.of(money(products[$0].price)) }.max() ?? 0
        let amountWidth = max(DisplayWidth.of(money(totalPrice)), bought.map { DisplayWidth.of(money(subtotal($0))) }.max() ?? 0)
        let itemLineWidth = nameWidth + 2 + qtyWidth + 1 + DisplayWidth.of(times) + 1 + priceWidth + 3 + amountWidth
        let headerWidths = [b.name(unicode: original), b.phone, b.address(unicode: original)].map { DisplayWidth.of($0) }
        let width = max(32, itemLineWidth, headerWidths.max() ?? 0)
        let rule = String(repeating: unicode ? "─" : "-", count: width)

        var lines: [String] = []
        lines.append(TextLayout.pad("COFFEE SHOP RECEIPT", to: width, alignment: .center))
        lines.append(TextLayout.pad(b.name(unicode: original), to: width, alignment: .center))
        if original, let latin = b.latinName { lines.append(TextLayout.pad(latin, to: width, alignment: .center)) }
        lines.append(TextLayout.pad(b.phone, to: width, alignment: .center))
        lines.append(TextLayout.pad(b.address(unicode: original), to: width, alignment: .center))
        lines.append(rule)
        if bought.isEmpty {
            lines.append("(nothing ordered)")
        }
        for r in bought {
            let p = products[r]
            let left = TextLayout.pad(p.name, to: nameWidth) + "  "
                + TextLayout.pad(String(quantities[r]), to: qtyWidth, alignment: .right) + " \(times) "
                + TextLayout.pad(money(p.price), to: priceWidth, alignment: .right)
            let amount = money(subtotal(r))
            lines.append(left + String(repeating: " ", count: max(3, width - DisplayWidth.of(left) - DisplayWidth.of(amount))) + amount)
        }
        lines.append(rule)
        for k in unavailable {
            lines.append("\(k.name) \(times) \(k.quantity): unavailable, not priced")
        }
        let total = "Total  \(CoffeeShop.bags(totalQuantity))"
        let amount = money(totalPrice)
        lines.append(total + String(repeating: " ", count: max(3, width - DisplayWidth.of(total) - DisplayWidth.of(amount))) + amount)
        return lines.map { $0.trimmingTrailingSpaces }
    }
}

extension String {
    var trimmingTrailingSpaces: String {
        var s = Substring(self)
        while s.last == " " { s = s.dropLast() }
        return String(s)
    }
}
