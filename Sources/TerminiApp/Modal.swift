import TerminiCore
import TerminiWidgets

/// What a key did to the modal on top.
public enum ModalStep<Action: Sendable>: Sendable {
    /// Taken; the modal stays open.
    case stay
    /// The modal closes, nothing else happens (Esc, No, an OK).
    case close
    /// Refused (a choice that cannot be taken now): the modal stays and the host rings an alert.
    case alert
    /// The modal closes and the host gets `action` (Yes, Start, a chosen item).
    case finish(Action)
    /// The modal stays open and the host gets `action`.
    case send(Action)
}

/// A confirmation, a form, a menu, a scrolling panel: something pushed over a screen that
/// takes every key until it closes. One kind for every app and the shell: `Esc` closes the top
/// one, its hints replace the screen's, and the host gets what it chose as an `Action`.
public protocol Modal<Action>: Sendable {
    associatedtype Action: Sendable
    mutating func handle(_ key: Key, context: AppContext) -> ModalStep<Action>
    /// The key-hint bar while this modal is on top.
    func hints(context: AppContext) -> [KeyHint]
    func render(in rect: Rect, on canvas: inout Canvas, theme: Theme, context: AppContext)
    /// Whether `Esc` closes the modal before it sees the key (true unless it says otherwise).
    var closesOnEscape: Bool { get }
}

extension Modal {
    public var closesOnEscape: Bool { true }
}

/// What the stack did with a key.
public enum ModalResponse<Action: Sendable>: Sendable {
    /// No modal is open: the key is the screen's.
    case none
    /// A modal took it.
    case handled
    /// A modal refused it: ring an alert.
    case alert
    /// A modal chose `action` for the host to carry out.
    case action(Action)
}

/// The modals open over one screen, the last on top. The host asks it first for every key;
/// while it is not empty the host wants every key, and the top modal's hints are the bar.
public struct ModalStack<Action: Sendable>: Sendable {
    public private(set) var modals: [any Modal<Action>] = []

    public init() {}

    public var isEmpty: Bool { modals.isEmpty }
    public var top: (any Modal<Action>)? { modals.last }

    /// The top modal when it is a `M`.
    public func top<M: Modal<Action>>(_ type: M.Type) -> M? { modals.last as? M }

    public mutating func push(_ modal: any Modal<Action>) { modals.append(modal) }
    public mutating func pop() { _ = modals.popLast() }
    public mutating func removeAll() { modals.removeAll() }
    public mutating func removeAll(where drop: (any Modal<Action>) -> Bool) { modals.removeAll(where: drop) }
    public func contains(where test: (any Modal<Action>) -> Bool) -> Bool { modals.contains(where: test) }

    /// Replaces the top modal (after the host changed a copy of it).
    public mutating func replaceTop(_ modal: any Modal<Action>) {
        guard !modals.isEmpty else { return push(modal) }
        modals[modals.count - 1] = modal
    }

    public mutating func handle(_ key: Key, context: AppContext) -> ModalResponse<Action> {
        guard var top = modals.last else { return .none }
        if key == .escape && top.closesOnEscape {
            modals.removeLast()
            return .handled
        }
        let step = top.handle(key, context: context)
        modals[modals.count - 1] = top
        switch step {
        case .stay: return .handled
        case .close:
            modals.removeLast()
            return .handled
        case .alert: return .alert
        case .finish(let a):
            modals.removeLast()
            return .action(a)
        case .send(let a): return .action(a)
        }
    }

    /// The top modal's hints, or nil when none is open.
    public func hints(context: AppContext) -> [KeyHint]? { modals.last?.hints(context: context) }

    /// Every modal, the bottom one first.
    public func render(in rect: Rect, on canvas: inout Canvas, theme: Theme, context: AppContext) {
        for m in modals { m.render(in: rect, on: &canvas, theme: theme, context: context) }
    }
}

// MARK: Dialogs

extension Dialog {
    /// The keys of every dialog: one grammar for questions, alerts and choices.
    public static let keys = KeyTable<Dialog, Dialog.Outcome?>("In a dialog", [
        Binding([.left, .backTab, .up], helpKeys: [.left, .right, .tab, .backTab], "move between the buttons") { d, _, _ in
            d.focus(d.focused - 1)
            return nil
        },
        Binding([.right, .tab, .down], nil) { d, _, _ in
            d.focus(d.focused + 1)
            return nil
        },
        Binding([.enter, .char(" ")], "choose the focused button (in a question No has the focus at first)") { d, _, _ in
            .chose(d.focused)
        },
        Binding([.escape], "close without choosing") { _, _, _ in .cancelled },
        Binding(anyKey: "y n", "choose the button with that first letter: yes, no") { d, key, _ in
            guard case .char(let c) = key else { return nil }
            let lower = Character(c.lowercased())
            let matches = d.buttons.indices.filter { d.buttons[$0].lowercased().first == lower }
            return matches.count == 1 ? .chose(matches[0]) : nil
        },
    ])

    /// What a key does: a button chosen, the dialog cancelled, or nil (it stays open).
    public mutating func handle(_ key: Key) -> Outcome? {
        Dialog.keys.dispatch(key, to: &self, context: AppContext(now: 0)) ?? nil
    }
}

/// A dialog as a modal: a question (Yes, No), an alert (OK) or a choice of several buttons,
/// each button carrying the host's action (nil: the button only closes).
public struct DialogModal<Action: Sendable>: Modal {
    public var dialog: Dialog
    public var actions: [Action?]
    /// Number keys choose buttons (1 the first): a menu of sizes.
    public var numberKeys: Bool
    public var hints: [KeyHint]

    public init(_ dialog: Dialog, actions: [Action?], numberKeys: Bool = false, hints: [KeyHint]) {
        self.dialog = dialog
        self.actions = actions
        self.numberKeys = numberKeys
        self.hints = hints
    }

    /// A yes/no question worded one way in every app: "Yes, reset" and "No", No focused so a
    /// stray Enter destroys nothing. `yes` is what happens ("reset", "deal again").
    public static func confirm(title: String, message: String, yes: String, action: Action) -> DialogModal {
        let yesHint = yes.prefix(1).uppercased() + yes.dropFirst()
        return DialogModal(Dialog.confirm(title: title, message: message, yes: "Yes, \(yes)", no: "No"), actions: [action, nil],
                           hints: [KeyHint("y", yesHint), KeyHint("n", "No"), KeyHint("Enter", "Choose"), KeyHint("Esc", "Cancel")])
    }

    /// A message with an OK button.
    public static func alert(title: String, message: String, role: Role = .dialogBorder) -> DialogModal {
        DialogModal(Dialog(title: title, message: message, buttons: ["OK"], role: role), actions: [nil],
                    hints: [KeyHint("Enter", "OK")])
    }

    public func hints(context: AppContext) -> [KeyHint] { hints }

    public mutating func handle(_ key: Key, context: AppContext) -> ModalStep<Action> {
        if numberKeys, let d = key.digit, d >= 1, d <= dialog.buttons.count {
            return choose(d - 1)
        }
        switch dialog.handle(key) {
        case nil: return .stay
        case .cancelled?: return .close
        case .chose(let i)?: return choose(i)
        }
    }

    func choose(_ i: Int) -> ModalStep<Action> {
        guard actions.indices.contains(i), let a = actions[i] else { return .close }
        return .finish(a)
    }

    public func render(in rect: Rect, on canvas: inout Canvas, theme: Theme, context: AppContext) {
        dialog.render(in: rect, on: &canvas, theme: theme)
    }

    /// The help of every dialog.
    public static func help(glyphs: Glyphs) -> [HelpSection] { Dialog.keys.help(glyphs: glyphs) }
}

// MARK: Scroll panels

/// A scroll panel as a modal: its content is made for the moment and the area it is drawn in
/// (`context.size`: so wrapping and the scroll limits follow the real size), and any key but
/// the scrolling ones closes it. A searchable panel (the `?` help) also takes `/`: a search
/// typed on its footer row, Enter to find, `n` and `N` the next and the one before.
public struct PanelModal<Action: Sendable>: Modal {
    public let content: @Sendable (AppContext) -> ScrollPanel
    public private(set) var scroll = 0
    public let searchable: Bool
    /// The search being typed, while it is.
    public private(set) var typing: String?
    /// The last search, and the item it found.
    public private(set) var query: String?
    public private(set) var found: Int?
    /// What the footer says after a search (where the match is, or that there was none).
    var said: String?

    public init(searchable: Bool = false, _ content: @escaping @Sendable (AppContext) -> ScrollPanel) {
        self.searchable = searchable
        self.content = content
    }

    public func panel(context: AppContext) -> ScrollPanel {
        var p = content(context)
        p.scroll = scroll
        p.searchable = searchable
        p.current = found
        if let typing {
            p.prompt = "/" + typing + (context.glyphs.isUnicode ? "▏" : "_")
        } else {
            p.prompt = said
        }
        return p
    }

    /// Esc ends a search being typed; otherwise it closes the panel.
    public var closesOnEscape: Bool { typing == nil }

    typealias PB = Binding<PanelModal, ModalStep<Action>>

    /// The keys while the panel is read: its own scrolling keys (`ScrollPanel.keyMap`), the
    /// search's, and any other key closes it. Help: the scrolling keys and closing (the
    /// search is said in the help's own line, F1's).
    static var reading: KeyTable<PanelModal, ModalStep<Action>> {
        KeyTable("In a list that scrolls", [
            PB(ScrollPanel.keyMap.keys(for: .pageUp) + ScrollPanel.keyMap.keys(for: .pageDown), hint: .init("Page", priority: 1), nil) { m, key, ctx in
                m.scroll(key, context: ctx)
            },
            PB(ScrollPanel.keyMap.keys, hint: .init("Scroll", keys: ScrollPanel.keyMap.keys(for: .lineUp) + ScrollPanel.keyMap.keys(for: .lineDown)),
               "scroll") { m, key, ctx in m.scroll(key, context: ctx) },
            PB([.char("/")], hint: .init("Search", priority: 1), nil, when: { $0.searchable }) { m, _, _ in
                m.typing = ""
                return .stay
            },
            PB([.char("n"), .char("N")], hint: .init(priority: 1) { $0.query == nil ? nil : "Next/previous" }, nil, when: { $0.searchable }) { m, key, ctx in
                guard let q = m.query else {
                    m.said = "/ to search first"
                    return .stay
                }
                m.find(q, forward: key == .char("n"), context: ctx)
                return .stay
            },
            PB(anyKey: "any other key", hint: .init("Close", priority: 1), "close it (q and Esc too: they do not quit)") { _, _, _ in .close },
        ])
    }

    /// The keys while a search is typed on the footer row.
    static var searching: KeyTable<PanelModal, ModalStep<Action>> {
        KeyTable("Searching a list", [
            PB([.enter], hint: .init("Find"), "find the text typed") { m, _, ctx in
                let q = m.typing ?? ""
                m.typing = nil
                if !q.isEmpty {
                    m.query = q
                    m.found = nil
                    m.find(q, forward: true, context: ctx)
                }
                return .stay
            },
            PB([.escape], hint: .init("Cancel search"), "leave the search") { m, _, _ in
                m.typing = nil
                return .stay
            },
            PB([.backspace], "take back a character (the search itself, when empty)") { m, _, _ in
                if m.typing?.isEmpty == true { m.typing = nil } else { m.typing?.removeLast() }
                return .stay
            },
            PB(anyKey: "typing", "the text to find (60 characters at most)") { m, key, _ in
                if case .char(let c) = key, (m.typing?.count ?? 0) < 60 { m.typing?.append(c) }
                return .stay
            },
        ])
    }

    var keys: KeyTable<PanelModal, ModalStep<Action>> { typing == nil ? PanelModal.reading : PanelModal.searching }

    public mutating func handle(_ key: Key, context: AppContext) -> ModalStep<Action> {
        if typing == nil { said = nil }
        return keys.dispatch(key, to: &self, context: context) ?? .stay
    }

    mutating func scroll(_ key: Key, context: AppContext) -> ModalStep<Action> {
        scroll = panel(context: context).scrolled(by: key, areaHeight: context.size.height) ?? scroll
        return .stay
    }

    /// The next item (or the one before) holding `q` after the one found last, round the
    /// end; the panel scrolls to it.
    mutating func find(_ q: String, forward: Bool, context: AppContext) {
        let p = panel(context: context)
        let hits = p.matches(q)
        guard !hits.isEmpty else {
            found = nil
            said = "not found: \(q)"
            return
        }
        let from = found ?? (forward ? scroll - 1 : scroll)
        let next = forward ? (hits.first { $0 > from } ?? hits[0]) : (hits.last { $0 < from } ?? hits[hits.count - 1])
        found = next
        scroll = p.scroll(keeping: next, from: scroll, areaHeight: context.size.height)
        let n = (hits.firstIndex(of: next) ?? 0) + 1
        said = "/\(q) \(context.glyphs.middleDot) \(n) of \(hits.count) \(context.glyphs.middleDot) n next, N previous"
    }

    public func hints(context: AppContext) -> [KeyHint] { keys.hints(for: self, context: context) }

    public func render(in rect: Rect, on canvas: inout Canvas, theme: Theme, context: AppContext) {
        var c = context
        c.size = rect.size
        panel(context: c).render(in: rect, on: &canvas, theme: theme)
    }

    /// The keys of every scroll panel, for the help.
    public static func help(glyphs g: Glyphs, section: String = "In a list that scrolls") -> [HelpSection] {
        reading.help(glyphs: g).map { HelpSection(section, $0.entries) }
    }
}
