#if canImport(Glibc)
import Glibc
#endif
import CNcurses
import TerminiCore

/// Something that happened while the loop slept.
public enum TerminalEvent: Equatable, Sendable {
    case key(Key)
    case resize(Size)
    /// SIGTERM, SIGHUP or SIGINT arrived: save and leave.
    case terminate(signal: Int32)
    /// One of the extra file descriptors became readable.
    case readable(Int32)
    /// Ctrl-Z (SIGTSTP): the caller puts away what must not run while stopped (a game clock),
    /// then calls `suspend()`.
    case suspend
}

public enum TerminalError: Error, Equatable, CustomStringConvertible {
    case notATerminal
    case unknownTerm(String?)
    case incapable(String)

    public var description: String {
        switch self {
        case .notATerminal:
            return "needs a terminal: standard input and output must be a tty "
                + "(without one: badminton --status or --export, stamps --status, coffee --receipt)"
        case .unknownTerm(let t?):
            return "the terminal type TERM=\(t) is not known to this system's terminfo; try TERM=xterm-256color"
        case .unknownTerm(nil):
            return "TERM is not set, so the terminal type is unknown; set it, e.g. TERM=xterm-256color"
        case .incapable(let t):
            return "the terminal TERM=\(t) cannot move the cursor, so a full-screen program cannot run in it; try TERM=xterm-256color"
        }
    }
}

/// The one terminal session: ncurses started with `newterm`, keys in, changed cells out.
/// Every exit path (quit, error, signal, crash) ends in `stop()`, which restores the terminal.
public final class Terminal {
    public private(set) var size: Size
    public let depth: ColorDepth
    /// True when the locale is UTF-8 (otherwise every glyph must be ASCII).
    public let unicode: Bool
    private let screen: OpaquePointer
    private let window: UnsafeMutablePointer<WINDOW>
    private var last: Canvas?
    private var pairs: [PairKey: Int32] = [:]
    /// How each style drawn looks to ncurses; the last one used.
    private var looks: [Style: Look] = [:]
    private var lastStyle = Style.plain
    private var lastLook = Look(cell: cchar_t(), attributes: 0, pair: 0)

    /// A style's attributes and colour pair, and a space in them that each cell drawn in the
    /// style copies, with its own character.
    struct Look {
        var cell: cchar_t
        let attributes: attr_t
        let pair: Int16
    }
    /// The scalars of the cell being drawn, zero-terminated, as setcchar takes them: at most
    /// `maxScalars` (a base and its marks; ncurses keeps five).
    private let chars = UnsafeMutablePointer<wchar_t>.allocate(capacity: Terminal.maxScalars + 1)
    static let maxScalars = 4
    private var nextPair: Int32 = 1
    private let signals: SignalInbox
    private var stopped = false
    private let input: UnsafeMutablePointer<FILE>
    private let output: UnsafeMutablePointer<FILE>

    struct PairKey: Hashable {
        let fg: Int
        let bg: Int
    }

    /// Statistics for tests and the benchmark.
    public private(set) var framesDrawn = 0
    public private(set) var cellsSent = 0

    /// Blocks the termination signals so they arrive as events, and installs crash handlers
    /// that restore the terminal. Call first thing in `main`, before any thread starts.
    public static func prepareProcess() {
        SignalInbox.blockTerminationSignals()
        CrashGuard.install()
    }

    /// A command run without a terminal (`--status`, `--export`): Ctrl-C, SIGTERM and a reader
    /// that goes away (SIGPIPE) end it as they end any program.
    public static func prepareCommand() {
        SignalInbox.unblockTerminationSignals()
    }

    /// Adopts the user's locale (LANG, LC_ALL, LC_CTYPE) and tells whether it is UTF-8; when
    /// it is not, every glyph must be ASCII — on screen and in what commands print.
    public static func adoptLocale() -> Bool {
        setlocale(LC_ALL, "")
        let codeset = String(cString: nl_langinfo(nl_item(CODESET)))
        return codeset.uppercased().replacing("-", with: "") == "UTF8"
    }

    public static func start(noColor: Bool, forceASCII: Bool, environment: [String: String]) throws(TerminalError) -> Terminal {
        guard isatty(0) == 1, isatty(1) == 1 else { throw .notATerminal }
        let utf8 = adoptLocale()
        let term = environment["TERM"].flatMap { $0.isEmpty ? nil : $0 }
        guard let term else { throw .unknownTerm(nil) }
        if environment["ESCDELAY"] == nil { set_escdelay(25) }
        guard let input = fdopen(0, "r"), let output = fdopen(1, "w") else { throw .notATerminal }
        guard let screen = newterm(term, output, input) else { throw .unknownTerm(term) }
        set_term(screen)
        // A terminal that cannot address the cursor (TERM=dumb) cannot show a full screen.
        if let cup = tigetstr("cup"), Int(bitPattern: cup) != -1 {
        } else {
            endwin()
            delscreen(screen)
            throw .incapable(term)
        }
        guard let window = termini_stdscr() else { throw .incapable(term) }
        // Stock ncurses flushes after every cursor move until it has once been through
        // endwin() and a refresh; one round trip now makes each frame a single write().
        endwin()
        doupdate()
        cbreak()
        noecho()
        nonl()
        keypad(window, true)
        nodelay(window, true)
        intrflush(window, false)
        Terminal.disableFlowControl()
        curs_set(0)
        leaveok(window, true)
        var depth = ColorDepth.monochrome
        if !noColor && has_colors() {
            start_color()
            use_default_colors()
            depth = ColorDepth(colors: Int(termini_colors()))
        }
        return Terminal(screen: screen, window: window, depth: depth, unicode: utf8 && !forceASCII,
                        input: input, output: output)
    }

    /// Ctrl-S would otherwise stop all output until Ctrl-Q (the tty's XON/XOFF flow control,
    /// which cbreak mode keeps): a key pressed by mistake on a courtside laptop that looks
    /// like a frozen scoreboard. Off while Termini runs; `endwin()` puts back the mode the
    /// shell had (saved by `newterm`), and `def_prog_mode` makes a resume after Ctrl-Z keep it off.
    private static func disableFlowControl() {
        var t = termios()
        guard tcgetattr(0, &t) == 0 else { return }
        t.c_iflag &= ~tcflag_t(IXON)
        guard tcsetattr(0, TCSANOW, &t) == 0 else { return }
        def_prog_mode()
    }

    private init(screen: OpaquePointer, window: UnsafeMutablePointer<WINDOW>, depth: ColorDepth, unicode: Bool,
                 input: UnsafeMutablePointer<FILE>, output: UnsafeMutablePointer<FILE>) {
        self.screen = screen
        self.window = window
        self.depth = depth
        self.unicode = unicode
        self.input = input
        self.output = output
        signals = SignalInbox()
        var y: Int32 = 0, x: Int32 = 0
        termini_getmaxyx(window, &y, &x)
        size = Size(width: Int(x), height: Int(y))
        _ = Terminal.readWindowSize().map { s in
            if s != size { resizeterm(Int32(s.height), Int32(s.width)) }
            size = s
        }
        lastLook = look(lastStyle)
    }

    deinit {
        stop()
        chars.deallocate()
    }

    /// Restores the terminal exactly: modes, cursor, the main screen. Safe to call twice.
    public func stop() {
        guard !stopped else { return }
        stopped = true
        curs_set(1)
        endwin()
        delscreen(screen)
        fflush(output)
    }

    // MARK: Output

    /// Hands the cells that differ from the last frame to ncurses and refreshes once: one
    /// frame, one write(), the fewest bytes ncurses can find.
    public func present(_ canvas: Canvas) {
        guard !stopped else { return }
        // A full repaint onto an erased window: blank cells need not be sent at all.
        let repaint = last?.size != canvas.size
        if repaint { werase(window) }
        var sent = 0
        canvas.forEachChange(since: last) { x, y, cell in
            if repaint && Terminal.isBlank(cell) { return }
            draw(cell, x: x, y: y, on: canvas)
            sent += 1
        }
        wnoutrefresh(window)
        doupdate()
        last = canvas
        framesDrawn += 1
        cellsSent += sent
    }

    /// A space with no colour and no attribute: what an erased window already holds.
    static func isBlank(_ cell: CompactCell) -> Bool {
        guard cell.scalar == " ", !cell.isContinuation, !cell.isWide else { return false }
        let s = cell.style
        return s.attributes.isEmpty && (s.background == .default || s.background == .inherit)
            && (s.foreground == .default || s.foreground == .inherit)
    }

    /// One cell to ncurses: its scalar put into a copy of its style's cell (attributes and
    /// colour pair worked out once per style); nothing is built per cell.
    private func draw(_ cell: CompactCell, x: Int, y: Int, on canvas: Canvas) {
        if cell.style != lastStyle {
            lastStyle = cell.style
            lastLook = look(cell.style)
        }
        var cc = lastLook.cell
        if !unicode {
            let v = cell.scalar?.value ?? 63
            cc.chars.0 = wchar_t(bitPattern: v < 0x80 ? v : 63)  // "?"
            if cell.width == 2 {
                // The wide character's second cell gets a second "?".
                var second = lastLook.cell
                second.chars.0 = 63
                mvwadd_wch(window, Int32(y), Int32(x + 1), &second)
            }
        } else if let s = cell.scalar {
            cc.chars.0 = wchar_t(bitPattern: s.value)
        } else {
            // A base and its marks: setcchar checks them (ncurses keeps five).
            var n = 0
            for s in canvas.text(of: cell).unicodeScalars.prefix(Terminal.maxScalars) {
                chars[n] = wchar_t(bitPattern: s.value)
                n += 1
            }
            chars[n] = 0
            setcchar(&cc, chars, lastLook.attributes, lastLook.pair, nil)
        }
        mvwadd_wch(window, Int32(y), Int32(x), &cc)
    }

    /// How a style looks to ncurses, worked out once and remembered.
    private func look(_ style: Style) -> Look {
        if let l = looks[style] { return l }
        var l = Look(cell: cchar_t(), attributes: attributes(style), pair: Int16(truncatingIfNeeded: pair(style)))
        chars[0] = 32
        chars[1] = 0
        setcchar(&l.cell, chars, l.attributes, l.pair, nil)
        looks[style] = l
        return l
    }

    private func attributes(_ style: Style) -> attr_t {
        var a = termini_a_normal()
        let s = style.attributes
        if s.contains(.bold) { a |= termini_a_bold() }
        if s.contains(.dim) { a |= termini_a_dim() }
        if s.contains(.reverse) { a |= termini_a_reverse() }
        if s.contains(.underline) { a |= termini_a_underline() }
        if s.contains(.italic) { a |= termini_a_italic() }
        return a
    }

    /// Colour pairs are made on first use; when the terminal runs out, the default pair is used.
    private func pair(_ style: Style) -> Int32 {
        guard depth != .monochrome else { return 0 }
        let key = PairKey(fg: Palette.index(for: style.foreground, depth: depth), bg: Palette.index(for: style.background, depth: depth))
        if key.fg == -1 && key.bg == -1 { return 0 }
        if let p = pairs[key] { return p }
        guard nextPair < min(termini_color_pairs(), 32767) else { return 0 }
        let p = nextPair
        init_pair(Int16(p), Int16(key.fg), Int16(key.bg))
        pairs[key] = p
        nextPair += 1
        return p
    }

    /// Repaints everything on the next frame (Ctrl-L, after a resize or a suspend).
    /// Stops the process as Ctrl-Z would, with the terminal given back as the shell had it
    /// meanwhile; when it goes on (`fg`, SIGCONT) the terminal is Termini's again and the next
    /// frame repaints everything, at the size the terminal has by then.
    public func suspend() {
        guard !stopped else { return }
        curs_set(1)
        endwin()
        fflush(output)
        // SIGTSTP's own default action, not ncurses' handler: the shell sees a stopped job.
        signal(SIGTSTP, SIG_DFL)
        var set = sigset_t()
        sigemptyset(&set)
        sigaddset(&set, SIGTSTP)
        pthread_sigmask(SIG_UNBLOCK, &set, nil)
        raise(SIGTSTP)  // stops here (in an orphaned process group the kernel drops it: no stop)
        pthread_sigmask(SIG_BLOCK, &set, nil)
        // Back: ncurses restores its terminal mode at the next refresh.
        doupdate()
        curs_set(0)
        invalidate()
        var ignored: [TerminalEvent] = []
        checkSize(&ignored)
    }

    public func invalidate() {
        last = nil
        clearok(termini_curscr(), true)
    }

    public func bell() {
        beep()
    }

    // MARK: Input

    /// Sleeps until a key, a signal, a readable descriptor in `extra` or the deadline (wall
    /// clock seconds; nil waits forever). Returns what happened, possibly nothing on timeout.
    public func wait(until deadline: Double?, extra: [Int32] = [], now: () -> Double) -> [TerminalEvent] {
        var events = drainKeys()
        if !events.isEmpty { return events }
        var fds = [pollfd(fd: 0, events: Int16(POLLIN), revents: 0), pollfd(fd: signals.fd, events: Int16(POLLIN), revents: 0)]
        for fd in extra { fds.append(pollfd(fd: fd, events: Int16(POLLIN), revents: 0)) }
        var timeout: Int32 = -1
        if let deadline {
            let ms = (deadline - now()) * 1000
            // A deadline that is not a number never makes the conversion trap: an hour.
            timeout = ms <= 0 ? 0 : (ms.isNaN ? 3_600_000 : Int32(min(ms.rounded(.up), 3_600_000)))
        }
        let n = poll(&fds, nfds_t(fds.count), timeout)
        if n < 0 {
            // Interrupted (e.g. back from Ctrl-Z): the size may have changed meanwhile.
            checkSize(&events)
            return events
        }
        if fds[1].revents != 0 {
            for sig in signals.read() {
                if sig == SIGWINCH {
                    checkSize(&events)
                } else if sig == SIGCHLD {
                    continue  // a child ended: this turn of the loop reaps it
                } else if sig == SIGTSTP {
                    events.append(.suspend)
                } else if sig == SIGCONT {
                    // Going on after a stop termini did not make itself (kill -STOP): the
                    // screen may hold anything now.
                    invalidate()
                    checkSize(&events)
                } else {
                    events.append(.terminate(signal: sig))
                }
            }
        }
        if fds[0].revents & Int16(POLLIN | POLLHUP | POLLERR) != 0 {
            let keys = drainKeys()
            if keys.isEmpty && fds[0].revents & Int16(POLLHUP | POLLERR) != 0 {
                // The terminal is gone (ssh dropped without SIGHUP reaching us): leave safely.
                events.append(.terminate(signal: SIGHUP))
            }
            events += keys
        }
        for f in fds.dropFirst(2) where f.revents != 0 { events.append(.readable(f.fd)) }
        return events
    }

    private func checkSize(_ events: inout [TerminalEvent]) {
        guard let s = Terminal.readWindowSize(), s != size else { return }
        resizeterm(Int32(s.height), Int32(s.width))
        size = s
        invalidate()
        events.append(.resize(s))
    }

    private func drainKeys() -> [TerminalEvent] {
        var events: [TerminalEvent] = []
        var wch: wint_t = 0
        while true {
            let r = wget_wch(window, &wch)
            if r == termini_err() { break }
            if r == termini_key_code_yes() {
                if Int32(wch) == KEY_RESIZE {
                    var s: [TerminalEvent] = []
                    checkSize(&s)
                    events += s
                } else if let k = Terminal.key(forCode: Int32(wch)) {
                    events.append(.key(k))
                }
            } else if let k = Terminal.key(forCharacter: UInt32(wch)) {
                events.append(.key(k))
            }
            if events.count > 256 { break }
        }
        // Sequences the terminfo entry does not know arrive as Esc plus characters: fold them.
        guard events.contains(.key(.escape)) else { return events }
        var folded: [TerminalEvent] = []
        var run: [Key] = []
        for e in events {
            if case .key(let k) = e {
                run.append(k)
            } else {
                folded += EscapeSequences.fold(run).map { .key($0) }
                run.removeAll()
                folded.append(e)
            }
        }
        return folded + EscapeSequences.fold(run).map { .key($0) }
    }

    static func key(forCharacter v: UInt32) -> Key? {
        if v < 128 { return Key.fromControlByte(v) }
        guard let s = Unicode.Scalar(v), !(0x80...0x9f).contains(v) else { return nil }
        return .char(Character(s))
    }

    static func key(forCode code: Int32) -> Key? {
        switch code {
        case KEY_UP: return .up
        case KEY_DOWN: return .down
        case KEY_LEFT: return .left
        case KEY_RIGHT: return .right
        case KEY_HOME: return .home
        case KEY_END: return .end
        case KEY_PPAGE: return .pageUp
        case KEY_NPAGE: return .pageDown
        case KEY_BACKSPACE: return .backspace
        case KEY_DC: return .delete
        case KEY_IC: return .insert
        case KEY_ENTER: return .enter
        case KEY_BTAB: return .backTab
        default:
            for n in 1...12 where code == termini_key_f(Int32(n)) { return .function(n) }
            return nil
        }
    }

    static func readWindowSize() -> Size? {
        var ws = winsize()
        guard ioctl(1, UInt(TIOCGWINSZ), &ws) == 0, ws.ws_col > 0, ws.ws_row > 0 else { return nil }
        return Size(width: Int(ws.ws_col), height: Int(ws.ws_row))
    }
}
