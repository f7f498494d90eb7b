#if canImport(Glibc)
import Glibc
#endif
@testable import Badminton
import BadmintonRules
@testable import Boxing
@testable import Coffee
import Foundation
import TerminiTestSupport
@testable import Memory
@testable import Stamps
import TerminiCore
import TerminiWidgets
import TerminiApp
import Testing

/// Odd environments for every app (ShellTests covers the launcher alone): TERM unset, dumb
/// or unknown; LANG=C; NO_COLOR=1; HOME unset; a relative XDG_CONFIG_HOME; a read-only config
/// directory; every terminal size from 1×1 to 400×150; and 500 random resizes while keys are
/// pressed, after which the screen holds nothing a fresh repaint would not draw.
struct EnvSubject: Sendable {
    var name: String
    var arguments: [String]
    var ready: String
    /// Keys that change something (and are saved where the app saves).
    var keys: [String]
    /// Keys for a resize storm: they keep the app on screen and leave nothing that moves by
    /// itself (a countdown, a running clock) once they stop. An entry may be several keys
    /// ("a u": a point, then its undo, so no game ever ends and no interval counts down).
    var stormKeys: [String]
    /// The smallest terminal the app draws in (its content plus the window).
    var needed: Size
    /// The file the keys change.
    var file: String?
    /// The window title.
    var title: String {
        ["badminton": "Badminton", "boxing": "Boxing Time", "memory": "Memory", "stamps": "Stamp Card", "coffee": "Coffee Shop"][name] ?? "Termini"
    }

    static func needed(_ app: some MiniApp) -> Size { Size(width: app.minimumSize.width + 2, height: app.minimumSize.height + 3) }
    static let ctx = AppContext(now: 1_800_000_000)

    static let apps: [EnvSubject] = [
        EnvSubject(name: "badminton", arguments: ["badminton", "--new"], ready: "serves from", keys: ["a", "l", "a"],
                   stormKeys: ["a u", "l u", "s", "Left BSpace", "Right y u"],
                   needed: needed(BadmintonApp(options: AppOptions(["--new": ""]), store: InMemoryStore(), context: ctx)), file: BadmintonApp.journalFile),
        EnvSubject(name: "boxing", arguments: ["boxing"], ready: "Punches", keys: ["x", "Space", "Space", "Right", "Space"],
                   stormKeys: ["Left", "Right", "Tab", "BTab", "1", "2", "b"],
                   needed: needed(BoxingApp(options: AppOptions(), store: InMemoryStore(), context: ctx)), file: BoxingApp.file),
        EnvSubject(name: "memory", arguments: ["memory", "--seed", "11"], ready: "Flip", keys: ["Space", "Right", "Space"],
                   stormKeys: ["Left", "Right", "Up", "Down", "Home", "End", "h", "j", "k", "l"],
                   needed: needed(MemoryApp(options: AppOptions(), store: InMemoryStore(), context: ctx)), file: MemoryApp.file),
        EnvSubject(name: "stamps", arguments: ["stamps"], ready: "STAMP CARD", keys: ["Space", "Space"],
                   stormKeys: ["Space", "i", "i", "Tab", "Left"],
                   needed: needed(StampsApp(options: AppOptions(), store: InMemoryStore(), context: ctx)), file: StampsApp.file),
        EnvSubject(name: "coffee", arguments: ["coffee"], ready: "Order", keys: ["Down", "+", "Down", "+", "]"],
                   stormKeys: ["+", "-", "Up", "Down", "[", "]", "Tab", "Home", "End"],
                   needed: needed(CoffeeApp(options: AppOptions(), store: InMemoryStore(), context: ctx)), file: CoffeeApp.file),
    ]
    static let launcher = EnvSubject(name: "launcher", arguments: [], ready: "Coffee Shop", keys: ["Down", "Up"],
                                     stormKeys: ["Up", "Down", "Home", "End"], needed: Size(width: 26, height: 8), file: nil)
}

/// Runs each case on a few threads and records every failure with its case's name.
func runCases<T>(_ label: String, _ cases: [T], name: @escaping @Sendable (T) -> String, width: Int = 4,
                 _ body: @escaping @Sendable (T) -> String?) -> Int {
    let start = Fuzz.clock()
    let results = inParallel(cases, width: width, body)
    var failures = 0
    for (c, r) in zip(cases, results) {
        if let r {
            failures += 1
            Issue.record("\(label), \(name(c)): \(r)")
        }
    }
    Fuzz.report("\(label): \(cases.count - failures) of \(cases.count) as expected, \(String(format: "%.1f", Fuzz.clock() - start)) s")
    return failures
}

/// Quits with q (after Esc, which closes an open dialog, or goes to the launcher) and returns
/// a problem if it did not exit 0 with the terminal restored.
func quitCleanly(_ t: TmuxSession) -> String? {
    t.send("Escape")
    usleep(150_000)
    t.send("q")
    guard let code = t.exitStatus(timeout: 10) else { return "q did not quit:\n\(t.screen)" }
    if code != 0 { return "exit status \(code) after q" }
    let left = t.leftoverTerminalState()
    return left.isEmpty ? nil : "terminal after exit: \(left.joined(separator: "; "))"
}

@Suite struct FaultEnvironmentTests {
    @Test(.tmux) func unusableTermInEveryAppExits1AndRestores() throws {
        var cases: [(EnvSubject, String, String)] = []
        for a in EnvSubject.apps {
            for (term, message) in [("<unset>", "TERM is not set"), ("dumb", "cannot move the cursor"), ("xterm-nonexistent", "TERM=xterm-nonexistent")] {
                cases.append((a, term, message))
            }
        }
        let failures = runCases("TERM unset, dumb, unknown", cases, name: { "\($0.0.name) TERM=\($0.1)" }) { (a, term, message) in
            guard let t = try? TmuxSession(arguments: a.arguments, environment: ["TERM": term]) else { return "tmux" }
            guard t.exitStatus(timeout: 10) == 1 else { return "exit status \(String(describing: t.exitStatus(timeout: 0))), not 1" }
            guard t.waitFor(message, timeout: 5) else { return "no message '\(message)':\n\(t.screen)" }
            let left = t.leftoverTerminalState()
            return left.isEmpty ? nil : left.joined(separator: "; ")
        }
        #expect(failures == 0)
    }

    @Test(.tmux) func cLocaleDrawsOnlyASCIIInEveryApp() throws {
        let failures = runCases("LANG=C", EnvSubject.apps, name: \.name) { a in
            guard let t = try? TmuxSession(arguments: a.arguments, environment: ["LANG": "C"]) else { return "tmux" }
            guard t.waitFor(a.ready, timeout: 15) else { return "not ready:\n\(t.screen)" }
            for k in a.keys + a.stormKeys.prefix(3) {
                t.sendKeys(k.split(separator: " ").map(String.init))
                let s = t.settled(quiet: 0.15)
                if let bad = s.unicodeScalars.first(where: { !$0.isASCII }) {
                    return "U+\(String(bad.value, radix: 16, uppercase: true)) on screen after \(k):\n\(s)"
                }
            }
            return quitCleanly(t)
        }
        #expect(failures == 0)
    }

    @Test(.tmux) func noColorUsesAttributesOnlyInEveryApp() throws {
        let failures = runCases("NO_COLOR=1", EnvSubject.apps, name: \.name) { a in
            guard let t = try? TmuxSession(arguments: a.arguments, environment: ["NO_COLOR": "1"]) else { return "tmux" }
            guard t.waitFor(a.ready, timeout: 15) else { return "not ready:\n\(t.screen)" }
            for k in [""] + a.keys {
                if !k.isEmpty { t.send(k) }
                _ = t.settled(quiet: 0.15)
                let raw = t.captureWithAttributes()
                if let colour = FaultEnvironmentTests.colourCode(in: raw) { return "colour code \(colour.debugDescription) after '\(k)'" }
                // Something is still marked: bold, reverse or underline.
                if !FaultEnvironmentTests.hasAttribute(raw) { return "no attribute at all on screen after '\(k)'" }
            }
            return quitCleanly(t)
        }
        #expect(failures == 0)
    }

    /// The first SGR sequence that sets a colour (30–38, 40–48, 90–97, 100–107).
    static func colourCode(in raw: String) -> String? {
        var rest = Substring(raw)
        while let r = rest.range(of: "\u{1b}[") {
            let tail = rest[r.upperBound...]
            guard let m = tail.firstIndex(where: { !($0.isNumber || $0 == ";") }) else { break }
            if tail[m] == "m" {
                let params = tail[..<m].split(separator: ";").compactMap { Int($0) }
                if params.contains(where: { (30...38).contains($0) || (40...48).contains($0) || (90...97).contains($0) || (100...107).contains($0) }) {
                    return "\u{1b}[" + tail[..<m] + "m"
                }
            }
            rest = tail[m...]
        }
        return nil
    }

    static func hasAttribute(_ raw: String) -> Bool {
        raw.range(of: "\u{1b}\\[([0-9;]*;)?(1|4|7)(;[0-9;]*)?m", options: .regularExpression) != nil
    }

    @Test(.tmux) func noHomeRunsEveryAppWithANotice() throws {
        let failures = runCases("HOME unset", EnvSubject.apps, name: \.name) { a in
            guard let t = try? TmuxSession(arguments: a.arguments, environment: ["HOME": "<unset>"], useConfigDirOption: false) else { return "tmux" }
            // A change that cannot be kept asks first (badminton's --new at once): yes.
            let asks = "Go on without saving?"
            guard t.wait(timeout: 15, until: { ($0.contains(a.ready) || $0.contains(asks)) && $0.contains("Not saving") }).ok else {
                return "no notice:\n\(t.screen)"
            }
            t.sendKeys(a.keys)
            _ = t.settled(quiet: 0.2)
            if t.screen.contains(asks) {
                t.send("y")
                guard t.wait(until: { !$0.contains(asks) }).ok else { return "the question stays:\n\(t.screen)" }
            }
            return quitCleanly(t)
        }
        #expect(failures == 0)
    }

    @Test(.tmux) func relativeXDGConfigHomeIsIgnoredByEveryApp() throws {
        let failures = runCases("XDG_CONFIG_HOME relative", EnvSubject.apps, name: \.name) { a in
            let home = TempDir("termini-home")
            let relative = "xdg-relative-\(UUID().uuidString.prefix(8))"
            guard let t = try? TmuxSession(arguments: a.arguments, environment: ["HOME": home.path, "XDG_CONFIG_HOME": relative],
                                           useConfigDirOption: false) else { return "tmux" }
            guard t.waitFor(a.ready, timeout: 15) else { return "not ready:\n\(t.screen)" }
            t.sendKeys(a.keys)
            _ = t.settled(quiet: 0.2)
            if let p = quitCleanly(t) { return p }
            let dir = home.path + "/.config/termini"
            let fm = FileManager.default
            guard let file = a.file, fm.fileExists(atPath: dir + "/" + file) else { return "nothing saved in \(dir)" }
            let mode = { (p: String) in (try? fm.attributesOfItem(atPath: p)[.posixPermissions] as? Int) ?? -1 }
            if mode(dir) != 0o700 || mode(dir + "/" + file) != 0o600 {
                return "modes \(String(mode(dir), radix: 8)) and \(String(mode(dir + "/" + file), radix: 8)), not 700 and 600"
            }
            if fm.fileExists(atPath: fm.currentDirectoryPath + "/" + relative) { return "the relative \(relative) was used" }
            return nil
        }
        #expect(failures == 0)
    }

    @Test(.tmux) func readOnlyConfigDirectoryInEveryApp() throws {
        // Root writes anywhere: the case runs as nobody in a directory root owns (0755).
        let root = getuid() == 0
        if root && !FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv") {
            Fuzz.report("read-only config directory: skipped, running as root without setpriv")
            return
        }
        let failures = runCases("read-only config directory", EnvSubject.apps + [EnvSubject.launcher], name: \.name) { a in
            let dir = TempDir("termini-ro")
            // Something saved earlier is still read.
            _ = FileManager.default.createFile(atPath: dir.file("coffee.json"),
                                               contents: Data("{\"format\": 1, \"data\": {\"quantities\": {\"Geisha\": 7}}}\n".utf8))
            chmod(dir.path, 0o755)
            if !root { chmod(dir.path, 0o555) }
            defer { chmod(dir.path, 0o755) }
            let before = (try? FileManager.default.contentsOfDirectory(atPath: dir.path))?.sorted() ?? []
            let wrapper = root ? ["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"] : []
            guard let t = try? TmuxSession(arguments: a.arguments, configDir: dir.path, wrapper: wrapper) else { return "tmux" }
            // A change that cannot be kept asks first (badminton's --new at once).
            let asks = "Go on without saving?"
            guard t.wait(timeout: 15, until: { ($0.contains(a.ready) || $0.contains(asks)) && $0.contains("Not saving") }).ok else {
                return "no notice:\n\(t.screen)"
            }
            if a.name == "coffee" && !t.screen.contains("Geisha") { return "the saved cart was not read" }
            if a.name == "coffee", !t.screen.split(separator: "\n").contains(where: { $0.contains("Geisha") && $0.contains(" 7 [") }) {
                return "the saved 7 bags of Geisha are not shown:\n\(t.screen)"
            }
            t.sendKeys(a.keys)
            _ = t.settled(quiet: 0.2)
            if t.screen.contains(asks) {
                t.send("y")
                guard t.wait(until: { !$0.contains(asks) }).ok else { return "the question stays:\n\(t.screen)" }
            }
            if t.screen.contains("Could not save") { return "a second notice for each change:\n\(t.screen)" }
            if let p = quitCleanly(t) { return p }
            let after = (try? FileManager.default.contentsOfDirectory(atPath: dir.path))?.sorted() ?? []
            return after == before ? nil : "the directory changed: \(before) → \(after)"
        }
        #expect(failures == 0)
    }

    /// The sizes tried: from 1×1 through the sizes around each app's minimum to 400×150.
    static func sizes(around needed: Size) -> [Size] {
        var list = [Size(width: 1, height: 1), Size(width: 2, height: 1), Size(width: 1, height: 2), Size(width: 5, height: 3),
                    Size(width: 12, height: 3), Size(width: 20, height: 6), Size(width: 30, height: 10),
                    Size(width: needed.width - 1, height: needed.height), Size(width: needed.width, height: needed.height - 1), needed,
                    Size(width: needed.width + 1, height: needed.height + 1), Size(width: 80, height: 24), Size(width: 132, height: 43),
                    Size(width: 200, height: 60), Size(width: 300, height: 100), Size(width: 400, height: 150)]
        list = list.filter { $0.width >= 1 && $0.height >= 1 }
        var seen = Set<Size>()
        return list.filter { seen.insert($0).inserted }
    }

    /// What a screen of `size` must show: the app (framed, titled), or the request to enlarge.
    static func sizeProblem(_ screen: String, _ size: Size, _ a: EnvSubject) -> String? {
        let lines = screen.split(separator: "\n", omittingEmptySubsequences: false)
        if lines.count > size.height || lines.contains(where: { DisplayWidth.of(String($0)) > size.width }) { return "text beyond \(size)" }
        if size.contains(a.needed) {
            // Keys may have opened a dialog over the app's text; the title names the app.
            if lines.first?.contains(a.title) != true { return "the app is not shown at \(size)" }
            if screen.contains("Enlarge") { return "asks to enlarge at \(size)" }
            if lines.first?.hasPrefix("┌─ ") != true { return "no window frame at \(size)" }
        } else if size.width >= 22 && size.height >= 3 {
            if !screen.contains("Enlarge the terminal") { return "no request to enlarge at \(size)" }
            if size.height >= 3 && !screen.contains("need \(a.needed.width)×\(a.needed.height)") { return "does not say the size needed at \(size)" }
        }
        return nil
    }

    @Test(.tmux) func everySizeFrom1x1To400x150InEveryApp() throws {
        // Each app starts at 1×1 and grows through every size, and starts at 400×150 and
        // shrinks through them; at each size the screen is checked.
        var cases: [(EnvSubject, Bool)] = []
        for a in EnvSubject.apps + [EnvSubject.launcher] { cases += [(a, true), (a, false)] }
        let failures = runCases("sizes 1x1 to 400x150", cases, name: { "\($0.0.name) \($0.1 ? "growing" : "shrinking")" }) { (a, growing) in
            let sizes = growing ? FaultEnvironmentTests.sizes(around: a.needed) : FaultEnvironmentTests.sizes(around: a.needed).reversed()
            guard let first = sizes.first,
                  let t = try? TmuxSession(width: first.width, height: first.height, arguments: a.arguments) else { return "tmux" }
            if a.name == "boxing" { t.send("x") }
            for (i, size) in sizes.enumerated() {
                if i > 0 { t.resize(width: size.width, height: size.height) }
                let (ok, screen) = t.waitFull(timeout: 10) { FaultEnvironmentTests.sizeProblem($0, size, a) == nil }
                if !ok { return (FaultEnvironmentTests.sizeProblem(screen, size, a) ?? "?") + ":\n\(screen)" }
                if !t.isRunning { return "termini exited at \(size)" }
                // A key at every size: it must do its work or nothing, never harm.
                if let k = a.stormKeys.first { t.sendKeys(k.split(separator: " ").map(String.init)) }
            }
            t.resize(width: 80, height: 24)
            let (ok, screen) = t.waitFull(timeout: 10) { FaultEnvironmentTests.sizeProblem($0, Size(width: 80, height: 24), a) == nil }
            if !ok { return "back at 80×24: \(FaultEnvironmentTests.sizeProblem(screen, Size(width: 80, height: 24), a) ?? "?"):\n\(screen)" }
            return quitCleanly(t)
        }
        #expect(failures == 0)
    }

    @Test(.tmux) func aStormOf500ResizesWhileKeysArePressedLeavesNoGarbage() throws {
        let seed = Fuzz.random("FaultEnvironmentTests-storm").state
        let resizes = Fuzz.count(500)
        let failures = runCases("storm of \(resizes) resizes", EnvSubject.apps + [EnvSubject.launcher], name: \.name, width: 6) { a in
            var rng = FuzzRandom(seed: seed ^ UInt64(a.name.count * 7919))
            guard let t = try? TmuxSession(arguments: a.arguments) else { return "tmux" }
            guard t.waitFor(a.ready, timeout: 15) else { return "not ready:\n\(t.screen)" }
            for i in 0..<resizes {
                let size = rng.chance(0.1) ? Size(width: rng.int(1...10), height: rng.int(1...5))
                    : Size(width: rng.int(1...220), height: rng.int(1...70))
                t.resize(width: size.width, height: size.height)
                // Keys while the size changes: one or two after most resizes, none after some.
                if i % 3 != 2 { t.sendKeys((0..<rng.int(1...2)).flatMap { _ in rng.pick(a.stormKeys).split(separator: " ").map(String.init) }) }
                if i % 50 == 0 && !t.isRunning { return "termini exited during the storm (resize \(i))" }
            }
            let final = Size(width: rng.int(a.needed.width...200), height: rng.int(a.needed.height...60))
            t.resize(width: final.width, height: final.height)
            let (ok, _) = t.waitFull(timeout: 10) { FaultEnvironmentTests.sizeProblem($0, final, a) == nil }
            let screen = t.settled(quiet: a.name == "boxing" ? 2.5 : 0.5, timeout: 15)
            if !ok { return "after the storm, at \(final): \(FaultEnvironmentTests.sizeProblem(screen, final, a) ?? "?"):\n\(screen)" }
            if let p = FaultEnvironmentTests.frameProblem(screen, final) { return "after the storm, at \(final): \(p):\n\(screen)" }
            // A full repaint (Ctrl-L: every cell sent again on a cleared screen) changes nothing.
            t.send("C-l")
            usleep(300_000)
            let repainted = t.settled(quiet: 0.5, timeout: 10)
            if repainted != screen { return "cells left over after the storm, at \(final):\n\(screen)\n--- a full repaint shows ---\n\(repainted)" }
            return quitCleanly(t)
        }
        #expect(failures == 0)
    }

    /// The window: a top border with the title, side borders on every row, a bottom border and
    /// the key-hint row, each exactly as wide as the terminal.
    static func frameProblem(_ screen: String, _ size: Size) -> String? {
        let lines = screen.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard lines.count == size.height || lines.count == size.height - 1 else { return "\(lines.count) rows, not \(size.height)" }
        func cells(_ s: String) -> Int { DisplayWidth.of(s) }
        guard let top = lines.first, top.hasPrefix("┌─ "), top.hasSuffix("┐"), cells(top) == size.width else { return "top border" }
        let bottom = lines[size.height - 2]
        guard bottom.hasPrefix("└"), bottom.hasSuffix("┘"), cells(bottom) == size.width else { return "bottom border" }
        for (i, l) in lines.enumerated() where i > 0 && i < size.height - 2 {
            guard l.hasPrefix("│"), l.hasSuffix("│"), cells(l) == size.width else { return "row \(i) is not framed: '\(l)'" }
        }
        return nil
    }
}
