#if canImport(Glibc)
import Glibc
#endif
import TerminiCore
import TerminiScreen
import TerminiApp
import TerminiShell
import TerminiTestSupport

// In-process rendering cost: frames per second for a full-screen redraw of every screen into
// the Canvas and through the diff that picks the cells to send, with no terminal involved.
//
//   swift run -c release termini-bench [--frames N] [--size WxH ...]
//   swift run -c release termini-bench history DIR [--matches N] [--seed S]   (a history to measure: History.swift)
//   swift run -c release termini-bench hall DIR [--courts N] [--matches M] [--seed S]   (the desk's hall: Hall.swift)
//   swift run -c release termini-bench journal DIR [--damage junk|zeros|repeats] [--megabytes N]   (DamagedJournal.swift)

func now() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
}

struct Scenario {
    let name: String
    let app: String?
    let options: [String: String]
    let keys: [Key]
    /// A key (and its undo) pressed between frames for the "key + frame" figure.
    let step: [Key]
}

let scenarios = [
    Scenario(name: "launcher", app: nil, options: [:], keys: [], step: [.down, .up]),
    Scenario(name: "badminton", app: "badminton", options: ["--new": "", "--names": "Red,Blue"],
             keys: Array(repeating: .char("a"), count: 7) + Array(repeating: .char("l"), count: 5), step: [.char("a"), .char("u")]),
    Scenario(name: "boxing", app: "boxing", options: [:], keys: [.char(" ")] + Array(repeating: .char(" "), count: 12), step: [.char(" ")]),
    Scenario(name: "memory", app: "memory", options: ["--seed": "42"], keys: [.char(" "), .right, .char(" ")], step: [.right, .left]),
    Scenario(name: "stamps", app: "stamps", options: [:], keys: [.char(" "), .char(" "), .char(" ")], step: [.char("i"), .escape]),
    Scenario(name: "coffee", app: "coffee", options: [:], keys: [.tab, .char("+"), .char("+"), .down, .char("+")], step: [.char("+"), .char("-")]),
]

if CommandLine.arguments.dropFirst().first == "history" {
    exit(HistoryGenerator.run(Array(CommandLine.arguments.dropFirst(2))))
}
if CommandLine.arguments.dropFirst().first == "hall" {
    exit(HallGenerator.run(Array(CommandLine.arguments.dropFirst(2))))
}
if CommandLine.arguments.dropFirst().first == "journal" {
    exit(DamagedJournalGenerator.run(Array(CommandLine.arguments.dropFirst(2))))
}

var frames = 300
var sizes: [Size] = []
var only: Set<String> = []
var args = Array(CommandLine.arguments.dropFirst())
while let a = args.first {
    args.removeFirst()
    switch a {
    case "--frames": frames = Int(args.first ?? "") ?? frames; if !args.isEmpty { args.removeFirst() }
    case "--only": only.insert(args.first ?? ""); if !args.isEmpty { args.removeFirst() }
    case "--size":
        let parts = (args.first ?? "").split(separator: "x").compactMap { Int($0) }
        if parts.count == 2 { sizes.append(Size(width: parts[0], height: parts[1])) }
        if !args.isEmpty { args.removeFirst() }
    default:
        print("usage: termini-bench [--frames N] [--size WxH ...] [--only SCREEN ...]")
        exit(64)
    }
}
if sizes.isEmpty { sizes = [Size(width: 80, height: 24), Size(width: 200, height: 60), Size(width: 300, height: 100)] }

func makeShell(_ s: Scenario, at t: Double) -> Shell {
    let shell = Shell(store: InMemoryStore(), config: .init(), theme: .builtinDefault, themeName: "default", unicode: true,
                      monochrome: false, catalog: nil, open: s.app, options: AppOptions(s.options), now: t)
    // Let launch screens and animations finish, then bring the app to a typical state.
    var clock = t + 5
    for k in s.keys {
        _ = shell.handle(k, now: clock)
        clock += 0.5
        _ = shell.tick(now: clock)
    }
    _ = shell.tick(now: clock + 5)
    return shell
}

print("# termini-bench: full-screen redraw into the Canvas and out as bytes by the screen writer (release build)")
print("frames per size: \(frames)")
print("")
print("screen         size     frame µs     fps   key+frame µs   cells/frame   bytes/frame")
for s in scenarios where only.isEmpty || only.contains(s.name) {
    for size in sizes {
        let t0 = 1_800_000_000.0
        let shell = makeShell(s, at: t0)
        let clock = t0 + 100
        // The bytes an xterm is sent: a full redraw clears the screen and draws every cell
        // that is not blank; a key's frame only what changed.
        var writer = ScreenWriter(controls: .xterm())
        var bytes: [UInt8] = []
        bytes.reserveCapacity(1 << 20)
        var previous = shell.render(size: size, now: clock)
        // Warm up.
        for _ in 0..<5 {
            previous = shell.render(size: size, now: clock)
            writer.invalidate()
            bytes.removeAll(keepingCapacity: true)
            writer.frame(previous, into: &bytes)
        }
        let cells = previous.changes(since: nil).count
        var fullBytes = 0
        let start = now()
        for _ in 0..<frames {
            let c = shell.render(size: size, now: clock)
            writer.invalidate()
            bytes.removeAll(keepingCapacity: true)
            writer.frame(c, into: &bytes)
            fullBytes += bytes.count
        }
        let frameTime = (now() - start) / Double(frames)
        // A key and the frame it causes, written against the frame before.
        let kstart = now()
        for i in 0..<frames {
            _ = shell.handle(s.step[i % s.step.count], now: clock)
            let c = shell.render(size: size, now: clock)
            bytes.removeAll(keepingCapacity: true)
            writer.frame(c, into: &bytes)
        }
        let keyTime = (now() - kstart) / Double(frames)
        let sizeText = "\(size.width)x\(size.height)"
        func pad(_ s: String, _ n: Int) -> String { s + String(repeating: " ", count: max(0, n - s.count)) }
        func lpad(_ s: String, _ n: Int) -> String { String(repeating: " ", count: max(0, n - s.count)) + s }
        print(pad(s.name, 15) + pad(sizeText, 8) + lpad(String(Int(frameTime * 1e6)), 9) + lpad(String(Int(1 / frameTime)), 8)
              + lpad(String(Int(keyTime * 1e6)), 15) + lpad(String(cells), 14) + lpad(String(fullBytes / frames), 14))
    }
}
