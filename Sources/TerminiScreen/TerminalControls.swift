#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import TerminiCore

public struct TerminalControls {
    public var cursorAddress: ParameterizedControl
    public var columnAddress: ParameterizedControl?
    public var rowAddress: ParameterizedControl?
    public var right: ParameterizedControl?
    public var rightOne: [UInt8]?
    public var leftOne: [UInt8]?
    public var left: ParameterizedControl?
    public var down: ParameterizedControl?
    /// cud1, unless it is a line feed (which `lineFeedReturns` describes).
    public var downOne: [UInt8]?
    public var up: ParameterizedControl?
    public var upOne: [UInt8]?
    public var carriageReturn: [UInt8]?
    /// What a line feed does: false when it only moves down (cud1 is `\n` and the tty adds no
    /// carriage return), true when the tty turns it into CR LF; nil to never send one.
    public var lineFeedReturns: Bool?
    public var clearScreen: [UInt8]
    public var clearToEndOfLine: [UInt8]?
    /// ech: blanks n cells from the cursor on, leaving the cursor where it is.
    public var eraseCharacters: ParameterizedControl?
    /// ht and the columns between the terminal's tab stops (`it`): a tab moves right to the
    /// next stop without writing. Nil when the terminal has none or the tty expands tabs into
    /// spaces (which would overwrite the cells passed).
    public var tab: [UInt8]?
    public var tabWidth = 0
    /// ich and dch (and dch1): n blank cells inserted at the cursor, the rest of the row pushed
    /// right, or n cells deleted there, the rest pulled left; the cursor stays.
    public var insertCharacters: ParameterizedControl?
    public var deleteCharacters: ParameterizedControl?
    public var deleteOne: [UInt8]?
    public var resetAttributes: [UInt8]
    public var bold: [UInt8]?
    public var dim: [UInt8]?
    public var reverse: [UInt8]?
    public var underline: [UInt8]?
    public var italic: [UInt8]?
    /// setaf / setab (or setf / setb, with the caller mapping the colour order); nil for none.
    public var foreground: ParameterizedControl?
    public var background: ParameterizedControl?
    /// op: both colours back to the terminal's own.
    public var originalColors: [UInt8]?
    /// am: writing the last column wraps; xenl: only at the next character.
    public var autoMargins: Bool
    public var eatsNewline: Bool
    /// msgr: the cursor may move while attributes are on.
    public var moveInAttributes: Bool
    /// Attributes the terminal cannot show together with colours (ncv), in `Attributes` bits.
    public var noColorAttributes: Attributes
    public var depth: ColorDepth
    /// False: every character is sent as ASCII ("?" for what is not).
    public var unicode: Bool

    public init(cursorAddress: ParameterizedControl, clearScreen: [UInt8], resetAttributes: [UInt8], depth: ColorDepth, unicode: Bool) {
        self.cursorAddress = cursorAddress
        self.clearScreen = clearScreen
        self.resetAttributes = resetAttributes
        self.depth = depth
        self.unicode = unicode
        autoMargins = true
        eatsNewline = false
        moveInAttributes = false
        noColorAttributes = []
    }

    /// The controls of an ANSI terminal of the xterm family (for tests and as a reference).
    public static func xterm(depth: ColorDepth = .palette256, unicode: Bool = true, lineFeedReturns: Bool? = true) -> TerminalControls {
        func csi(_ final: String, offset: Int = 0) -> ParameterizedControl {
            ParameterizedControl(arity: 1) { a, _ in Array("\u{1b}[\(a + offset)\(final)".utf8) }
        }
        var c = TerminalControls(cursorAddress: ParameterizedControl(arity: 2) { a, b in Array("\u{1b}[\(a + 1);\(b + 1)H".utf8) },
                                 clearScreen: Array("\u{1b}[H\u{1b}[2J".utf8), resetAttributes: Array("\u{1b}(B\u{1b}[m".utf8),
                                 depth: depth, unicode: unicode)
        c.columnAddress = csi("G", offset: 1)
        c.rowAddress = csi("d", offset: 1)
        c.right = csi("C")
        c.rightOne = Array("\u{1b}[C".utf8)
        c.left = csi("D")
        c.leftOne = [8]
        c.down = csi("B")
        c.up = csi("A")
        c.upOne = Array("\u{1b}[A".utf8)
        c.carriageReturn = [13]
        c.lineFeedReturns = lineFeedReturns
        c.clearToEndOfLine = Array("\u{1b}[K".utf8)
        c.eraseCharacters = csi("X")
        c.tab = [9]
        c.tabWidth = 8
        c.insertCharacters = csi("@")
        c.deleteCharacters = csi("P")
        c.deleteOne = Array("\u{1b}[P".utf8)
        c.bold = Array("\u{1b}[1m".utf8)
        c.dim = Array("\u{1b}[2m".utf8)
        c.reverse = Array("\u{1b}[7m".utf8)
        c.underline = Array("\u{1b}[4m".utf8)
        c.italic = Array("\u{1b}[3m".utf8)
        if depth != .monochrome {
            c.foreground = ParameterizedControl(arity: 1) { i, _ in Array((i < 8 ? "\u{1b}[3\(i)m" : i < 16 ? "\u{1b}[9\(i - 8)m" : "\u{1b}[38;5;\(i)m").utf8) }
            c.background = ParameterizedControl(arity: 1) { i, _ in Array((i < 8 ? "\u{1b}[4\(i)m" : i < 16 ? "\u{1b}[10\(i - 8)m" : "\u{1b}[48;5;\(i)m").utf8) }
            c.originalColors = Array("\u{1b}[39;49m".utf8)
        }
        c.autoMargins = true
        c.eatsNewline = true
        c.moveInAttributes = true
        return c
    }
}

/// Turns a canvas into the bytes that change the terminal's screen from the last frame to it:
/// the changed cells, each reached by the cheapest of the cursor motions the terminal has (or
/// by sending again the few unchanged cells in between), attributes and colours changed only
/// where they differ. It keeps what it knows of the terminal between frames: the cursor, the
/// attributes in force, and the screen (the last canvas).
