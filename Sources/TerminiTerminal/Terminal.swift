#if canImport(Glibc)
import Glibc
#endif
import CNcurses
import TerminiCore
import TerminiScreen

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
                + "(without one: badminton --status or --export, stamps --status, coffee --receipt, desk --results or --call)"
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
    /// The session's C handles: ncurses' screen and window, the tty's two streams.
    private struct Handles {
        let screen: OpaquePointer
        let window: UnsafeMutablePointer<WINDOW>
        let input: UnsafeMutablePointer<FILE>
        let output: UnsafeMutablePointer<FILE>
    }
    private let handles: Handles
    private var screen: OpaquePointer { handles.screen }
    private var window: UnsafeMutablePointer<WINDOW> { handles.window }
    private var input: UnsafeMutablePointer<FILE> { handles.input }
    private var output: UnsafeMutablePointer<FILE> { handles.output }
    /// What the frames send: the changed cells by the terminal's own controls (ncurses keeps
    /// the setup, the modes, the keys and the way back; its `doupdate` is not used).
    private var writer: ScreenWriter
    private var buffer: [UInt8] = []
    private let signals: SignalInbox
    private var stopped = false

    /// Statistics for tests and the benchmark.
    public private(set) var framesDrawn = 0
    /// The terminal said it can draw a frame whole (DEC private mode 2026): each frame is sent
    /// between `CSI ? 2026 h` and `CSI ? 2026 l`, so a big redraw over a slow link never shows
    /// half drawn. Only after it answered DECRQM so; never sent blind.
    public private(set) var synchronizedOutput = false
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
    /// Adopted once per process (the start asks three times: for a command's context, for
    /// the terminal, for the settings; each `setlocale` walked every category again and cost
    /// a start about 80,000 instructions). The environment it reads does not change meanwhile.
    public static func adoptLocale() -> Bool { localeIsUTF8 }

    private static let localeIsUTF8: Bool = {
        setlocale(LC_ALL, "")
        // "UTF-8", "utf8" ...: compared without its dashes, by bytes (`replacing` set up the
        // string-processing library for it).
        let codeset = String(cString: nl_langinfo(nl_item(CODESET))).utf8.filter { $0 != UInt8(ascii: "-") }
        return codeset.count == 4 && String(decoding: codeset, as: UTF8.self).uppercased() == "UTF8"
    }()

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
        // The window is never drawn into: once marked as shown, wget_wch never refreshes it.
        wnoutrefresh(window)
        var depth = ColorDepth.monochrome
        if !noColor && has_colors() {
            start_color()
            use_default_colors()
            depth = ColorDepth(colors: Int(termini_colors()))
        }
        let t = Terminal(Handles(screen: screen, window: window, input: input, output: output), depth: depth, unicode: utf8 && !forceASCII)
        // Whether frames can be drawn whole (synchronized output): asked once, the answer
        // read with the keys; until it comes (or if it never does) frames go as they are.
        if asksForSynchronizedOutput(term: term) { t.writeAll(Terminal.synchronizedOutputQuery) }
        return t
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

    private init(_ handles: Handles, depth: ColorDepth, unicode: Bool) {
        self.handles = handles
        self.depth = depth
        self.unicode = unicode
        signals = SignalInbox()
        writer = ScreenWriter(controls: Terminal.controls(depth: depth, unicode: unicode))
        buffer.reserveCapacity(1 << 16)
        var y: Int32 = 0, x: Int32 = 0
        termini_getmaxyx(handles.window, &y, &x)
        size = Size(width: Int(x), height: Int(y))
        _ = Terminal.readWindowSize().map { s in
            if s != size { resizeterm(Int32(s.height), Int32(s.width)) }
            size = s
        }
        CrashGuard.setResetAttributes(writer.controls.resetAttributes)
    }

    deinit {
        stop()
    }

    /// Restores the terminal exactly: modes, cursor, the main screen. Safe to call twice.
    public func stop() {
        guard !stopped else { return }
        stopped = true
        // ncurses believes the attributes normal (it drew nothing): make them so.
        writeAll(writer.resetBytes())
        curs_set(1)
        // A terminal without an alternate screen (vt100) would keep the last frame, and the
        // shell's next line would land on the key bar: it is cleared, the cursor at the top.
        let clear = Terminal.terminfoString("rmcup") == nil ? Terminal.terminfoString("clear") : nil
        endwin()
        if let clear { writeAll(clear) }
        delscreen(screen)
        fflush(output)
    }

    // MARK: Output

    /// Sends the cells that differ from the last frame: one frame, one write().
    public func present(_ canvas: Canvas) {
        guard !stopped else { return }
        let sent = writer.frame(canvas, into: &buffer)
        writeFrame(buffer)
        buffer.removeAll(keepingCapacity: true)
        framesDrawn += 1
        cellsSent += sent
    }

    /// A frame worked out on another thread while this one waits for the disk, and sent once
    /// the disk has answered (`present(_:)`), or dropped (`drop(_:)`) if the answer changed
    /// what the screen must show. The terminal lends it its writer meanwhile.
    public final class FrameAhead: @unchecked Sendable {
        fileprivate var writer: ScreenWriter
        fileprivate let before: ScreenWriter.Shown
        fileprivate var bytes: [UInt8]
        fileprivate var cells = 0

        fileprivate init(writer: ScreenWriter, bytes: [UInt8]) {
            self.writer = writer
            self.before = writer.shown
            self.bytes = bytes
        }

        /// Works out the bytes that turn the screen into `canvas`.
        public func draw(_ canvas: Canvas) {
            cells = writer.frame(canvas, into: &bytes)
        }
    }

    /// Lends the writer to a frame worked out ahead; nothing may be drawn until it comes back
    /// (`present(_:)` or `drop(_:)`).
    public func frameAhead() -> FrameAhead {
        let ahead = FrameAhead(writer: writer, bytes: buffer)
        // The lent writer is the only one holding its tables: drawing does not copy them.
        writer = ScreenWriter(controls: writer.controls)
        buffer = []
        return ahead
    }

    /// Sends a frame worked out ahead; the writer comes back knowing the screen shows it.
    public func present(_ ahead: FrameAhead) {
        writer = ahead.writer
        buffer = ahead.bytes
        ahead.bytes = []
        if !stopped {
            writeFrame(buffer)
            framesDrawn += 1
            cellsSent += ahead.cells
        }
        buffer.removeAll(keepingCapacity: true)
    }

    /// Drops a frame worked out ahead: the writer comes back knowing the screen as it was.
    public func drop(_ ahead: FrameAhead) {
        writer = ahead.writer
        writer.restore(ahead.before)
        buffer = ahead.bytes
        ahead.bytes = []
        buffer.removeAll(keepingCapacity: true)
    }

    /// DECRQM for mode 2026, and the mode's two ends.
    static let synchronizedOutputQuery = Array("\u{1b}[?2026$p".utf8)
    static let beginFrame = Array("\u{1b}[?2026h".utf8), endFrame = Array("\u{1b}[?2026l".utf8)

    /// Terminals asked about synchronized output: not the Linux console or the old VTs, which
    /// do not know DECRQM (a VT100 could show its characters).
    static func asksForSynchronizedOutput(term: String) -> Bool {
        !["linux", "vt52", "vt100", "vt102", "vt220", "cons25", "dumb"].contains { term == $0 || term.hasPrefix($0 + "-") }
    }

    /// A frame's bytes in one write, between the mode's ends when the terminal has it.
    private func writeFrame(_ bytes: [UInt8]) {
        guard synchronizedOutput, !bytes.isEmpty else { return writeAll(bytes) }
        writeAll(Terminal.beginFrame + bytes + Terminal.endFrame)
    }

    /// Writes all of `bytes` to the terminal, through interruptions and short writes.
    private func writeAll(_ bytes: [UInt8]) {
        guard !bytes.isEmpty else { return }
        bytes.withUnsafeBytes { raw in
            guard let base = raw.baseAddress else { return }
            var done = 0
            while done < raw.count {
                let n = write(1, base + done, raw.count - done)
                if n > 0 {
                    done += n
                } else if n < 0 && (errno == EINTR || errno == EAGAIN) {
                    if errno == EAGAIN {
                        var p = pollfd(fd: 1, events: Int16(POLLOUT), revents: 0)
                        _ = poll(&p, 1, 1000)
                    }
                } else {
                    return  // the terminal is gone; the next wait sees the hang-up
                }
            }
        }
    }

    /// A terminfo string capability without its padding; nil when the entry lacks it.
    static func terminfoString(_ name: String) -> [UInt8]? {
        guard let p = tigetstr(name), Int(bitPattern: p) != -1 else { return nil }
        let bytes = withoutPadding(Array(String(cString: p).utf8))
        return bytes.isEmpty ? nil : bytes
    }

    /// A terminfo capability with parameters, filled in by tiparm.
    static func terminfoControl(_ name: String, arity: Int) -> ParameterizedControl? {
        guard let raw = tigetstr(name), Int(bitPattern: raw) != -1 else { return nil }
        let template = String(cString: raw)
        return ParameterizedControl(arity: arity, terminfo: Array(template.utf8)) { a, b in
            let out = template.withCString { t in
                arity == 1 ? termini_tiparm1(t, Int32(a)) : termini_tiparm2(t, Int32(a), Int32(b))
            }
            return out.map { withoutPadding(Array(String(cString: $0).utf8)) } ?? []
        }
    }

    /// The controls of the terminal, from its terminfo entry.
    static func controls(depth: ColorDepth, unicode: Bool) -> TerminalControls {
        let (string, control) = (terminfoString, terminfoControl)
        // cup is there: start() refuses a terminal without it.
        let cup = control("cup", 2) ?? ParameterizedControl(arity: 2) { a, b in Array("\u{1b}[\(a + 1);\(b + 1)H".utf8) }
        var c = TerminalControls(cursorAddress: cup, clearScreen: string("clear") ?? [], resetAttributes: string("sgr0") ?? [],
                                 depth: depth, unicode: unicode)
        addMovement(to: &c)
        addAttributes(to: &c, depth: depth)
        return c
    }

    /// The cursor's moves and the line's edits: what the screen writer picks the cheapest from.
    static func addMovement(to c: inout TerminalControls) {
        let (string, control) = (terminfoString, { terminfoControl($0, arity: 1) })
        c.columnAddress = control("hpa")
        c.rowAddress = control("vpa")
        c.right = control("cuf")
        c.rightOne = string("cuf1")
        c.left = control("cub")
        c.leftOne = string("cub1")
        c.down = control("cud")
        c.up = control("cuu")
        c.upOne = string("cuu1")
        c.carriageReturn = string("cr")
        // A line feed moves down one row; the tty may add a carriage return to it (ONLCR).
        let cud1 = string("cud1")
        var t = termios()
        let translated = tcgetattr(1, &t) == 0 && t.c_oflag & tcflag_t(OPOST) != 0 && t.c_oflag & tcflag_t(ONLCR) != 0
        if cud1 == [10] {
            c.lineFeedReturns = translated
        } else {
            c.downOne = cud1
            c.lineFeedReturns = translated ? true : nil
        }
        c.clearToEndOfLine = string("el")
        c.eraseCharacters = control("ech")
        // Tabs to the stops the entry says the terminal starts with (it#8: every 8 columns;
        // Termini never sets stops of its own), unless the tty turns them into spaces.
        let expanded = tcgetattr(1, &t) == 0 && t.c_oflag & tcflag_t(OPOST) != 0 && t.c_oflag & tcflag_t(TABDLY) == tcflag_t(TAB3)
        if !expanded, tigetnum("it") > 0 {
            c.tab = string("ht")
            c.tabWidth = Int(tigetnum("it"))
        }
        c.insertCharacters = control("ich")
        c.deleteCharacters = control("dch")
        c.deleteOne = string("dch1")
        c.autoMargins = tigetflag("am") > 0
        c.eatsNewline = tigetflag("xenl") > 0
    }

    /// The attributes and colours, and which of them the terminal cannot mix with colour.
    static func addAttributes(to c: inout TerminalControls, depth: ColorDepth) {
        let (string, control) = (terminfoString, { terminfoControl($0, arity: 1) })
        c.bold = string("bold")
        c.dim = string("dim")
        c.reverse = string("rev")
        c.underline = string("smul")
        c.italic = string("sitm")
        if depth != .monochrome {
            if let f = control("setaf"), let b = control("setab") {
                c.foreground = f
                c.background = b
            } else if let f = control("setf"), let b = control("setb") {
                // The old controls number the first eight colours blue-first.
                let order = [0, 4, 2, 6, 1, 5, 3, 7]
                c.foreground = ParameterizedControl(arity: 1) { i, _ in f.bytes(i < 8 ? order[i] : i) }
                c.background = ParameterizedControl(arity: 1) { i, _ in b.bytes(i < 8 ? order[i] : i) }
            }
            c.originalColors = string("op")
        }
        if c.resetAttributes.isEmpty {
            // Without sgr0 nothing turned on could be turned off again: draw plainly.
            (c.bold, c.dim, c.reverse, c.underline, c.italic) = (nil, nil, nil, nil, nil)
            (c.foreground, c.background, c.originalColors) = (nil, nil, nil)
        }
        c.moveInAttributes = tigetflag("msgr") > 0
        let ncv = tigetnum("ncv")
        if ncv > 0 {
            var a: Attributes = []
            if ncv & 2 != 0 { a.insert(.underline) }
            if ncv & 4 != 0 { a.insert(.reverse) }
            if ncv & 16 != 0 { a.insert(.dim) }
            if ncv & 32 != 0 { a.insert(.bold) }
            c.noColorAttributes = a
        }
    }

    /// A terminfo string without its padding (`$<5>`, `$<2*/>`): delays for hardware
    /// terminals that a terminal emulator does not need.
    static func withoutPadding(_ bytes: [UInt8]) -> [UInt8] {
        guard bytes.contains(UInt8(ascii: "$")) else { return bytes }
        var out: [UInt8] = []
        var i = 0
        while i < bytes.count {
            if bytes[i] == UInt8(ascii: "$"), i + 1 < bytes.count, bytes[i + 1] == UInt8(ascii: "<"),
               let end = bytes[(i + 2)...].firstIndex(of: UInt8(ascii: ">")) {
                i = end + 1
                continue
            }
            out.append(bytes[i])
            i += 1
        }
        return out
    }

    /// Stops the process as Ctrl-Z would, with the terminal given back as the shell had it
    /// meanwhile; when it goes on (`fg`, SIGCONT) the terminal is Termini's again and the next
    /// frame repaints everything, at the size the terminal has by then.
    public func suspend() {
        guard !stopped else { return }
        // ncurses believes the attributes normal (it drew nothing): make them so.
        writeAll(writer.resetBytes())
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

    /// Repaints everything on the next frame (Ctrl-L, after a resize or a suspend).
    public func invalidate() {
        writer.invalidate()
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
        wnoutrefresh(window)
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
        var reports: [EscapeSequences.ModeReport] = []
        for e in events {
            if case .key(let k) = e {
                run.append(k)
            } else {
                folded += EscapeSequences.fold(run, reports: &reports).map { .key($0) }
                run.removeAll()
                folded.append(e)
            }
        }
        folded += EscapeSequences.fold(run, reports: &reports).map { .key($0) }
        for r in reports where r.mode == 2026 { synchronizedOutput = r.canSwitch }
        return folded
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
