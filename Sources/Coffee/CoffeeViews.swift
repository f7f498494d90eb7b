import TerminiKit

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
struct CarouselView: Widget {
    var shop: CoffeeShop
    var focused: Bool

    func infoLines(width: Int, unicode: Bool) -> [(text: String, role: Role)] {
        let b = shop.currentBranch
        var out: [(String, Role)] = []
        out.append((b.name(unicode: unicode), .accent))
        if unicode, let latin = b.latinName { out.append((latin, .muted)) }
        out.append(("", .text))
        out.append(("Tel " + b.phone, .text))
        for l in TextLayout.wrap(b.address(unicode: unicode), width: width) { out.append((l, .text)) }
        if unicode, let latin = b.latinAddress {
            for l in TextLayout.wrap(latin, width: width) { out.append((l, .muted)) }
        }
        return out
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
            tallLines = infoLines(width: min(body.width, 60), unicode: unicode)
            let total = art.height + 1 + tallLines.count + 2
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
            let lines = tallLines
            let top = tallTop
            Storefront.render(number: shop.branch + 1, at: (body.x + (body.width - art.width) / 2, top), on: &canvas, theme: theme, clip: body)
            for (i, l) in lines.enumerated() where top + art.height + 1 + i < body.maxY {
                canvas.put(l.text, in: Rect(x: body.x, y: top + art.height + 1 + i, width: body.width, height: 1),
                           alignment: .center, style: theme[l.role])
            }
        } else if body.height >= art.height && body.width >= art.width + 24 {
            // Wide: the storefront at the left, the text beside it.
            let textWidth = min(60, body.width - art.width - 3)
            var lines = infoLines(width: textWidth, unicode: unicode)
            if lines.count > art.height { lines.removeAll { $0.text.isEmpty } }
            let blockWidth = art.width + 3 + (lines.map { DisplayWidth.of($0.text) }.max() ?? 0)
            let left = body.x + max(0, (body.width - blockWidth) / 2)
            let top = body.y + max(0, (body.height - art.height) / 2)
            Storefront.render(number: shop.branch + 1, at: (left, top), on: &canvas, theme: theme, clip: body)
            let textTop = top + max(0, (art.height - lines.count) / 2)
            for (i, l) in lines.enumerated() where textTop + i < body.maxY {
                canvas.put(l.text, in: Rect(x: left + art.width + 3, y: textTop + i, width: textWidth, height: 1), style: theme[l.role])
            }
        } else {
            // Small: the text alone.
            var lines = infoLines(width: body.width, unicode: unicode)
            lines.removeAll { $0.text.isEmpty }
            let top = body.y + max(0, (body.height - lines.count) / 2)
            for (i, l) in lines.enumerated() where top + i < body.maxY {
                canvas.put(l.text, in: Rect(x: body.x, y: top + i, width: body.width, height: 1), alignment: .center, style: theme[l.role])
            }
        }
    }
}

/// The order: a row per product with its price, a stepper and the line total; the totals
/// under them.
struct OrderView: Widget {
    var shop: CoffeeShop
    var focused: Bool

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

    /// The rows the order takes: header, products, rule, total.
    static func height(products n: Int, spaced: Bool) -> Int { spaced ? 2 * n + 3 : n + 3 }

    func columns(in rect: Rect) -> Columns {
        let stepperWidth = Stepper(maximum: CoffeeShop.maxQuantity).width
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
        canvas.put(" Order ", x: c.x, y: header.y, style: focused ? theme[.focus] : theme[.accent], clip: header)
        canvas.put("Price", in: Rect(x: c.priceX, y: header.y, width: c.price, height: 1), alignment: .right, style: theme[.muted])
        canvas.put("Qty", in: Rect(x: c.stepperX, y: header.y, width: c.stepper, height: 1), alignment: .center, style: theme[.muted])
        canvas.put("Amount", in: Rect(x: c.amountX, y: header.y, width: c.amount, height: 1), alignment: .right, style: theme[.muted])

        // Rows between the header and the two total lines; scrolled so the focus shows. With
        // room to spare (a wide screen), a blank line between rows.
        let n = shop.products.count
        let spacing = rect.height >= OrderView.height(products: n, spaced: true) ? 2 : 1
        let visible = max(1, (rect.height - 3 + spacing - 1) / spacing)
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
        let count = shop.totalQuantity == 1 ? "1 item" : "\(shop.totalQuantity) items"
        canvas.put(count, in: Rect(x: c.stepperX, y: totalRow.y, width: c.stepper, height: 1).intersection(totalRow),
                   alignment: .center, style: theme[.accent])
        let total = shop.money(shop.totalPrice)
        let right = c.amountX + c.amount
        canvas.put(total, x: right - DisplayWidth.of(total), y: totalRow.y, style: theme[.accent], clip: totalRow)
    }
}

/// The receipt over the shop, scrolled with ↑/↓ when it is taller than the screen.
struct ReceiptPanel: Widget {
    var lines: [String]
    var scroll: Int

    static func visibleRows(in area: Rect) -> Int { max(1, area.height - 4) }

    func render(in area: Rect, on canvas: inout Canvas, theme: Theme) {
        let g = theme.glyphs
        let widest = lines.map { DisplayWidth.of($0) }.max() ?? 20
        let box = area.centered(Size(width: min(area.width, widest + 4), height: min(area.height, lines.count + 4)))
        guard box.width >= 6, box.height >= 4 else { return }
        canvas.fill(box, style: theme[.dialog])
        Box.draw(box, on: &canvas, glyphs: g, style: theme[.dialogBorder], title: "Receipt", titleStyle: theme[.dialogBorder])
        let inner = box.inset(horizontal: 2, vertical: 1)
        let visible = max(0, inner.height - 1)
        let start = min(max(0, scroll), max(0, lines.count - visible))
        for (i, line) in lines.dropFirst(start).prefix(visible).enumerated() {
            let bold = line.hasPrefix("Total") || line.hasPrefix("COFFEE SHOP")
            canvas.put(line, in: inner.row(i), style: bold ? theme[.accent] : theme[.dialog])
        }
        let more = lines.count > visible
        let footer = (more ? "\(g.arrowUp)/\(g.arrowDown) scroll  " : "") + "Esc close"
        canvas.put(footer, in: inner.row(inner.height - 1), alignment: .right, style: theme[.muted])
    }
}
