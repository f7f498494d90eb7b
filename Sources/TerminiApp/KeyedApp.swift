import TerminiCore
import TerminiWidgets

/// An app whose keys are one key table and whose dialogs, forms, menus and panels are one
/// modal stack: `handle`, the hints, the help and `wantsAllKeys` come from those two, the
/// same way in every app.
public protocol KeyedApp: MiniApp {
    associatedtype ModalAction: Sendable
    /// The main screen's bindings, declared once.
    var keys: AppKeys<Self> { get }
    var modals: ModalStack<ModalAction> { get set }
    /// Carries out what a modal chose.
    mutating func perform(_ action: ModalAction, context: AppContext) -> [AppEffect]
    /// The help of the modals the app opens (dialogs, panels, forms), after its own keys.
    func modalHelp(glyphs: Glyphs) -> [HelpSection]
    /// The main screen, under the modals.
    func renderScreen(in rect: Rect, on canvas: inout Canvas, theme: Theme, context: AppContext)
}

extension KeyedApp {
    public var wantsAllKeys: Bool { !modals.isEmpty }

    public func hints(context: AppContext) -> [KeyHint] {
        modals.hints(context: context) ?? keys.hints(for: self, context: context)
    }

    public func help(context: AppContext) -> [HelpSection] {
        keys.help(glyphs: context.glyphs) + modalHelp(glyphs: context.glyphs)
    }

    public func modalHelp(glyphs: Glyphs) -> [HelpSection] { [] }

    /// A key to the top modal, or else to the main screen's bindings.
    public mutating func dispatch(_ key: Key, context: AppContext) -> [AppEffect] {
        switch modals.handle(key, context: context) {
        case .none:
            let table = keys
            return table.dispatch(key, to: &self, context: context) ?? []
        case .handled: return []
        case .alert: return context.sound.alertBell
        case .action(let a): return perform(a, context: context)
        }
    }

    public mutating func handle(_ key: Key, context: AppContext) -> [AppEffect] { dispatch(key, context: context) }

    public func render(in rect: Rect, on canvas: inout Canvas, theme: Theme, context: AppContext) {
        renderScreen(in: rect, on: &canvas, theme: theme, context: context)
        modals.render(in: rect, on: &canvas, theme: theme, context: context)
    }
}
