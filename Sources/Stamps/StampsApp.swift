import TerminiCore
import TerminiWidgets
import TerminiApp

/// Stamp Card: a loyalty card with ten slots, kept between launches, so it can serve as a
/// daily login bonus. Space stamps with the original's animation (large and faint, shrinking
/// into place, then the card shakes); a full card opens a dialog; `r` resets after asking;
/// `d` allows one stamp per calendar day; `h` (or `i`) lists the card's stamps with their dates.
public struct StampsApp: MiniApp {
    public static let descriptor = AppDescriptor(
        id: "stamps", name: "Stamp Card", summary: "A loyalty card with ten stamps",
        options: [OptionSpec("--status", help: "print the card (stamps, daily mode, cards completed) and exit")])

    static let file = "stamps.json"
    static let version = 1
    static let dailyKey = "stamps.daily"
    static let rewardKey = "stamps.reward"
    static let defaultReward = "Your reward: one free coffee!"

    /// What is open over the card.
    enum Overlay: Equatable {
        case full(Dialog)
        case confirmReset(Dialog)
        /// The card's history, scrolled down by `scroll` lines.
        case history(scroll: Int)
    }

    private(set) var card: StampCard
    private(set) var daily: Bool
    private(set) var animation: StampAnimation?
    private(set) var overlay: Overlay?
    /// The last moment the app was told (by a key or a tick): the clock of `nextDeadline`.
    private(set) var lastSeen: Double
    let reward: String
    let sound: Bool
    let zone: LocalZone
    let unicode: Bool

    public init(options: AppOptions, store: any StateReader, context: AppContext) {
        self.init(store: store, context: context, zone: .system)
    }

    init(store: any StateReader, context: AppContext, zone: LocalZone) {
        card = store.load(StampCard.self, from: StampsApp.file, version: StampsApp.version) ?? StampCard()
        daily = PreferenceValue.bool(store.preference(StampsApp.dailyKey)) ?? false
        let r = TextLayout.sanitized(store.preference(StampsApp.rewardKey) ?? "")
        reward = r.isEmpty ? StampsApp.defaultReward : r
        sound = SoundPreference(store: store).alerts
        self.zone = zone
        unicode = context.unicode
        lastSeen = context.now
    }

    // MARK: Window

    public var status: String? { daily ? "daily" : nil }

    public var hints: [KeyHint] {
        switch overlay {
        case .full: return [KeyHint("Enter", "OK")]
        case .confirmReset: return [KeyHint("y", "Reset"), KeyHint("n", "Keep"), KeyHint("Esc", "Cancel")]
        case .history:
            // As in the ? help and Badminton's history: the arrows scroll, any other key
            // (q and Esc too) closes.
            return [KeyHint(unicode ? "↑↓" : "Up/Dn", "Scroll"), KeyHint("any other key", "Close")]
        case nil:
            return [KeyHint("Space", "Stamp +"), KeyHint("r", "Reset"), KeyHint("d", daily ? "Daily: on" : "Daily: off"),
                    KeyHint("h", "History")]
        }
    }

    public var help: [HelpSection] {
        [
            HelpSection("Stamp Card", [
                ("Space Enter", "Stamp +: add the next stamp"),
                ("r", "reset: clear every stamp (asks first)"),
                ("d", "daily mode on/off: at most one stamp per day"),
                ("h i", "history: this card's stamps and their dates"),
            ]),
            HelpSection("In the history", [
                (unicode ? "↑ ↓ PgUp PgDn" : "Up Down PgUp PgDn", "scroll a long history"),
                ("any other key", "close the history (q too: it does not quit)"),
            ]),
            HelpSection("In a dialog", [
                ("Enter Space", "choose the focused button"),
                ("y n", "yes or no when asked"),
                (unicode ? "← → Tab" : "Left Right Tab", "move between buttons"),
                ("Esc", "close or cancel"),
            ]),
        ]
    }

    public var minimumSize: Size { Size(width: 44, height: 12) }

    public var wantsAllKeys: Bool { overlay != nil }

    // MARK: Keys

    public mutating func handle(_ key: Key, context: AppContext) -> [AppEffect] {
        lastSeen = context.now
        if let overlay { return handleOverlay(overlay, key, context: context) }
        switch key {
        case .char(" "), .enter: return stampPlus(context)
        case .char("r"), .char("R"):
            guard !card.isEmpty else { return [.notice("The card is already empty.")] }
            let n = card.count
            overlay = .confirmReset(Dialog.confirm(
                title: "Reset the card",
                message: "Clear \(n == 1 ? "the 1 stamp" : "all \(n) stamps") of this card?\nCompleted cards stay counted."))
            return []
        case .char("d"), .char("D"):
            daily.toggle()
            let text = daily
                ? "Daily mode on: one stamp per calendar day."
                : "Daily mode off: stamp as often as you like."
            return [.setPreference(key: StampsApp.dailyKey, value: daily ? "on" : "off"), .notice(text)]
        case .char("h"), .char("H"), .char("i"), .char("I"):
            overlay = .history(scroll: 0)
            return []
        default:
            return []
        }
    }

    mutating func stampPlus(_ context: AppContext) -> [AppEffect] {
        let moment = zone.moment(at: context.now)
        switch card.stamp(at: moment, daily: daily) {
        case let .stamped(slot, completed):
            animation = StampAnimation(slot: slot, start: context.now, completesCard: completed)
            return [.save(card, to: StampsApp.file, version: StampsApp.version)]
        case .full:
            animation = nil
            overlay = .full(fullDialog(justCompleted: false))
            return []
        case .alreadyToday(let next):
            return (sound ? [.bell] : []) + [.notice(StampsApp.refusal(card: card, today: moment.day, next: next))]
        }
    }

    /// Why daily mode refused a stamp: today's stamp is on this card, or it was given before
    /// the card was reset (the card may then be empty: "already on the card" would be wrong).
    static func refusal(card: StampCard, today: CalendarDay, next: CalendarDay) -> String {
        let why = card.hasStamp(on: today)
            ? "Today's stamp is already on the card."
            : "Today's stamp was given before the reset."
        return "\(why) Next stamp: \(next.shown(today: today))."
    }

    func fullDialog(justCompleted: Bool) -> Dialog {
        let n = card.completedCards
        let count = "Cards completed: \(n)."
        let message = justCompleted
            ? "All \(StampCard.slots) stamps collected!\n\(reward)\n\(count)\nPress r to start a new card."
            : "This card is full: all \(StampCard.slots) stamps.\n\(reward)\n\(count)\nPress r to start a new card."
        return Dialog(title: justCompleted ? "Card complete" : "The card is full", message: message, role: .success)
    }

    mutating func handleOverlay(_ o: Overlay, _ key: Key, context: AppContext) -> [AppEffect] {
        switch o {
        case .full(var d):
            if d.handle(key) != nil { overlay = nil } else { overlay = .full(d) }
            return []
        case .confirmReset(var d):
            switch d.handle(key) {
            case .chose(0):
                overlay = nil
                animation = nil
                card.reset()
                return [.save(card, to: StampsApp.file, version: StampsApp.version), .notice("The card is empty: a new card.")]
            case .chose, .cancelled:
                overlay = nil
            case nil:
                overlay = .confirmReset(d)
            }
            return []
        case .history(let scroll):
            let most = HistoryPanel.maxScroll(lines: HistoryPanel(card: card, daily: daily, today: zone.day(at: context.now)).lines().count,
                                              height: minimumSize.height)
            switch key {
            case .up: overlay = .history(scroll: max(0, min(scroll, most) - 1))
            case .down: overlay = .history(scroll: min(most, scroll + 1))
            case .pageUp: overlay = .history(scroll: max(0, min(scroll, most) - 10))
            case .pageDown: overlay = .history(scroll: min(most, scroll + 10))
            default: overlay = nil
            }
            return []
        }
    }

    // MARK: Time

    public var nextDeadline: Double? {
        if let a = animation { return a.nextFrame(after: lastSeen) ?? a.end }
        // In daily mode with today's stamp given, wake at local midnight so the card shows
        // that the next stamp is allowed (once a day, not once a frame).
        if daily && !card.isFull && overlay == nil {
            let today = zone.day(at: lastSeen)
            if !card.mayStamp(on: today, daily: true) { return zone.startOfDay(today.next) }
        }
        return nil
    }

    public mutating func tick(context: AppContext) -> [AppEffect] {
        lastSeen = context.now
        if let a = animation, a.phase(at: context.now) == .done {
            animation = nil
            if a.completesCard && card.isFull && overlay == nil {
                overlay = .full(fullDialog(justCompleted: true))
            }
        }
        return []
    }

    // MARK: Drawing

    public func render(in rect: Rect, on canvas: inout Canvas, theme: Theme, context: AppContext) {
        let today = zone.moment(at: context.now)
        var pressing: (slot: Int, scale: Double)?
        var shake = 0
        if let a = animation {
            switch a.phase(at: context.now) {
            case .pressing(let scale): pressing = (a.slot, scale)
            case .shaking(let offset): shake = offset * (rect.width >= 100 ? 2 : 1)
            case .done: break
            }
        }
        let nextAllowed = card.mayStamp(on: today.day, daily: daily)
        let lines = statusLines(today: today.day, dot: theme.glyphs.middleDot, width: rect.width)
        let cardArea = rect.inset(bottom: lines.count + 1)
        let view = StampCardView(card: card, pressing: pressing, shake: shake, nextAllowed: nextAllowed)
        let m = StampCardView.metrics(fitting: cardArea.size)
        let cardRect = StampCardView.layout(in: cardArea, metrics: m).card
        view.render(in: cardArea, on: &canvas, theme: theme)

        // The status lines sit right under the card, centred with it.
        let top = min(rect.maxY - lines.count, cardRect.maxY + 1)
        for (i, line) in lines.enumerated() {
            canvas.put(line.text, in: Rect(x: rect.x, y: top + i, width: rect.width, height: 1), alignment: .center,
                       style: theme[line.role])
        }

        switch overlay {
        case .full(let d), .confirmReset(let d): d.render(in: rect, on: &canvas, theme: theme)
        case .history(let scroll):
            HistoryPanel(card: card, daily: daily, today: today.day, scroll: scroll).render(in: rect, on: &canvas, theme: theme)
        case nil: break
        }
    }

    func statusLines(today: CalendarDay, dot middle: Character = "·", width: Int = 80) -> [(text: String, role: Role)] {
        let n = card.count
        let dot = " \(middle) "
        var first = card.isFull
            ? "Card full: all \(StampCard.slots) stamps"
            : "\(n) of \(StampCard.slots) stamped\(dot)\(StampCard.slots - n) to go"
        first += "\(dot)cards completed: \(card.completedCards)"
        if DisplayWidth.of(first) > width {
            first = "\(n)/\(StampCard.slots) stamped\(dot)cards completed: \(card.completedCards)"
        }
        let mode = daily ? "Daily mode on" : "Daily mode off"
        var detail: String?
        if daily {
            if card.isFull {
                detail = "r starts a new card"
            } else if card.mayStamp(on: today, daily: true) {
                detail = "today's stamp is waiting"
            } else {
                detail = "next stamp \(card.nextStampDay(from: today, daily: true).shown(today: today)) from 00:00"
            }
        } else if let last = card.stamps.last {
            detail = "last stamp \(last.moment.shown(today: today))"
        }
        var second = detail.map { mode + dot + $0 } ?? mode
        // Narrow, with a date that carries its year: the mode's words go, the date stays.
        if let detail, DisplayWidth.of(second) > width { second = detail }
        return [(first, card.isFull ? .success : .text), (second, .muted)]
    }

    // MARK: Command line

    public static func runCommand(_ options: AppOptions, store: any StateReader, context: AppContext) -> CommandOutput? {
        guard options.flag("--status") else { return nil }
        let card = store.load(StampCard.self, from: file, version: version) ?? StampCard()
        let daily = PreferenceValue.bool(store.preference(dailyKey)) ?? false
        return CommandOutput(stdout: statusText(card: card, daily: daily, today: LocalZone.system.day(at: context.now)))
    }

    static func statusText(card: StampCard, daily: Bool, today: CalendarDay) -> String {
        var s = "stamps: \(card.count)/\(StampCard.slots)\n"
        s += "cards completed: \(card.completedCards)\n"
        s += "daily mode: \(daily ? "on" : "off")\n"
        if daily && !card.isFull {
            s += "next stamp: \(card.mayStamp(on: today, daily: true) ? "today" : card.nextStampDay(from: today, daily: true).description)\n"
        }
        for (i, stamp) in card.stamps.enumerated() {
            s += "\(i + 1) \(stamp.day) \(stamp.moment.clock)\n"
        }
        return s
    }
}

/// The `h` overlay: every stamp of the card with its date, and the completed cards. Dates
/// take the one on-screen form (`Sun 29 Nov 15:27`), in columns.
struct HistoryPanel: Widget {
    var card: StampCard
    var daily: Bool
    var today: CalendarDay
    var scroll: Int = 0

    func lines() -> [(text: String, role: Role)] {
        var out: [(String, Role)] = []
        if card.stamps.isEmpty {
            out.append(("No stamps on this card yet.", .muted))
        } else {
            let dates = card.stamps.map { $0.day.shown(today: today) }
            let dateWidth = max(4, dates.map { DisplayWidth.of($0) }.max() ?? 0)
            out.append(("  #  \(TextLayout.pad("Date", to: dateWidth))  Time", .accent))
            for (i, s) in card.stamps.enumerated() {
                let n = TextLayout.pad(String(i + 1), to: 3, alignment: .right)
                out.append(("\(n)  \(TextLayout.pad(dates[i], to: dateWidth))  \(s.moment.clock)", .text))
            }
        }
        out.append(("", .text))
        var completed = "Cards completed: \(card.completedCards)"
        if let last = card.completions.last { completed += " (last \(last.shown(today: today)))" }
        out.append((completed, .text))
        return out
    }

    /// The rows for lines in a panel drawn in an area `height` rows high: the box less its
    /// border and the footer.
    static func visibleRows(lines: Int, height: Int) -> Int { max(0, min(height, lines + 4) - 3) }

    /// The largest scroll that still changes what an area `height` rows high shows.
    static func maxScroll(lines: Int, height: Int) -> Int { max(0, lines - visibleRows(lines: lines, height: height)) }

    func render(in area: Rect, on canvas: inout Canvas, theme: Theme) {
        let g = theme.glyphs
        let body = lines()
        let visible = HistoryPanel.visibleRows(lines: body.count, height: area.height)
        let more = body.count > visible
        // The words of the ? help's overlay: what scrolls, and that anything else closes.
        let footer = more ? "\(g.arrowUp)/\(g.arrowDown) scroll \(g.middleDot) any other key closes" : "any key closes"
        let widest = max(body.map { DisplayWidth.of($0.text) }.max() ?? 0, DisplayWidth.of(footer), 30)
        let box = area.centered(Size(width: min(area.width, widest + 4), height: min(area.height, body.count + 4)))
        guard box.width >= 6, box.height >= 4 else { return }
        canvas.fill(box, style: theme[.dialog])
        Box.draw(box, on: &canvas, glyphs: g, style: theme[.dialogBorder], title: "Card history",
                 titleStyle: theme[.dialogBorder])
        let inner = box.inset(horizontal: 2, vertical: 1)
        let start = min(max(0, scroll), HistoryPanel.maxScroll(lines: body.count, height: area.height))
        for (i, line) in body.dropFirst(start).prefix(visible).enumerated() {
            canvas.put(line.text, in: inner.row(i), style: theme[line.role])
        }
        canvas.put(footer, in: inner.row(inner.height - 1), alignment: .right, style: theme[.muted], ellipsis: g.ellipsis)
    }
}
