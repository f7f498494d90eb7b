/// A key press, as the terminal backend decodes it. Apps and widgets only ever see these.
public enum Key: Hashable, Sendable, CustomStringConvertible {
    /// A printable character (any script, including non-ASCII).
    case char(Character)
    case enter, escape, tab, backTab, backspace, delete, insert
    case up, down, left, right, home, end, pageUp, pageDown
    /// F1–F12.
    case function(Int)
    /// Ctrl plus a letter, lowercase (`.ctrl("r")`). Ctrl-I, Ctrl-M and Ctrl-H arrive as
    /// Tab, Enter and Backspace, as the terminal sends them.
    case ctrl(Character)
    /// The terminal changed size; the new size is read from the backend.
    case resize

    public var description: String {
        switch self {
        case .char(" "): return "Space"
        case .char(let c): return String(c)
        case .enter: return "Enter"
        case .escape: return "Esc"
        case .tab: return "Tab"
        case .backTab: return "Shift-Tab"
        case .backspace: return "Backspace"
        case .delete: return "Delete"
        case .insert: return "Insert"
        case .up: return "↑"
        case .down: return "↓"
        case .left: return "←"
        case .right: return "→"
        case .home: return "Home"
        case .end: return "End"
        case .pageUp: return "PgUp"
        case .pageDown: return "PgDn"
        case .function(let n): return "F\(n)"
        case .ctrl(let c): return "Ctrl-\(String(c).uppercased())"
        case .resize: return "Resize"
        }
    }

    /// The digit 1–9 when this is a number key.
    public var digit: Int? {
        if case .char(let c) = self, let v = c.wholeNumberValue, c.isASCII, (0...9).contains(v) { return v }
        return nil
    }

    /// Decodes one byte value (0–127) as the terminal sends it in cbreak mode.
    public static func fromControlByte(_ b: UInt32) -> Key? {
        switch b {
        case 9: return .tab
        case 10, 13: return .enter
        case 27: return .escape
        case 8, 127: return .backspace
        case 1...26:
            return .ctrl(Character(Unicode.Scalar(b + 96) ?? "?"))
        case 32...126:
            return .char(Character(Unicode.Scalar(b) ?? "?"))
        default: return nil
        }
    }
}
