import TerminiTestSupport
import TerminiCore
import TerminiWidgets
import TerminiApp
@testable import TerminiShell
import TerminiStore
import Testing

/// 100,000 random keys into the whole shell: the launcher, help, switching with F2–F6, every
/// app, quitting (and starting again from what was saved), with renders at every size from
/// 1×1 to 300×100 on the way.
@Suite struct ShellFuzzTests {
    static let favoured: [Key] = [.up, .down, .left, .right, .enter, .enter, .char(" "), .char(" "), .escape, .char("?"),
                                  .function(1), .function(2), .function(3), .function(4), .function(5), .function(6),
                                  .char("1"), .char("2"), .char("3"), .char("4"), .char("5"), .char("t"), .char("j"), .char("k"),
                                  .tab, .char("a"), .char("l"), .char("+"), .char("-"), .char("y"), .char("n"), .ctrl("l")]

    @Test func hundredThousandKeysThroughTheLauncherAndEveryApp() throws {
        var rng = Fuzz.random("ShellFuzzTests")
        let total = Fuzz.count(100_000)
        let start = Fuzz.clock()
        let store = InMemoryStore()
        var now = 1_800_000_000.0
        func makeShell() -> Shell {
            let config = ConfigFile(text: String(decoding: store.files["config"] ?? [], as: UTF8.self))
            return Shell(store: store, config: config, theme: .builtinDefault, themeName: "default", unicode: rng.chance(0.8),
                         monochrome: rng.chance(0.2), catalog: ThemeCatalog(directories: []), open: nil, now: now)
        }
        var shell = makeShell()
        var sent = 0, starts = 1, renders = 0, ticks = 0
        var seen = Set<String>()
        var recent: [Key] = []
        while sent < total {
            // q quits; less often than the other keys, so the apps get used between restarts.
            let keys = rng.chance(0.002) ? [Key.char("q")] : KeyGen.burst(favoured: Self.favoured, favouredShare: 0.6, using: &rng)
                .filter { $0 != .char("q") || shell.current != nil }
            for key in keys {
                now += rng.chance(0.3) ? 0 : rng.double(0.01..<3)
                if let d = shell.nextDeadline(now: now), d <= now {
                    _ = shell.tick(now: now)
                    ticks += 1
                    if let d2 = shell.nextDeadline(now: now), d2 <= now {
                        Issue.record("key \(sent): the deadline \(d2) is not after now \(now) after a tick (\(shell.current ?? "launcher"))")
                        return
                    }
                }
                _ = shell.handle(key, now: now)
                sent += 1
                recent.append(key)
                if recent.count > 30 { recent.removeFirst() }
                if let c = shell.current {
                    seen.insert(c)
                    guard AppRegistry.index(of: c) != nil else { Issue.record("current app '\(c)'"); return }
                }
                if shell.quitRequested {
                    shell = makeShell()
                    starts += 1
                }
            }
            if sent / 200 > renders {
                let size: Size
                switch rng.int(0...9) {
                case 0...2: size = Size(width: rng.int(1...30), height: rng.int(1...12))
                case 3...7: size = Size(width: rng.int(30...140), height: rng.int(10...50))
                default: size = Size(width: rng.int(140...300), height: rng.int(40...100))
                }
                let canvas = shell.render(size: size, now: now)
                renders += 1
                let top = canvas.row(at: 0)
                let problem: String? = canvas.size != size ? "canvas \(canvas.size)" :
                    (size.width >= 80 && size.height >= 24 && !(top.contains("Termini") || top.contains(" F")) ? "no window title in '\(top)'" : nil)
                if let problem {
                    Issue.record("key \(sent), \(size), \(shell.current ?? "launcher"): \(problem); last keys: \(recent)")
                    return
                }
            }
        }
        #expect(seen.count == AppRegistry.apps.count, "apps opened: \(seen)")
        #expect(starts > 10, "only \(starts) starts")
        Fuzz.report("shell: \(sent) keys through the launcher and the five apps, \(starts) starts from saved state, \(renders) renders "
            + "from 1x1 to 300x100, \(ticks) ticks, \(Int((Fuzz.clock() - start) * 1000)) ms")
    }
}
