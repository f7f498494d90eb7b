import TerminiApp
import TerminiWidgets

extension Shell {
    /// The hint-bar entries of the shell's key table (`keys`) by their priority: 0 after the
    /// screen's own keys, 1 pinned at the end, 2 the lead. They depend only on whether an app
    /// is open and on the glyphs: worked out once for each.
    func everywhereHints(_ ctx: AppContext) -> EverywhereHints {
        let slot = (current == nil ? 0 : 1) + (ctx.glyphs.isUnicode ? 2 : 0)
        if let known = everywhereHintsMade[slot] { return known }
        let made = EverywhereHints(own: Shell.keys.hints(for: self, context: ctx, priorities: 0...0),
                                   pinned: Shell.keys.hints(for: self, context: ctx, priorities: 1...1),
                                   lead: Shell.keys.hints(for: self, context: ctx, priorities: 2...2).first ?? KeyHint("?", "Help"))
        everywhereHintsMade[slot] = made
        return made
    }
}

/// The hint-bar entries of the shell's own keys: after the screen's (F7 on the launcher), at
/// the bar's end (Esc, q) and its lead (`?`).
struct EverywhereHints {
    var own: [KeyHint]
    var pinned: [KeyHint]
    var lead: KeyHint
}
