import TerminiCore
import TerminiWidgets

/// One key binding, declared once: the keys, how they are named on screen, the hint-bar
/// entry (or none), the help text, and when it applies. The key table made of these
/// dispatches keys, and makes the hint bar, the `?` overlay and the manual's key lists, so
/// the four cannot drift apart.
///
/// `Subject` is what the keys act on (an app, a dialog); `Result` what acting gives back
/// (an app's effects, a dialog's step).
public struct Binding<Subject, Result>: Sendable {
    /// Which keys: a list, or every key the list of earlier bindings did not take.
    public enum Keys: Sendable, Equatable {
        case these([Key])
        /// Any key not bound before this one (`any key`, `typing`): its name is given.
        case any
    }

    /// The hint-bar entry: which of the keys it shows (all when nil) and its label, which may
    /// depend on the subject (nil: no entry now).
    public struct Hint: Sendable {
        public var keys: [Key]?
        public var label: @Sendable (Subject, AppContext) -> String?
        /// Entries with a lower priority come first in the bar (what the moment is about:
        /// Enter for the next game); equal ones keep the table's order.
        public var priority: Int
        public init(_ label: String, keys: [Key]? = nil, priority: Int = 0) {
            self.keys = keys
            self.label = { _, _ in label }
            self.priority = priority
        }
        public init(keys: [Key]? = nil, priority: Int = 0, _ label: @escaping @Sendable (Subject) -> String?) {
            self.keys = keys
            self.label = { s, _ in label(s) }
            self.priority = priority
        }
        /// A label that depends on the moment too (an interval running).
        public init(keys: [Key]? = nil, priority: Int = 0, at label: @escaping @Sendable (Subject, AppContext) -> String?) {
            self.keys = keys
            self.label = label
            self.priority = priority
        }
    }

    public let keys: Keys
    /// The key column of the help when the keys' own names do not say it (`any other key`,
    /// `typing`); nil: the keys named by the one scheme (`Glyphs.listName(of:)`).
    public let name: String?
    /// The keys the help names for this binding when they are not its own (one entry for a
    /// pair of bindings: `← →` for previous and next).
    public let helpKeys: [Key]?
    public let hint: Hint?
    /// What the keys do, for the `?` overlay and the manual (nil: left out of both, for a
    /// binding documented by its neighbour).
    public let help: String?
    /// When the binding applies (a phase of the app, the focused pane, an interval running).
    public let when: @Sendable (Subject, AppContext) -> Bool
    /// What the keys do.
    public let run: @Sendable (inout Subject, Key, AppContext) -> Result
    /// The hint bar's name of the keys in each glyph set (built once, with the binding).
    private(set) var hintKeyNames: (unicode: String, ascii: String)

    /// The hint bar's name of the keys: the hint's keys, or the binding's, or its name.
    func hintKeyName(glyphs: Glyphs) -> String {
        if let keys = hint?.keys { return glyphs.hintName(of: keys) }
        if case .these(let list) = keys { return glyphs.hintName(of: list) }
        return name ?? ""
    }

    public init(_ keys: [Key], name: String? = nil, helpKeys: [Key]? = nil, hint: Hint? = nil, _ help: String?,
                when: @escaping @Sendable (Subject) -> Bool = { _ in true },
                run: @escaping @Sendable (inout Subject, Key, AppContext) -> Result) {
        self.init(keys, name: name, helpKeys: helpKeys, hint: hint, help, at: { s, _ in when(s) }, run: run)
    }

    /// A binding whose condition depends on the moment too.
    public init(_ keys: [Key], name: String? = nil, helpKeys: [Key]? = nil, hint: Hint? = nil, _ help: String?,
                at when: @escaping @Sendable (Subject, AppContext) -> Bool,
                run: @escaping @Sendable (inout Subject, Key, AppContext) -> Result) {
        self.keys = .these(keys)
        self.name = name
        self.helpKeys = helpKeys
        self.hint = hint
        self.help = help
        self.when = when
        self.run = run
        hintKeyNames = ("", "")
        hintKeyNames = hint == nil ? ("", "") : (hintKeyName(glyphs: .unicode), hintKeyName(glyphs: .ascii))
    }

    /// A binding for every key not bound before it, named `name` in the help.
    public init(anyKey name: String, hint: Hint? = nil, _ help: String?,
                when: @escaping @Sendable (Subject) -> Bool = { _ in true },
                run: @escaping @Sendable (inout Subject, Key, AppContext) -> Result) {
        self.keys = .any
        self.name = name
        self.helpKeys = nil
        self.hint = hint
        self.help = help
        self.when = { s, _ in when(s) }
        self.run = run
        hintKeyNames = (name, name)
    }

    public func matches(_ key: Key) -> Bool {
        switch keys {
        case .these(let list): return list.contains(key)
        case .any: return true
        }
    }

    /// The key column: the keys in the one naming scheme, or the given name.
    public func keyName(glyphs: Glyphs) -> String {
        if let name { return name }
        if let helpKeys { return glyphs.listName(of: helpKeys) }
        if case .these(let list) = keys { return glyphs.listName(of: list) }
        return ""
    }
}

/// The key bindings of one screen (an app, a dialog), in sections: the order is the
/// order of the hint bar and of the help, and the first binding that matches a key and
/// applies wins.
public struct KeyTable<Subject, Result>: Sendable {
    public struct Section: Sendable {
        public var title: String
        public var bindings: [Binding<Subject, Result>]
        public init(_ title: String, _ bindings: [Binding<Subject, Result>]) {
            self.title = title
            self.bindings = bindings
        }
    }

    public var sections: [Section] {
        didSet { bindings = KeyTable.flattened(sections) }
    }
    /// Every binding in order, kept with the sections: dispatch and the hint bar go through
    /// it on every key and frame.
    public private(set) var bindings: [Binding<Subject, Result>]

    public init(_ sections: [Section]) {
        self.sections = sections
        bindings = KeyTable.flattened(sections)
    }
    public init(_ title: String, _ bindings: [Binding<Subject, Result>]) { self.init([Section(title, bindings)]) }

    private static func flattened(_ sections: [Section]) -> [Binding<Subject, Result>] {
        var all: [Binding<Subject, Result>] = []
        for s in sections { all += s.bindings }
        return all
    }

    /// The binding that takes `key` now, if any.
    public func binding(for key: Key, in subject: Subject, context: AppContext) -> Binding<Subject, Result>? {
        // Through the buffer: this generic code runs unspecialised, and the array's subscript
        // would copy every binding it looks at (a dozen fields retained and released).
        bindings.withUnsafeBufferPointer { list in
            for i in list.indices where list[i].matches(key) && list[i].when(subject, context) { return list[i] }
            return nil
        }
    }

    /// Acts on `key`: the result of the binding that takes it, or nil when none does.
    public func dispatch(_ key: Key, to subject: inout Subject, context: AppContext) -> Result? {
        guard let b = binding(for: key, in: subject, context: context) else { return nil }
        return b.run(&subject, key, context)
    }

    /// The hint bar now: each binding that applies and has a label (of a priority in
    /// `priorities`, when given: a bar made of parts).
    public func hints(for subject: Subject, context: AppContext, priorities: ClosedRange<Int>? = nil) -> [KeyHint] {
        let glyphs = context.glyphs
        // The keys' names in the two glyph sets are worked out with the binding, once.
        let known = glyphs.isUnicode ? Glyphs.unicode : Glyphs.ascii
        let standard = [glyphs.arrowUp, glyphs.arrowDown, glyphs.arrowLeft, glyphs.arrowRight]
            == [known.arrowUp, known.arrowDown, known.arrowLeft, known.arrowRight]
        // A plain loop: this generic code runs unspecialised (every frame), where an
        // enumerated compactMap costs a metadata look-up per binding.
        // The bindings read in place through the buffer (the array's subscript copies each).
        var entries: [(priority: Int, order: Int, hint: KeyHint)] = []
        bindings.withUnsafeBufferPointer { list in
            for i in list.indices {
                guard let hint = list[i].hint, priorities?.contains(hint.priority) ?? true,
                      list[i].when(subject, context), let label = hint.label(subject, context) else { continue }
                let shown = standard ? (glyphs.isUnicode ? list[i].hintKeyNames.unicode : list[i].hintKeyNames.ascii)
                    : list[i].hintKeyName(glyphs: glyphs)
                entries.append((hint.priority, i, KeyHint(shown, label)))
            }
        }
        entries.sort { ($0.priority, $0.order) < ($1.priority, $1.order) }
        var out: [KeyHint] = []
        out.reserveCapacity(entries.count)
        for e in entries { out.append(e.hint) }
        return out
    }

    /// Every binding with help text, whatever applies now: the `?` overlay and the manual.
    public func help(glyphs: Glyphs) -> [HelpSection] {
        sections.compactMap { s in
            let entries = s.bindings.compactMap { b in b.help.map { (b.keyName(glyphs: glyphs), $0) } }
            return entries.isEmpty ? nil : HelpSection(s.title, entries)
        }
    }
}

/// The bindings of an app's main screen: they give its effects.
public typealias AppKeys<App> = KeyTable<App, [AppEffect]>
public typealias AppBinding<App> = Binding<App, [AppEffect]>
