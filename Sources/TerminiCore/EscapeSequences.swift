/// Escape sequences the terminal's terminfo entry does not describe reach the program as Esc
/// followed by ordinary characters (`Esc [ 1 5 ~` for F5 on a vt100 entry, `Esc [ 1 1 ~` for
/// PuTTY's F1, `Esc [ 2 0 0 ~` when a paste begins). Taken literally, Esc would close a dialog
/// and the digits would pick an app. This folds such runs, when they arrive in one read, back
/// into the key they stand for, or drops them when they stand for nothing Termini uses.
public enum EscapeSequences {
    /// A terminal's answer to DECRQM (`CSI ? mode $ p`): `CSI ? mode ; state $ y`, state 0 the
    /// mode is not known, 1 set, 2 reset, 3 permanently set, 4 permanently reset.
    public struct ModeReport: Equatable, Sendable {
        public var mode: Int
        public var state: Int
        /// The terminal knows the mode and lets it be set and reset.
        public var canSwitch: Bool { state == 1 || state == 2 }
    }

    /// Rewrites one batch of keys read together from the terminal.
    public static func fold(_ keys: [Key]) -> [Key] {
        var reports: [ModeReport] = []
        return fold(keys, reports: &reports)
    }

    /// The same, and the terminal's mode reports in the batch are taken out into `reports`:
    /// an answer is never a key.
    public static func fold(_ keys: [Key], reports: inout [ModeReport]) -> [Key] {
        guard keys.contains(.escape) else { return keys }
        var out: [Key] = []
        var i = 0
        while i < keys.count {
            guard keys[i] == .escape, i + 1 < keys.count, case .char(let introducer) = keys[i + 1],
                  introducer == "[" || introducer == "O" else {
                out.append(keys[i])
                i += 1
                continue
            }
            if introducer == "O" {
                // SS3: one final character.
                guard i + 2 < keys.count, case .char(let f) = keys[i + 2] else {
                    out.append(keys[i])
                    i += 1
                    continue
                }
                if let k = ss3[f] { out.append(k) }
                i += 3
                continue
            }
            // CSI: parameter bytes 0x30–0x3F, intermediates 0x20–0x2F, one final 0x40–0x7E.
            var j = i + 2
            var body = ""
            var final: Character?
            while j < keys.count, case .char(let c) = keys[j], let a = c.asciiValue {
                j += 1
                if (0x20...0x3f).contains(a) {
                    body.append(c)
                } else if (0x40...0x7e).contains(a) {
                    final = c
                    break
                } else {
                    break
                }
            }
            guard let final else {
                // Not a complete sequence: keep the keys as they came.
                out.append(keys[i])
                i += 1
                continue
            }
            if let r = modeReport(body, final) {
                reports.append(r)
            } else if let k = csi(body, final) {
                out.append(k)
            }
            i = j
        }
        return out
    }

    static let ss3: [Character: Key] = [
        "A": .up, "B": .down, "C": .right, "D": .left, "H": .home, "F": .end, "M": .enter,
        "P": .function(1), "Q": .function(2), "R": .function(3), "S": .function(4),
    ]

    static let tilde: [String: Key] = [
        "1": .home, "2": .insert, "3": .delete, "4": .end, "5": .pageUp, "6": .pageDown, "7": .home, "8": .end,
        "11": .function(1), "12": .function(2), "13": .function(3), "14": .function(4), "15": .function(5),
        "17": .function(6), "18": .function(7), "19": .function(8), "20": .function(9), "21": .function(10),
        "23": .function(11), "24": .function(12),
    ]

    /// `? 2026 ; 2 $` and `y`: a DECRPM, the answer to a DECRQM.
    static func modeReport(_ body: String, _ final: Character) -> ModeReport? {
        guard final == "y", body.hasPrefix("?"), body.hasSuffix("$") else { return nil }
        let numbers = body.dropFirst().dropLast().split(separator: ";", omittingEmptySubsequences: false)
        guard numbers.count == 2, numbers.allSatisfy({ $0.count <= 9 }), let mode = Int(numbers[0]), let state = Int(numbers[1]) else { return nil }
        return ModeReport(mode: mode, state: state)
    }

    /// The key a CSI sequence stands for; nil for those Termini has no use for (modifiers,
    /// mouse reports, paste brackets, focus events), which are dropped.
    static func csi(_ body: String, _ final: Character) -> Key? {
        // Modifier parameters ("1;5") are ignored: Ctrl-Right is still Right.
        let first = body.split(separator: ";").first.map(String.init) ?? ""
        switch final {
        case "A": return .up
        case "B": return .down
        case "C": return .right
        case "D": return .left
        case "H": return .home
        case "F": return .end
        case "Z": return .backTab
        case "P" where first.isEmpty || first == "1": return .function(1)
        case "Q" where first.isEmpty || first == "1": return .function(2)
        case "R" where first.isEmpty || first == "1": return .function(3)
        case "S" where first.isEmpty || first == "1": return .function(4)
        case "~": return tilde[first]
        default: return nil
        }
    }
}
