import TerminiCore
import BadmintonRules
import TerminiWidgets
import TerminiApp

/// The desk's call to this court (the hall's tournament desk, `CourtFiles.call`, kept by the
/// court's hall link): on a free court a dialog ("Match 12 · MS R2 · Lin Dan (CHN) v Lee Chong
/// Wei (MAS) · court 3 — Enter to start setup") whose Enter opens the setup dialog filled from
/// the call; on a court in the middle of a match the call waits as its next (the frame says
/// so) and is offered when the match ends. Esc leaves it pending; `k` shows it again. What the
/// umpire has of it in front of them (not on screen, the dialog, the setup) is saved
/// (`CourtFiles.callUmpire`) for the hall link to tell the desk.
extension BadmintonApp {
    /// The call still to be played here: received, or next; nil when none (or not keeping).
    var openCall: CourtCall.Kept? {
        guard case .keeping = mode, let c = call, c.isOpen(log) else { return nil }
        return c
    }

    /// The call waits for the match in progress to end.
    var callIsNext: Bool { openCall != nil && !CourtCall.isFree(log) }

    /// Reads the kept call (the hall link wrote it, synced); a new one on a free court is
    /// offered (and, while the umpire is elsewhere, said on the notice line). A call withdrawn
    /// closes its dialog and a setup opened from it, saying why.
    mutating func readCall(_ store: any StateReader) -> [AppEffect] {
        guard case .keeping = mode, files.court != nil else { return [] }
        let before = call
        call = CourtCall.Kept.parse(store.readBytes(files.call))
        let wasOpen = before.map { $0.isOpen(log) } ?? false
        guard call?.call.id != before?.call.id || call == nil || (wasOpen && openCall == nil) else { return [] }
        var said: [AppEffect] = []
        if let b = before, wasOpen, openCall == nil {
            let form = modals.contains { ($0 as? SetupForm)?.callID == b.call.id }
            modals.removeAll { $0 is CallDialog || ($0 as? SetupForm)?.callID == b.call.id }
            if call?.call.id == b.call.id, call?.state == .withdrawn || call == nil {
                said.append(.notice("The desk withdrew match \(b.call.match)" + (form ? ": its setup is closed." : ".")))
            }
        } else if call?.call.id != before?.call.id {
            modals.removeAll { $0 is CallDialog }
        }
        offerCall()
        guard !onView, let c = openCall, c.call.id != before?.call.id else { return said }
        return said + [.notice("Call to court \(c.call.court): \(c.call.title)" + (callIsNext ? ", after this match." : ". The scoreboard has it."))]
    }

    /// What the umpire has of the open call in front of them: not on screen (another app,
    /// the launcher, the dialog put aside), its dialog, or the setup opened from it.
    var umpireStep: UmpireCallStep? {
        guard let c = openCall else { return nil }
        let id = c.call.id
        guard onView, !callIsNext else { return UmpireCallStep(id: id, step: .delivered) }
        if modals.contains(where: { ($0 as? SetupForm)?.callID == id }) { return UmpireCallStep(id: id, step: .setup) }
        if modals.contains(where: { $0 is CallDialog }) { return UmpireCallStep(id: id, step: .shown) }
        return UmpireCallStep(id: id, step: .delivered)
    }

    /// The umpire's step saved when it changed (the hall link says it once on disk).
    mutating func saveUmpireStep() -> [AppEffect] {
        guard case .keeping = mode, files.court != nil, let s = umpireStep, s != umpireSaid else { return [] }
        umpireSaid = s
        return [.write(file: files.callUmpire, bytes: s.bytes)]
    }

    /// The call's dialog, over whatever is open, when the court is free for it.
    mutating func offerCall() {
        guard let c = openCall, CourtCall.isFree(log), !modals.contains(where: { $0 is CallDialog }) else { return }
        modals.push(CallDialog(kept: c, warmUpFrom: c.warmUpFrom(log)))
    }

    /// `k`: the pending call again (or why not yet).
    mutating func showCall() -> [AppEffect] {
        guard let c = openCall else { return alertBell }
        if CourtCall.isFree(log) {
            offerCall()
        } else {
            message = Message("Match \(c.call.match) is next: it is offered when this match ends.", short: "Next: match \(c.call.match).")
        }
        return []
    }

    /// Enter on the call: the setup dialog, filled from it (the umpire checks and starts).
    /// Every field the call carries is the call's, blank where it has none (no umpire, no
    /// service judge): nothing of the court's last match. Only the format and the first
    /// server, which a call need not say, are the court's own.
    mutating func setUpCall() -> [AppEffect] {
        guard let kept = openCall else { return alertBell }
        let c = kept.call
        var d = defaults
        if let f = c.matchFormat { d.format = f.description }
        d.discipline = c.discipline
        d.names = c.teams.map(\.entry)
        d.officials = c.officials
        var form = SetupForm(d)
        form.warmUpFrom = kept.warmUpFrom(log)
        form.callID = c.id
        modals.removeAll()
        modals.push(form)
        return []
    }

    /// What the frame's status says of the call, where it fits: `next: Match 12` (the prompt
    /// line says the whole call), or `call: Match 12 (k)` once its dialog was put aside.
    func callStatus(context: AppContext) -> String? {
        guard let c = openCall else { return nil }
        if callIsNext { return "next: Match \(c.call.match)" }
        let open = modals.contains { ($0 as? SetupForm)?.warmUpFrom != nil || $0 is CallDialog }
        return open ? nil : "call: Match \(c.call.match) (k)"
    }

    /// While the call's dialog is up its warm-up clock moves.
    func callDeadline(at now: Double) -> Double? {
        guard let dialog = modals.top(CallDialog.self) else { return nil }
        return dialog.warmUp.nextChange(after: now)
    }
}

/// The call to court on a free court: what the desk called, the warm-up running since the
/// call, Enter for the setup dialog filled from it, Esc to leave it pending (`k` again).
struct CallDialog: Modal, Equatable, Sendable {
    typealias Action = BadmintonApp.Action
    var kept: CourtCall.Kept
    /// When the warm-up began (`CourtCall.Kept.warmUpFrom`).
    var warmUpFrom: Double

    /// The warm-up: two minutes from the call, counting its overrun (`+0:07`) until play.
    var warmUp: MatchTimer { MatchTimer(kind: .warmUp, start: warmUpFrom, duration: MatchTimer.warmUpSeconds) }

    /// `Match 12 · MS R2 · Lin Dan (CHN) v Lee Chong Wei (MAS) · court 3 — Enter to start setup`,
    /// then the warm-up's clock.
    func message(at now: Double, glyphs g: Glyphs) -> String {
        let c = kept.call
        let dash = g.isUnicode ? " \u{2014} " : " - "
        let timer = warmUp
        let clock = timer.isOverrunning(at: now) ? "warm-up over, \(timer.clockText(at: now))"
            : timer.isOver(at: now) ? "warm-up over" : "warm-up \(timer.clockText(at: now)) left"
        return ("\(c.title) · court \(c.court)" + dash + "Enter to start setup\n\nCalled at the desk: " + clock).glyphed(g)
    }

    mutating func handle(_ key: Key, context: AppContext) -> ModalStep<Action> {
        key == .enter ? .finish(.setUpCall) : .stay
    }

    func hints(context: AppContext) -> [KeyHint] { [KeyHint("Enter", "Start setup"), KeyHint("Esc", "Later (k)")] }

    func render(in rect: Rect, on canvas: inout Canvas, theme: Theme, context: AppContext) {
        Dialog(title: "Call to court", message: message(at: context.now, glyphs: context.glyphs), buttons: ["Start setup"])
            .render(in: rect, on: &canvas, theme: theme)
    }
}
