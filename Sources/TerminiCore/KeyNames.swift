/// How keys are named on screen: one name per key in each glyph set, for every app, the
/// hint bar, the `?` overlay and the manual alike. Arrows are `←` `→` `↑` `↓` in Unicode and
/// `Left` `Right` `Up` `Down` in ASCII; every other key has one name in both (`Enter`, `Esc`,
/// `PgUp`, `Ctrl-R`, `Space`).
extension Glyphs {
    /// A key's one name in this glyph set.
    public func name(of key: Key) -> String {
        switch key {
        case .up: return arrowUp
        case .down: return arrowDown
        case .left: return arrowLeft
        case .right: return arrowRight
        default: return key.description
        }
    }

    /// Several keys for one entry of the key-hint bar, as short as the one naming scheme
    /// allows: names a `/` apart (`Left/Right`, `+/-`), runs of numbers as a range (`1-5`,
    /// `F2-F6`), and arrows drawn as arrows side by side (`←→`, `←↑↓→`).
    public func hintName(of keys: [Key]) -> String {
        let parts = KeyNames.groups(keys).map { group in
            group.count >= 3 ? "\(name(of: group[0]))-\(name(of: group[group.count - 1]))" : name(of: group[0])
        }
        var out = ""
        for (i, part) in parts.enumerated() {
            if i > 0 && !(isUnicode && KeyNames.isArrow(part) && KeyNames.isArrow(parts[i - 1])) { out += "/" }
            out += part
        }
        return out
    }

    /// Several keys for the `?` overlay and the manual: every key, a space apart, runs of
    /// three or more numbers as a range (`← a z PgUp`, `1-5`, `y Enter`).
    public func listName(of keys: [Key]) -> String {
        KeyNames.groups(keys).map { group in
            group.count >= 3 ? "\(name(of: group[0]))-\(name(of: group[group.count - 1]))" : group.map { name(of: $0) }.joined(separator: " ")
        }.joined(separator: " ")
    }
}

public enum KeyNames {
    /// An arrow glyph (`←`), which needs nothing between it and the next one.
    static func isArrow(_ name: String) -> Bool { ["←", "→", "↑", "↓"].contains(name) }

    /// The number keys `range` (e.g. 1...5).
    public static func digits(_ range: ClosedRange<Int>) -> [Key] {
        range.compactMap { d in (0...9).contains(d) ? Key.char(Character(String(d))) : nil }
    }

    /// The function keys `range` (e.g. 2...6).
    public static func functionKeys(_ range: ClosedRange<Int>) -> [Key] { range.map { Key.function($0) } }

    /// The keys in runs: consecutive digits or function keys together (so they can be named
    /// as a range), every other key alone.
    static func groups(_ keys: [Key]) -> [[Key]] {
        func number(_ k: Key) -> (kind: Int, value: Int)? {
            if let d = k.digit { return (0, d) }
            if case .function(let n) = k { return (1, n) }
            return nil
        }
        var out: [[Key]] = []
        for k in keys {
            if let n = number(k), let last = out.last?.last, let m = number(last), m.kind == n.kind, n.value == m.value + 1 {
                out[out.count - 1].append(k)
            } else {
                out.append([k])
            }
        }
        // A run of two stays two single keys ("1 2"), so only longer runs read as ranges.
        return out.flatMap { $0.count == 2 ? [[$0[0]], [$0[1]]] : [$0] }
    }
}
