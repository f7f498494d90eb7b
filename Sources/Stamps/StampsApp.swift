import TerminiCore
import TerminiWidgets
import TerminiApp

/// Stamp Card: a loyalty card with ten slots, kept between launches, so it can serve as a
/// daily login bonus. Space stamps with the original's animation (large and faint, shrinking
/// into place, then the card shakes); a full card opens a dialog; `r` resets after asking;
/// `d` allows one stamp per calendar day; `h` (or `i`) lists the card's stamps with their dates.
public struct StampsApp: KeyedApp {
    public static let descriptor = AppDescriptor(
        id: "stamps", name: "Stamp Card", summary: "A loyalty card with ten stamps",
        options: [OptionSpec(StampsOption.status, help: "print the card (stamps, daily mode, cards completed) and exit")])

    static let file = "stamps.json"
    static let version = 1
    static let dailyKey = "stamps.daily"
    static let rewardKey = "stamps.reward"
    static let defaultReward = "Your reward: one free coffee!"

    /// What a dialog over the card chose.
    public enum Action: Sendable, Equatable { case reset }

    private(set) var card: StampCard
    private(set) var daily: Bool
    private(set) var animation: StampAnimation?
    /// The full-card message, the reset question, the history.
    public var modals = ModalStack<Action>()
    let reward: String
    let zone: LocalZone

    public init(options: AppOptions, store: any StateReader, context: AppContext) {
        self.init(store: store, context: context, zone: .system)
    }

    init(store: any StateReader, context: AppContext, zone: LocalZone) {
        card = store.load(StampCard.self, from: StampsApp.file, version: StampsApp.version) ?? StampCard()
        daily = PreferenceValue.bool(store.preference(StampsApp.dailyKey)) ?? false
        let r = TextLayout.sanitized(store.preference(StampsApp.rewardKey) ?? "")
        reward = r.isEmpty ? StampsApp.defaultReward : r
        self.zone = zone
    }

    // MARK: Window

    public func status(context: AppContext) -> String? { daily ? "daily" : nil }

    public var keys: AppKeys<StampsApp> { StampsApp.keyTable }
    /// Built once: a binding acts on the app it is given, never on the one that built it.
    static let keyTable: AppKeys<StampsApp> = {
        AppKeys("Stamp Card", [
            Binding([.char(" "), .enter], hint: .init("Stamp +", keys: [.char(" ")]), "Stamp +: add the next stamp") { app, _, ctx in
                app.stampPlus(ctx)
            },
            Binding([.char("r"), .char("R")], helpKeys: [.char("r")], hint: .init("Reset", keys: [.char("r")]),
                    "reset: clear every stamp (asks first)") { app, _, _ in app.askReset() },
            Binding([.char("d"), .char("D")], helpKeys: [.char("d")], hint: .init(keys: [.char("d")]) { $0.daily ? "Daily: on" : "Daily: off" },
                    "daily mode on/off: at most one stamp per calendar day; every stamp given that day counts, before a reset and with daily mode off too") { app, _, _ in app.toggleDaily() },
            Binding([.char("h"), .char("H"), .char("i"), .char("I")], helpKeys: [.char("h"), .char("i")],
                    hint: .init("History", keys: [.char("h")]), "history: this card's stamps and their dates") { app, _, ctx in
                app.openHistory(ctx)
            },
        ])
    }()

    public func modalHelp(glyphs: Glyphs) -> [HelpSection] {
        PanelModal<Action>.help(glyphs: glyphs, section: "In the history") + DialogModal<Action>.help(glyphs: glyphs)
    }

    public var minimumSize: Size { Size(width: 44, height: 12) }
    /// What a second copy follows while this app's keeper runs (the shell reloads it).
    public var keptFiles: [String] { [StampsApp.file] }
    /// The keeper's card, read again (and daily mode, which it may have changed).
    public mutating func reload(_ keeping: Keeping, store: any StateReader, context: AppContext) -> [AppEffect] {
        card = store.load(StampCard.self, from: StampsApp.file, version: StampsApp.version) ?? StampCard()
        daily = PreferenceValue.bool(store.preference(StampsApp.dailyKey)) ?? daily
        animation = nil
        return []
    }

    // MARK: Keys

    mutating func askReset() -> [AppEffect] {
        guard !card.isEmpty else { return [.notice("The card is already empty.")] }
        let n = card.count
        modals.push(DialogModal.confirm(
            title: "Reset the card",
            message: "Clear \(n == 1 ? "the 1 stamp" : "all \(n) stamps") of this card?\nCompleted cards stay counted.",
            yes: "reset", action: Action.reset))
        return []
    }

    mutating func toggleDaily() -> [AppEffect] {
        daily.toggle()
        let text = daily
            ? "Daily mode on: one stamp per calendar day."
            : "Daily mode off: stamp as often as you like."
        return [.setPreference(key: StampsApp.dailyKey, value: daily ? "on" : "off"), .notice(text)]
    }

    mutating func openHistory(_ context: AppContext) -> [AppEffect] {
        let (card, daily, zone) = (self.card, self.daily, self.zone)
        modals.push(PanelModal<Action> { ctx in HistoryPanel(card: card, daily: daily, today: zone.day(at: ctx.now)).scrollPanel })
        return []
    }

    public mutating func perform(_ action: Action, context: AppContext) -> [AppEffect] {
        switch action {
        case .reset:
            animation = nil
            card.reset()
            return [.save(card, to: StampsApp.file, version: StampsApp.version), .notice("The card is empty: a new card.")]
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
            modals.push(fullDialog(justCompleted: false))
            return []
        case .alreadyToday(let next):
            return context.sound.alertBell + [.notice(StampsApp.refusal(card: card, today: moment.day, next: next))]
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

    func fullDialog(justCompleted: Bool) -> DialogModal<Action> {
        let n = card.completedCards
        let count = "Cards completed: \(n)."
        let message = justCompleted
            ? "All \(StampCard.slots) stamps collected!\n\(reward)\n\(count)\nPress r to start a new card."
            : "This card is full: all \(StampCard.slots) stamps.\n\(reward)\n\(count)\nPress r to start a new card."
        return DialogModal.alert(title: justCompleted ? "Card complete" : "The card is full", message: message, role: .success)
    }

    // MARK: Time

    public func nextDeadline(context: AppContext) -> Double? {
        if let a = animation { return a.nextFrame(after: context.now) ?? a.end }
        // In daily mode with today's stamp given, wake at local midnight so the card shows
        // that the next stamp is allowed (once a day, not once a frame).
        if daily && !card.isFull && modals.isEmpty {
            let today = zone.day(at: context.now)
            if !card.mayStamp(on: today, daily: true) { return zone.startOfDay(today.next) }
        }
        return nil
    }

    public mutating func tick(context: AppContext) -> [AppEffect] {
        if let a = animation, a.phase(at: context.now) == .done {
            animation = nil
            if a.completesCard && card.isFull && modals.isEmpty {
                modals.push(fullDialog(justCompleted: true))
            }
        }
        return []
    }

    // MARK: Drawing

    public func renderScreen(in rect: Rect, on canvas: inout Canvas, theme: Theme, context: AppContext) {
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
        guard StampsOptions(options).status else { return nil }
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

/// The `h` panel: every stamp of the card with its date, and the completed cards. Dates take
/// the one on-screen form (`Sun 29 Nov 15:27`), in columns.
struct HistoryPanel {
    var card: StampCard
    var daily: Bool
    var today: CalendarDay

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

    var scrollPanel: ScrollPanel {
        // At least 30 wide, so a short history does not sit in a cramped box.
        var panel = ScrollPanel(title: "Card history", lines: lines().map { StyledLine($0.text, $0.role) })
        panel.minimumTextWidth = 30
        return panel
    }
}
