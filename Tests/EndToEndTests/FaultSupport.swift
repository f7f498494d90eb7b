#if canImport(Glibc)
import Glibc
#endif
import Foundation
import TerminiStore
import TerminiTestSupport
import TerminiCore
import TerminiWidgets
import TerminiApp
import Testing

/// Helpers of the fault suite (the Fault*.swift tests): the terminal's state after termini
/// exits, raw bytes into the pane, screens that have stopped changing, big digits read off
/// the screen, and processes run with a time limit.
extension TmuxSession {
    /// A tmux format of the pane (`#{cursor_flag}`).
    func display(_ format: String) -> String {
        ((try? TmuxSession.tmux(["-L", socket, "display", "-p", "-t", "0", format])) ?? "")
            .trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Raw bytes into the pane, as a terminal would send them (`send-keys -H`).
    func sendBytes(_ bytes: [UInt8]) {
        guard !bytes.isEmpty else { return }
        _ = try? TmuxSession.tmux(["-L", socket, "send-keys", "-t", "0", "-H"] + bytes.map { String(format: "%02x", $0) })
    }

    /// Keys by tmux name, all in one call (in order).
    func sendKeys(_ keys: [String]) {
        guard !keys.isEmpty else { return }
        _ = try? TmuxSession.tmux(["-L", socket, "send-keys", "-t", "0"] + keys)
    }

    /// The whole pane at its current size (`screen` keeps to the size the session began with).
    var fullScreen: String {
        let text = (try? TmuxSession.tmux(["-L", socket, "capture-pane", "-p", "-t", "0"])) ?? ""
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map {
            String($0.reversed().drop(while: { $0 == " " }).reversed())
        }
        if text.hasSuffix("\n") { lines.removeLast() }
        return lines.joined(separator: "\n")
    }

    /// Waits until the whole pane satisfies `condition`; returns the last screen either way.
    func waitFull(timeout: Double = 10, until condition: (String) -> Bool) -> (ok: Bool, screen: String) {
        let end = Fuzz.clock() + timeout
        var s = fullScreen
        while Fuzz.clock() < end {
            if condition(s) { return (true, s) }
            usleep(30_000)
            s = fullScreen
        }
        return (condition(s), s)
    }

    /// True while termini runs (it has not written its exit status yet).
    var isRunning: Bool { !FileManager.default.fileExists(atPath: statusFile) }

    /// The screen once it has not changed for `quiet` seconds (or after `timeout`).
    func settled(quiet: Double = 0.25, timeout: Double = 5) -> String {
        var last = fullScreen
        var since = Fuzz.clock()
        let end = since + timeout
        while Fuzz.clock() < end {
            usleep(40_000)
            let s = fullScreen
            if s != last {
                last = s
                since = Fuzz.clock()
            } else if Fuzz.clock() - since >= quiet {
                break
            }
        }
        return last
    }

    /// What is wrong with the terminal after termini has exited: settings (`stty -g`) not as
    /// before, the cursor hidden, the alternate screen still on, keypad/insert/origin modes,
    /// mouse reporting or a scroll region left set, autowrap off, or colours and attributes
    /// still switched on for the text printed after it. Empty when all is restored.
    func leftoverTerminalState(timeout: Double = 10) -> [String] {
        var problems: [String] = []
        guard exitStatus(timeout: timeout) != nil else { return ["termini did not exit"] }
        if !terminalRestored(timeout: timeout) { problems.append("stty -g differs after exit") }
        guard waitFull(timeout: timeout, until: { $0.contains(TmuxSession.exitMarker) }).ok else {
            return problems + ["the shell did not print after termini exited"]
        }
        let expected: [(String, String)] = [
            ("cursor_flag", "1"), ("alternate_on", "0"), ("keypad_flag", "0"), ("keypad_cursor_flag", "0"),
            ("insert_flag", "0"), ("origin_flag", "0"), ("wrap_flag", "1"), ("mouse_any_flag", "0"),
            ("mouse_standard_flag", "0"), ("mouse_button_flag", "0"), ("mouse_all_flag", "0"), ("mouse_sgr_flag", "0"),
            ("scroll_region_upper", "0"),
        ]
        let values = display(expected.map { "#{\($0.0)}" }.joined(separator: " ")).split(separator: " ").map(String.init)
        for (i, (name, want)) in expected.enumerated() where i >= values.count || values[i] != want {
            problems.append("\(name) is \(i < values.count ? values[i] : "?"), not \(want)")
        }
        let lower = display("#{scroll_region_lower}")
        if lower != String(Int(display("#{pane_height}")).map { $0 - 1 } ?? -1) { problems.append("scroll region ends at \(lower)") }
        // The marker the shell printed after exit is drawn with no attribute or colour.
        let raw = captureWithAttributes()
        if let r = raw.range(of: TmuxSession.exitMarker) {
            let on = TmuxSession.attributesInForce(at: raw[..<r.lowerBound])
            if !on.isEmpty { problems.append("still on after exit: \(on.joined(separator: ", "))") }
        }
        return problems
    }

    /// The SGR attributes and colours in force at the end of `text` (as `capture-pane -e`
    /// writes it: each change as an escape sequence, carried from line to line).
    /// The attributes SGR 1–9 turn on (5 and 6, slow and fast blink, are one here).
    static let sgrAttributes = [1: "bold", 2: "dim", 3: "italic", 4: "underline", 5: "blink", 6: "blink", 7: "reverse", 8: "hidden",
                                9: "strike-through"]

    static func attributesInForce(at text: Substring) -> [String] {
        var on = Set<String>()
        var rest = text
        while let r = rest.range(of: "\u{1b}[") {
            let tail = rest[r.upperBound...]
            guard let end = tail.firstIndex(where: { !($0.isNumber || $0 == ";" || $0 == ":") }) else { break }
            if tail[end] == "m" {
                var params = tail[..<end].split(separator: ";", omittingEmptySubsequences: false).map { Int($0) ?? 0 }
                if params.isEmpty { params = [0] }
                var i = 0
                while i < params.count {
                    let p = params[i]
                    switch p {
                    case 0: on.removeAll()
                    case 1...9: on.insert(Self.sgrAttributes[p] ?? "")
                    case 21, 22: on.subtract(["bold", "dim"])
                    // 23–29 end what 3–9 start (26 ends nothing; 25 ends both blinks).
                    case 23, 24, 25, 27, 28, 29: on.remove(Self.sgrAttributes[p - 20] ?? "")
                    case 30...37, 90...97: on.insert("foreground colour")
                    case 39: on.remove("foreground colour")
                    case 40...47, 100...107: on.insert("background colour")
                    case 49: on.remove("background colour")
                    case 38, 48:
                        on.insert(p == 38 ? "foreground colour" : "background colour")
                        i += (i + 1 < params.count && params[i + 1] == 5) ? 2 : 4
                    default: break
                    }
                    i += 1
                }
            }
            rest = tail[end...]
        }
        return on.sorted()
    }
}

/// A run of termini with a time limit: stdin from /dev/null, stdout and stderr kept apart.
struct LimitedRun {
    var status: Int32
    var stdout: String
    var stderr: String
    var timedOut: Bool
    var seconds: Double

    /// Runs `argv` with exactly `environment`, in `directory`, killing it after `timeout`.
    static func run(_ argv: [String], environment: [String: String], directory: String, timeout: Double = 10) -> LimitedRun {
        run(bytes: argv.map { Array($0.utf8) }, environment: environment, directory: directory, timeout: timeout)
    }

    /// The same with arguments as raw bytes (a command line need not be UTF-8).
    static func run(bytes argv: [[UInt8]], environment: [String: String], directory: String, timeout: Double = 10) -> LimitedRun {
        let out = directory + "/.run-\(UUID().uuidString.prefix(8))"
        defer {
            unlink(out + ".out")
            unlink(out + ".err")
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, out + ".out", O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, out + ".err", O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        let attr = ChildStart()
        // env -C sets the directory; -i leaves exactly the environment given.
        let full = (["/usr/bin/env", "-C", directory, "-i"] + environment.map { "\($0.key)=\($0.value)" }.sorted()).map { Array($0.utf8) } + argv
        let cArgs: [UnsafeMutablePointer<CChar>?] = full.map { bytes in
            let p = UnsafeMutablePointer<CChar>.allocate(capacity: bytes.count + 1)
            for (i, b) in bytes.enumerated() { p[i] = CChar(bitPattern: b == 0 ? 0x3f : b) }
            p[bytes.count] = 0
            return p
        } + [nil]
        defer { cArgs.forEach { $0?.deallocate() } }
        var pid: pid_t = 0
        let start = Fuzz.clock()
        Subprocess.spawnLock.lock()
        let rc = posix_spawn(&pid, "/usr/bin/env", &actions, &attr.raw, cArgs, [nil])
        Subprocess.spawnLock.unlock()
        guard rc == 0 else { return LimitedRun(status: -1, stdout: "", stderr: "spawn failed", timedOut: false, seconds: 0) }
        var status: Int32 = 0
        var timedOut = false
        while true {
            let r = waitpid(pid, &status, WNOHANG)
            if r == pid { break }
            if r < 0 && errno != EINTR { break }
            if Fuzz.clock() - start > timeout && !timedOut {
                timedOut = true
                kill(pid, SIGKILL)
            }
            usleep(2_000)
        }
        let code: Int32 = (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
        func read(_ p: String) -> String {
            (try? Data(contentsOf: URL(fileURLWithPath: p))).map { String(decoding: $0, as: UTF8.self) } ?? ""
        }
        return LimitedRun(status: code, stdout: read(out + ".out"), stderr: read(out + ".err"), timedOut: timedOut,
                          seconds: Fuzz.clock() - start)
    }
}

/// Big digits (BigText) read off a captured screen: the cells drawn with the block glyph in
/// a region, compared with the digits of a number drawn by BigText itself in every size of
/// the same height. Nothing about the app's layout is assumed beyond the region.
enum ScreenDigits {
    typealias Pattern = [[Bool]]
    nonisolated(unsafe) static var cache: [String: Pattern] = [:]
    static let lock = NSLock()

    /// The screen as rows of cells (a wide character takes two).
    static func cells(_ screen: String) -> [[Character]] {
        screen.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            var row: [Character] = []
            for c in line {
                row.append(c)
                if DisplayWidth.of(String(c)) == 2 { row.append(" ") }
            }
            return row
        }
    }

    /// The block cells of a region, cut to their bounding box; nil when there are none.
    static func pattern(_ cells: [[Character]], rows: Range<Int>, columns: Range<Int>) -> Pattern? {
        var points: [(Int, Int)] = []
        for y in rows where y < cells.count {
            for x in columns where x < cells[y].count && cells[y][x] == "█" { points.append((y, x)) }
        }
        return trim(points)
    }

    static func trim(_ points: [(Int, Int)]) -> Pattern? {
        guard let minY = points.map(\.0).min(), let maxY = points.map(\.0).max(),
              let minX = points.map(\.1).min(), let maxX = points.map(\.1).max() else { return nil }
        var p = Pattern(repeating: Array(repeating: false, count: maxX - minX + 1), count: maxY - minY + 1)
        for (y, x) in points { p[y - minY][x - minX] = true }
        return p
    }

    /// `n` in BigText at `variant`, as a bounding-box pattern.
    static func rendered(_ n: Int, _ v: BigText.Variant) -> Pattern? {
        let key = "\(v)/\(n)"
        lock.lock()
        if let p = cache[key] {
            lock.unlock()
            return p
        }
        lock.unlock()
        let text = String(n)
        let size = BigText.measure(text, v)
        var canvas = Canvas(size: size)
        BigText(text, variant: v).render(in: Rect(size), on: &canvas, theme: .builtinDefault)
        var points: [(Int, Int)] = []
        for y in 0..<canvas.height {
            for x in 0..<canvas.width where canvas[x, y].character != " " { points.append((y, x)) }
        }
        let p = trim(points)
        lock.lock()
        cache[key] = p
        lock.unlock()
        return p
    }

    /// Whether the region shows `n` in big digits (of any size).
    static func shows(_ n: Int, in cells: [[Character]], rows: Range<Int>, columns: Range<Int>) -> Bool {
        guard let seen = pattern(cells, rows: rows, columns: columns) else { return false }
        for v in BigText.variants where v.font.height * v.scaleY == seen.count {
            if rendered(n, v) == seen { return true }
        }
        return false
    }
}

/// Every test module's one temporary directory (TerminiTestSupport), by its short name in
/// every file of this one.
typealias TempDir = TerminiTestSupport.TempDir

/// Runs `body` for each item on `width` threads at once; results in the items' order.
func inParallel<T, R>(_ items: [T], width: Int, _ body: @escaping @Sendable (T) -> R) -> [R] {
    let results = Locked([Int: R]())
    let next = Locked(0)
    let group = DispatchGroup()
    let box = UncheckedBox(items)
    for _ in 0..<max(1, min(width, items.count)) {
        group.enter()
        Thread.detachNewThread {
            while true {
                let i = next.withLock { n -> Int in
                    defer { n += 1 }
                    return n
                }
                guard i < box.value.count else { break }
                let r = body(box.value[i])
                results.withLock { $0[i] = r }
            }
            group.leave()
        }
    }
    group.wait()
    return results.withLock { r in (0..<items.count).compactMap { r[$0] } }
}

struct UncheckedBox<V>: @unchecked Sendable {
    let value: V
    init(_ v: V) { value = v }
}

/// The apps as the command line names them, with what their screen shows once ready.
enum Apps {
    static let all: [(id: String, ready: String)] = [
        ("badminton", "New match"), ("boxing", "Punches"), ("memory", "Memory"), ("stamps", "STAMP CARD"), ("coffee", "Order"),
    ]
    /// The launcher and every app: `nil` is the launcher.
    static let withLauncher: [(id: String?, ready: String)] = [(nil, "Coffee Shop")] + all.map { ($0.id, $0.ready) }

    static func arguments(_ id: String?) -> [String] { id.map { [$0] } ?? [] }
}
