import TerminiCore
import BadmintonRules
import TerminiWidgets

/// How the rows of the scoreboard's halves are shared, from the top: the name band, the games
/// line, who serves or receives in words, the band of big letters (who serves, game point,
/// match point, game won), a spacer on tall screens, the score's digits, the doubles court
/// diagram. Below the halves, across the screen: the umpire's call, then the prompt line.
/// Both halves share one layout, so their digits are the same size and nothing moves when the
/// service passes.
struct BoardLayout: Equatable, Sendable {
    var nameRows: Int
    var serviceRows: Int
    /// Rows of the big-letter band; 0 when there is no room for letters three rows high (the
    /// band is then one row of reverse-video words).
    var bandRows: Int
    var spacer: Int
    var digitRows: Int
    var courtRows: Int
    /// The narrower half's width: both halves word their lines for it, alike.
    var halfWidth: Int

    /// Rows above the digits.
    var header: Int { nameRows + 1 + serviceRows + max(1, bandRows) + spacer }

    /// The rows under the halves: the call, then the prompt.
    static let footerRows = 2

    /// Band heights tried, tallest first: two lines of 5-row letters (11), one of 7-row letters
    /// or two of half-block ones (7), one of 5-row letters (5), one of half blocks or ASCII capitals (3).
    static let bandHeights = [11, 7, 5, 3]

    /// The layout of halves `halfWidth` wide in a main area of `height` rows (the halves' part
    /// of the screen, above the call line).
    init(height: Int, halfWidth: Int, doubles: Bool, glyphs: Glyphs) {
        self.halfWidth = halfWidth
        nameRows = BadmintonApp.nameRows(height)
        serviceRows = BadmintonApp.serviceRows(doubles: doubles)
        courtRows = doubles && height >= 14 ? 4 : 0
        spacer = height >= 30 ? 1 : 0
        let fixed = nameRows + 1 + serviceRows + spacer + courtRows
        let room = max(0, height - fixed)
        let width = max(1, halfWidth - 2)
        func digitsHeight(_ rows: Int) -> Int {
            BigText.fit("88", in: Size(width: width, height: rows)).map { BigText.measure("88", $0).height } ?? 0
        }
        // The letters take at most a third of the band and the digits: the score stays what
        // the eye finds first, and keeps at least seven rows.
        // In ASCII the three-row letters are drawn with `#`, `"` and `_`: who serves
        // must read from 5 m in `--ascii --no-color` doubles at 80×24 too.
        let heights = BoardLayout.bandHeights
        var band = heights.first { room - $0 >= max(7, 2 * $0) } ?? 0
        // A taller band that costs the digits nothing is taken (the digits grow in steps).
        if band > 0 {
            for h in heights.reversed() where h > band && room - h >= 7 && digitsHeight(room - h) == digitsHeight(room - band) {
                band = h
            }
        }
        bandRows = band
        digitRows = room - max(1, band)
        // Letters stay smaller than the digits beside them.
        letterRows = max(HalfBlockText.rows, digitsHeight(digitRows) - 2)
    }

    /// The tallest letters of the band: smaller than the digits.
    var letterRows: Int

    /// `init(height:halfWidth:doubles:glyphs:)`, worked out once for each size (every frame
    /// asks, and fitting the digits to each height tried is the cost); the glyph set does not
    /// change it.
    static func of(height: Int, halfWidth: Int, doubles: Bool, glyphs: Glyphs) -> BoardLayout {
        layouts.value(Key(height: height, halfWidth: halfWidth, doubles: doubles)) {
            BoardLayout(height: height, halfWidth: halfWidth, doubles: doubles, glyphs: glyphs)
        }
    }
    struct Key: Hashable, Sendable {
        var height: Int
        var halfWidth: Int
        var doubles: Bool
    }
    static let layouts = Memo<Key, BoardLayout>(capacity: 64)
}

/// One thing the band says for one side, in its forms from the longest (`BOB SERVES`) to the
/// shortest (`SERVES`).
struct BandPhrase: Hashable, Sendable {
    var forms: [String]
    var role: Role
    /// Left out of the letters first when both halves' phrases do not fit (the loser's
    /// `RETIRED` beside the winner's `MATCH WON`).
    var secondary = false
}

/// Letters of a given size: BigText's fonts from five rows up, half blocks at three.
enum Letters: Equatable, Sendable {
    case big(BigText.Variant)
    case half(Int)
    /// Three rows of `_ | / \` capitals, where there is no Unicode for half blocks.
    case ascii

    var height: Int {
        switch self {
        case .big(let v): return v.font.height * v.scaleY
        case .half: return HalfBlockText.rows
        case .ascii: return AsciiLetters.rows
        }
    }

    func width(_ text: String) -> Int {
        switch self {
        case .big(let v): return BigText.measure(text, v).width
        case .half(let sx): return HalfBlockText.measure(text, scaleX: sx).width
        case .ascii: return AsciiLetters.measure(text).width
        }
    }

    /// Every size of letters exactly `height` rows high, the widest first.
    static func all(height: Int, glyphs: Glyphs) -> [Letters] {
        var out: [Letters] = BigText.variants.filter { $0.font.height * $0.scaleY == height }.map { Letters.big($0) }
        if height == HalfBlockText.rows { out += glyphs.isUnicode ? [.half(2), .half(1)] : [.ascii] }
        return out.sorted { $0.width("M") > $1.width("M") }
    }

    /// Every size of letters exactly `height` rows high in which `text` fits `width`, widest
    /// first.
    static func sizes(_ text: String, height: Int, width: Int, glyphs: Glyphs) -> [Letters] {
        all(height: height, glyphs: glyphs).filter { $0.width(text) <= width && $0.width(text) > 0 }
    }

    /// The largest letters for `text` no taller than `height` in `width`: tallest first, then
    /// widest (`narrowest`: the narrowest of the tallest).
    static func fit(_ text: String, width: Int, height: Int, glyphs: Glyphs, narrowest: Bool = false) -> Letters? {
        for h in stride(from: height, through: HalfBlockText.rows, by: -1) {
            let all = sizes(text, height: h, width: width, glyphs: glyphs)
            if let l = narrowest ? all.last : all.first { return l }
        }
        return nil
    }

    /// The letters in `style` (the role's, for half blocks, through a copy of the theme).
    func render(_ text: String, role: Role, in rect: Rect, alignment: Alignment, style: Style, on canvas: inout Canvas, theme: Theme) {
        switch self {
        case .big(let v): BigText(text, role: role, alignment: alignment, variant: v, style: style).render(in: rect, on: &canvas, theme: theme)
        case .half(let sx):
            HalfBlockText(text, role: role, alignment: alignment, scaleX: sx).render(in: rect, on: &canvas, theme: BadmintonApp.theme(theme, role, style))
        case .ascii:
            AsciiLetters(text, role: role, alignment: alignment).render(in: rect, on: &canvas, theme: BadmintonApp.theme(theme, role, style))
        }
    }
}

/// What is drawn in the band: each half's lines of letters, or (no room) one-row banners.
struct BandPlan: Equatable, Sendable {
    struct Line: Equatable, Sendable {
        var text: String
        var role: Role
        var rect: Rect
        var letters: Letters
        var alignment: Alignment
    }
    var lines: [Line] = []
    /// Neither fits in letters: each half's first phrase as a one-row banner.
    var banners: [(text: String, role: Role)?] = [nil, nil]

    static func == (a: BandPlan, b: BandPlan) -> Bool {
        a.lines == b.lines && a.banners.map { $0?.text } == b.banners.map { $0?.text }
    }

    /// Lays out `phrases` (left half's, right half's, each most important first) in `band`:
    /// every phrase of both halves stacked in its half if they fit; else each half's first;
    /// else those two side by side across the divider, each flush with its own edge (a
    /// long `MATCH POINT` beside a short `SERVES`); else one centred across both when both
    /// halves say the same; else one-row banners.
    static func make(_ phrases: [[BandPhrase]], halves: [Rect], band: Rect, maxHeight: Int, glyphs: Glyphs) -> BandPlan {
        // Laid out when the phrases or the size change (a service passing, game point), not
        // at every rally: the letters' sizes depend on the glyph set only by whether it is
        // Unicode (half blocks).
        let key = Key(phrases: phrases, halves: halves, band: band, maxHeight: maxHeight, unicode: glyphs.isUnicode)
        return plans.value(key) { workedOut(phrases, halves: halves, band: band, maxHeight: maxHeight, glyphs: glyphs) }
    }

    struct Key: Hashable, Sendable {
        var phrases: [[BandPhrase]]
        var halves: [Rect]
        var band: Rect
        var maxHeight: Int
        var unicode: Bool
    }
    static let plans = Memo<Key, BandPlan>(capacity: 64)

    static func workedOut(_ phrases: [[BandPhrase]], halves: [Rect], band: Rect, maxHeight: Int, glyphs: Glyphs) -> BandPlan {
        if band.height >= HalfBlockText.rows {
            if let plan = arrange(phrases, halves: halves, band: band, maxHeight: maxHeight, glyphs: glyphs) { return plan }
            let primary = phrases.map { $0.filter { !$0.secondary } }
            if primary != phrases, let plan = arrange(primary, halves: halves, band: band, maxHeight: maxHeight, glyphs: glyphs) { return plan }
        }
        var plan = BandPlan()
        plan.banners = phrases.map { $0.first.map { ($0.forms.last ?? "", $0.role) } }
        return plan
    }

    /// The first arrangement in which the phrases fit, or nil.
    static func arrange(_ phrases: [[BandPhrase]], halves: [Rect], band: Rect, maxHeight: Int, glyphs: Glyphs) -> BandPlan? {
        var plan = BandPlan()
        let tallest = min(band.height, maxHeight)
        let inner = halves.map { Rect(x: $0.x + 1, y: band.y, width: max(0, $0.width - 2), height: band.height) }
        let most = phrases.map(\.count).max() ?? 0
        for n in stride(from: most, through: 1, by: -1) {
            if let lines = stacked(phrases.map { Array($0.prefix(n)) }, in: inner, maxHeight: tallest, glyphs: glyphs) {
                plan.lines = lines
                return plan
            }
        }
        // One line a half, wider than a half: side by side across the screen, each flush with
        // its own edge; one alone may reach across the divider from its edge.
        let firsts = phrases.map(\.first)
        let across = band.inset(horizontal: 1, vertical: 0)
        for fa in firsts[0]?.forms ?? [""] {
            for fb in firsts[1]?.forms ?? [""] {
                if fa == fb, let p = firsts[0], let l = Letters.fit(fa, width: across.width, height: tallest, glyphs: glyphs) {
                    let rect = Rect(x: across.x, y: band.y + (band.height - l.height) / 2, width: across.width, height: l.height)
                    plan.lines = [Line(text: fa, role: p.role, rect: rect, letters: l, alignment: .center)]
                    return plan
                }
                for h in stride(from: tallest, through: HalfBlockText.rows, by: -1) {
                    let la = fa.isEmpty ? nil : Letters.sizes(fa, height: h, width: across.width, glyphs: glyphs).last
                    let lb = fb.isEmpty ? nil : Letters.sizes(fb, height: h, width: across.width, glyphs: glyphs).last
                    guard fa.isEmpty || la != nil, fb.isEmpty || lb != nil else { continue }
                    let wa = la?.width(fa) ?? 0, wb = lb?.width(fb) ?? 0
                    guard wa + wb + (wa > 0 && wb > 0 ? 4 : 0) <= across.width else { continue }
                    // Only the letters' rows: the divider stays above and below them.
                    let y = band.y + (band.height - h) / 2
                    if let la, let p = firsts[0] {
                        plan.lines.append(Line(text: fa, role: p.role, rect: Rect(x: across.x, y: y, width: wa, height: h), letters: la, alignment: .left))
                    }
                    if let lb, let p = firsts[1] {
                        plan.lines.append(Line(text: fb, role: p.role, rect: Rect(x: across.maxX - wb, y: y, width: wb, height: h), letters: lb, alignment: .right))
                    }
                    return plan
                }
            }
        }
        return nil
    }

    /// Each half's phrases one above the other in its own half, all lines in letters of one
    /// size, or nil: the tallest letters in which every phrase fits, in its longest form
    /// (`BOB SERVES`) if a size of that height allows it, else a shorter one; the widest such
    /// size. One size for every line, so they read as one board.
    static func stacked(_ phrases: [[BandPhrase]], in inner: [Rect], maxHeight: Int, glyphs: Glyphs) -> [Line]? {
        let n = phrases.map(\.count).max() ?? 0
        guard n > 0, let band = inner.first else { return nil }
        let h = min(maxHeight, (band.height - (n - 1)) / n)
        guard h >= HalfBlockText.rows else { return nil }
        for height in stride(from: h, through: HalfBlockText.rows, by: -1) {
            for formsTried in [1, Int.max] {
                for size in Letters.all(height: height, glyphs: glyphs) {
                    if let lines = lines(phrases, in: inner, size: size, formsTried: formsTried) { return lines }
                }
            }
        }
        return nil
    }

    /// Every phrase at `size`, each in the first of its first `formsTried` forms that fits its
    /// half; a half's lines centred in the band together. Nil when one does not fit.
    static func lines(_ phrases: [[BandPhrase]], in inner: [Rect], size: Letters, formsTried: Int) -> [Line]? {
        var out: [Line] = []
        for (side, list) in phrases.enumerated() {
            let rect = inner[side]
            let used = list.count * size.height + (list.count - 1)
            var y = rect.y + (rect.height - used) / 2
            for p in list {
                guard let f = p.forms.prefix(formsTried).first(where: { size.width($0) <= rect.width }) else { return nil }
                out.append(Line(text: f, role: p.role, rect: Rect(x: rect.x, y: y, width: rect.width, height: size.height), letters: size, alignment: .center))
                y += size.height + 1
            }
        }
        return out
    }
}
