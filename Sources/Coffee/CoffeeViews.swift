import TerminiCore
import TerminiWidgets

/// A small drawn storefront with the branch's number on its sign (ASCII art when the screen
/// has no Unicode).
enum Storefront {
    static let size = Size(width: 20, height: 7)

    static func lines(number: Int, unicode: Bool) -> [String] {
        let sign = "COFFEE \(number)"
        if unicode {
            return [
                " ╭" + String(repeating: "─", count: 16) + "╮ ",
                " │" + TextLayout.pad(sign, to: 16, alignment: .center) + "│ ",
                "▐" + String(repeating: "▀▄", count: 9) + "▌",
                " │ ┌──┐  ┌─────┐  │ ",
                " │ │  │  │▒▒▒▒▒│  │ ",
                " │ │ •│  └─────┘  │ ",
                String(repeating: "▀", count: 20),
            ]
        }
        return [
            " ." + String(repeating: "-", count: 16) + ". ",
            " |" + TextLayout.pad(sign, to: 16, alignment: .center) + "| ",
            String(repeating: "/\\", count: 10),
            " | +--+  +-----+  | ",
            " | |  |  |:::::|  | ",
            " | | o|  +-----+  | ",
            String(repeating: "=", count: 20),
        ]
    }

    static func render(number: Int, at origin: (x: Int, y: Int), on canvas: inout Canvas, theme: Theme, clip: Rect) {
        for (i, line) in lines(number: number, unicode: theme.glyphs.isUnicode).enumerated() {
            let role: Role
            switch i {
            case 1: role = .accent
            case 2: role = .warning
            case 4: role = .muted
            default: role = .border
            }
            canvas.put(line, x: origin.x, y: origin.y + i, style: theme[role], clip: clip)
        }
    }
}

/// The carousel: the branch's storefront, name, phone and address, and page dots under it.
/// The layout is worked out for every branch at once, so the storefront, the name and the
/// dots stay in one place while the carousel turns (only the text changes).
struct CarouselView: Widget {
    var shop: CoffeeShop
    var focused: Bool

    func infoLines(_ b: Branch, width: Int, unicode: Bool) -> [(text: String, role: Role)] {
        var out: [(String, Role)] = []
        out.append((b.name(unicode: unicode), .accent))
        if unicode, let latin = b.latinName { out.append((latin, .muted)) }
        out.append(("", .text))
        out.append(("Tel " + b.phone, .text))
        for l in TextLayout.balancedWrap(b.address(unicode: unicode), width: width) { out.append((l, .text)) }
        if unicode, let latin = b.latinAddress {
            for l in TextLayout.balancedWrap(latin, width: width) { out.append((l, .muted)) }
        }
        return out
    }

    /// The lines that fit `rows`: when some do not, the last row says so. The lines that did
    /// not fit and go with the first of them (the rest of an address) run on into it; whatever
    /// else is left out shows as an ellipsis at its end, except a transcription alone.
    static func fitted(_ lines: [(text: String, role: Role)], rows: Int, width: Int, ellipsis: String) -> [(text: String, role: Role)] {
        guard rows > 0, lines.count > rows else { return rows > 0 ? lines : [] }
        var kept = Array(lines.prefix(rows - 1))
        let rest = Array(lines.dropFirst(rows - 1))
        let role = rest[0].role
        let same = rest.prefix { $0.role == role && !$0.text.isEmpty }
        var text = same.map(\.text).joined(separator: " ")
        // Left out: more of this item (said by the ellipsis), or only the Latin transcription
        // of what is shown (muted, after it), which drops whole: a complete address is not
        // marked as cut.
        let omitted = rest.dropFirst(same.count)
        if !omitted.isEmpty, !(role != .muted && omitted.allSatisfy { $0.role == .muted }) { text += " " + ellipsis }
        kept.append((TextLayout.truncate(text, to: width, ellipsis: ellipsis), role))
        return kept
    }

    /// The lines of every branch, indexed by branch, with the blank line dropped from all of
    /// them when the tallest would not fit `rows`.
    func allInfoLines(width: Int, unicode: Bool, rows: Int? = nil) -> [[(text: String, role: Role)]] {
        var all = shop.branches.map { infoLines($0, width: width, unicode: unicode) }
        if let rows, (all.map(\.count).max() ?? 0) > rows {
            all = all.map { $0.filter { !$0.text.isEmpty } }
        }
        return all
    }

    func render(in rect: Rect, on canvas: inout Canvas, theme: Theme) {
        guard rect.height >= 3, rect.width >= 10 else { return }
        let g = theme.glyphs
        let unicode = g.isUnicode
        let heading = rect.row(0).inset(left: 1, right: 1)
        let title = " Stores "
        canvas.put(title, in: heading, style: focused ? theme[.focus] : theme[.accent])
        canvas.put("branch \(shop.branch + 1) of \(shop.branches.count)", in: heading, alignment: .right, style: theme[.muted])

        // Page dots under the branch (on the last row unless the branch is drawn tall), with
        // the previous/next marks beside them.
        var dotsRow = rect.row(rect.height - 1)
        let art = Storefront.size
        let body = Rect(x: rect.x + 1, y: rect.y + 1, width: rect.width - 2, height: rect.height - 2)
        let tall = body.height >= art.height + 8 && body.width >= art.width
        var tallLines: [(text: String, role: Role)] = []
        var tallTop = body.y
        if tall {
            let all = allInfoLines(width: min(body.width, 60), unicode: unicode)
            tallLines = all[shop.branch]
            let most = all.map(\.count).max() ?? 0
            let total = art.height + 1 + most + 2
            tallTop = body.y + max(0, (body.height - total) / 2)
            dotsRow = rect.row(min(rect.height - 1, tallTop - rect.y + total - 1))
        }
        let dots = PageDots(count: shop.branches.count, current: shop.branch, focused: focused)
        dots.render(in: dotsRow, on: &canvas, theme: theme)
        let dw = DisplayWidth.of(dots.text(glyphs: g))
        let dx = dotsRow.x + max(0, (dotsRow.width - dw) / 2)
        let markStyle = focused ? theme[.text] : theme[.muted]
        canvas.put(String(g.pointerLeft), x: dx - 3, y: dotsRow.y, style: markStyle, clip: dotsRow)
        canvas.put(String(g.pointer), x: dx + dw + 2, y: dotsRow.y, style: markStyle, clip: dotsRow)

        if tall {
            // Tall: the storefront above, the text centred under it, the dots under that.
            let top = tallTop
            Storefront.render(number: shop.branch + 1, at: (body.x + (body.width - art.width) / 2, top), on: &canvas, theme: theme, clip: body)
            let tallRows = max(0, body.maxY - (top + art.height + 1))
            for (i, l) in CarouselView.fitted(tallLines, rows: tallRows, width: body.width, ellipsis: g.ellipsis).enumerated() {
                canvas.put(l.text, in: Rect(x: body.x, y: top + art.height + 1 + i, width: body.width, height: 1),
                           alignment: .center, style: theme[l.role])
            }
        } else if body.height >= art.height && body.width >= art.width + 24 {
            // Wide: the storefront at the left, the text beside it. The block is as wide and
            // as tall as the largest branch needs, so it does not move between branches.
            let textWidth = min(60, body.width - art.width - 3)
            let all = allInfoLines(width: textWidth, unicode: unicode, rows: art.height)
            let lines = all[shop.branch]
            let widest = all.flatMap { $0.map { DisplayWidth.of($0.text) } }.max() ?? 0
            let most = all.map(\.count).max() ?? 0
            let blockWidth = art.width + 3 + widest
            let left = body.x + max(0, (body.width - blockWidth) / 2)
            let top = body.y + max(0, (body.height - art.height) / 2)
            Storefront.render(number: shop.branch + 1, at: (left, top), on: &canvas, theme: theme, clip: body)
            let textTop = top + max(0, (art.height - most) / 2)
            for (i, l) in CarouselView.fitted(lines, rows: body.maxY - textTop, width: textWidth, ellipsis: g.ellipsis).enumerated() {
                canvas.put(l.text, in: Rect(x: left + art.width + 3, y: textTop + i, width: textWidth, height: 1), style: theme[l.role])
            }
        } else {
            // Small: the text alone, from the same row for every branch.
            let all = allInfoLines(width: body.width, unicode: unicode, rows: 0)
            let lines = all[shop.branch]
            let most = all.map(\.count).max() ?? 0
            let top = body.y + max(0, (body.height - most) / 2)
            for (i, l) in CarouselView.fitted(lines, rows: body.maxY - top, width: body.width, ellipsis: g.ellipsis).enumerated() {
                canvas.put(l.text, in: Rect(x: body.x, y: top + i, width: body.width, height: 1), alignment: .center, style: theme[l.role])
            }
        }
    }
}

/// The order: a row per product with its price, a stepper and the line amount; the totals
/// under them. A step changes only digits, all in the text style: the stepper's value, the
/// line amount, the bags and the total (the focus shows in the row's name and the stepper's
/// buttons), so a step costs the terminal a few bytes.
struct OrderView: Widget {
    var shop: CoffeeShop
    var focused: Bool
    /// Whether the "Order" title heads the name column (stacked); beside the stores the pane
    /// has it on its top row instead and the column says "Coffee".
    var titleInHeader = true

    struct Columns {
        var x: Int
        var name: Int
        var price: Int
        var stepper: Int
        var amount: Int
        var gap: Int
        var width: Int { 2 + name + gap + price + gap + stepper + gap + amount }
        var nameX: Int { x + 2 }
        var priceX: Int { nameX + name + gap }
        var stepperX: Int { priceX + price + gap }
        var amountX: Int { stepperX + stepper + gap }
    }

    /// The rows the order takes: header, products, rule, total (and the coffees kept from
    /// a catalog that cannot be read, on one line).
    static func height(products n: Int, spaced: Bool, kept: Bool = false) -> Int { (spaced ? 2 * n + 3 : n + 3) + (kept ? 1 : 0) }

    static let stepper = Stepper(maximum: CoffeeShop.maxQuantity)

    func columns(in rect: Rect) -> Columns {
        let stepperWidth = OrderView.stepper.width
        let price = max(5, shop.products.map { DisplayWidth.of(shop.money($0.price)) }.max() ?? 0)
        let maxAmount = shop.money(shop.products.reduce(0) { $0 + $1.price } * CoffeeShop.maxQuantity)
        let amount = max(6, DisplayWidth.of(maxAmount))
        let wantedName = max(12, shop.products.map { DisplayWidth.of($0.name) }.max() ?? 0)
        var gap = rect.width >= 70 ? 3 : 2
        var c = Columns(x: 0, name: wantedName, price: price, stepper: stepperWidth, amount: amount, gap: gap)
        if c.width > rect.width {
            gap = 1
            c.gap = gap
            c.name = max(6, wantedName - (c.width - rect.width))
        }
        c.x = rect.x + max(0, (rect.width - c.width) / 2)
        return c
    }

    func render(in rect: Rect, on canvas: inout Canvas, theme: Theme) {
        guard rect.height >= 3, rect.width >= 20 else { return }
        let g = theme.glyphs
        let c = columns(in: rect)
        let header = rect.row(0)
        if titleInHeader {
            canvas.put(" Order ", x: c.x, y: header.y, style: focused ? theme[.focus] : theme[.accent], clip: header)
        } else {
            canvas.put("Coffee", x: c.nameX, y: header.y, style: theme[.muted], clip: header)
        }
        canvas.put("Price", in: Rect(x: c.priceX, y: header.y, width: c.price, height: 1), alignment: .right, style: theme[.muted])
        canvas.put("Bags", in: Rect(x: c.stepperX, y: header.y, width: c.stepper, height: 1), alignment: .center, style: theme[.muted])
        canvas.put("Amount", in: Rect(x: c.amountX, y: header.y, width: c.amount, height: 1), alignment: .right, style: theme[.muted])

        // Rows between the header and the two total lines; scrolled so the focus shows. With
        // room to spare (a wide screen), a blank line between rows.
        let n = shop.products.count
        let kept = !shop.unavailable.isEmpty
        let spacing = rect.height >= OrderView.height(products: n, spaced: true, kept: kept) ? 2 : 1
        let visible = max(1, (rect.height - (kept ? 4 : 3) + spacing - 1) / spacing)
        let first = shop.row < visible ? 0 : shop.row - visible + 1
        for (i, r) in (first..<min(n, first + visible)).enumerated() {
            let y = rect.y + 1 + i * spacing
            let clip = Rect(x: rect.x, y: y, width: rect.width, height: 1)
            let p = shop.products[r]
            let isRow = r == shop.row
            if isRow && focused { canvas.put(String(g.pointer), x: c.x, y: y, style: theme[.focus], clip: clip) }
            let nameStyle = isRow ? (focused ? theme[.focus] : theme[.selected]) : theme[.text]
            let name = TextLayout.truncate(p.name, to: c.name, ellipsis: g.ellipsis)
            canvas.put(isRow && focused ? TextLayout.pad(name, to: c.name) : name, x: c.nameX, y: y, style: nameStyle, clip: clip)
            canvas.put(shop.money(p.price), in: Rect(x: c.priceX, y: y, width: c.price, height: 1), alignment: .right, style: theme[.text])
            let stepper = Stepper(value: shop.quantities[r], minimum: 0, maximum: CoffeeShop.maxQuantity, focused: isRow && focused)
            stepper.render(in: Rect(x: c.stepperX, y: y, width: c.stepper, height: 1), on: &canvas, theme: theme)
            let q = shop.quantities[r]
            canvas.put(q > 0 ? shop.money(shop.subtotal(r)) : String(g.middleDot),
                       in: Rect(x: c.amountX, y: y, width: c.amount, height: 1), alignment: .right,
                       style: q > 0 ? theme[.text] : theme[.muted])
        }
        if first > 0 {
            canvas.put(g.arrowUp, in: Rect(x: c.x, y: rect.y + 1, width: 2, height: 1), style: theme[.muted])
        }
        if first + visible < n {
            canvas.put(g.arrowDown, in: Rect(x: c.x, y: rect.y + 1 + (visible - 1) * spacing, width: 2, height: 1), style: theme[.muted])
        }

        let ruleY = rect.y + 1 + (min(visible, n) - 1) * spacing + spacing
        canvas.put(String(repeating: g.horizontal, count: c.width), x: c.x, y: ruleY, style: theme[.border], clip: rect)
        let totalRow = Rect(x: rect.x, y: ruleY + 1, width: rect.width, height: 1).intersection(rect)
        canvas.put("Total", x: c.nameX, y: totalRow.y, style: theme[.accent], clip: totalRow)
        // The bags summed under the steppers' digits (right-aligned with them, the word after),
        // so a step changes a digit, not the place of the text.
        let count = String(shop.totalQuantity)
        let digitsEnd = c.stepperX + 4 + OrderView.stepper.digits
        let countX = digitsEnd - DisplayWidth.of(count)
        canvas.put(CoffeeShop.bags(shop.totalQuantity), x: countX, y: totalRow.y, style: theme[.text], clip: totalRow)
        let total = shop.money(shop.totalPrice)
        let right = c.amountX + c.amount
        canvas.put(total, x: right - DisplayWidth.of(total), y: totalRow.y, style: theme[.text], clip: totalRow)
        let keptCoffees = shop.unavailable
        let keptRow = Rect(x: rect.x, y: totalRow.y + 1, width: rect.width, height: 1).intersection(rect)
        if kept, !keptRow.isEmpty {
            // Not in this catalog (the user's own cannot be read): kept in the cart, not priced.
            let list = keptCoffees.map { "\($0.name) \($0.quantity)" }.joined(separator: ", ")
            canvas.put(TextLayout.truncate("Kept, unavailable: \(list)", to: max(1, rect.maxX - c.nameX), ellipsis: g.ellipsis),
                       x: c.nameX, y: keptRow.y, style: theme[.warning], clip: keptRow)
        }
    }
}

/// The order beside the stores on a wide screen: its title on the top row, as the stores have
/// theirs, and the table centred in the rows under it, as the storefront is; not stretched.
struct OrderPane: Widget {
    var order: OrderView

    func render(in rect: Rect, on canvas: inout Canvas, theme: Theme) {
        guard rect.height >= 4 else { return order.render(in: rect, on: &canvas, theme: theme) }
        let heading = rect.row(0).inset(left: 1, right: 1)
        canvas.put(" Order ", in: heading, style: order.focused ? theme[.focus] : theme[.accent])
        let body = Rect(x: rect.x, y: rect.y + 1, width: rect.width, height: rect.height - 2)
        let n = order.shop.products.count
        let kept = !order.shop.unavailable.isEmpty
        let spaced = OrderView.height(products: n, spaced: true, kept: kept) + 4 <= body.height
        let h = min(body.height, OrderView.height(products: n, spaced: spaced, kept: kept))
        var table = order
        table.titleInHeader = false
        table.render(in: body.centered(Size(width: body.width, height: h)), on: &canvas, theme: theme)
    }
}
