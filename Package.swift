// swift-tools-version:6.0
import PackageDescription

// Release builds link the Swift runtime statically: start-up time and resident
// memory roughly halve on Linux, which matters over ssh and on old laptops.
// The rest of the release link is for the start too (docs/dev/benchmarks.md, first paint and peak RSS):
// - link/ comes first on the library path: its two linker scripts turn the runtime's -lstdc++
//   and the -lncursesw of CNcurses into their static archives (and -static-libgcc the unwinder),
//   so the dynamic loader maps only libc and libm and looks up a few hundred symbols instead
//   of about 5,000;
// - lld, linking a position-dependent executable (-no-pie): its code and data sit at the
//   addresses the linker gave them, so the dynamic loader has no relocations of its own to
//   apply (a PIE had 39,610, on 130 pages of data that each became a private copy at every
//   start: a page fault, 4 KiB copied); -0.7 ms of CPU per start (docs/dev/benchmarks.md, first paint).
//   The price: the executable's own code and data are not moved by ASLR (libc, the heap,
//   the stack and mmaps still are), as with Go's default builds. Relative relocations, were
//   there any, stay packed (RELR);
// - no --export-dynamic (static-stdlib-args.lnk asks for it): nothing loads a library that
//   binds back to the executable, and the runtime's dladdr at start scans far fewer symbols.
//   Crash output is unchanged: the stdlib's messages and, unstripped, the symbol table.
// - the functions a start runs laid out together (link/start-order.txt, written by
//   scripts/start-order): the kernel maps code 64 KiB around each page touched.
let staticRuntime: [LinkerSetting] = [
    .unsafeFlags(["-static-stdlib", "-Xlinker", "-l_FoundationCollections", "-Xlinker", "-l_FoundationCShims", "-Xlinker", "-lswiftSynchronization",
                  "-L", Context.packageDirectory + "/link", "-Xclang-linker", "-static-libgcc",
                  "-use-ld=lld", "-Xclang-linker", "-no-pie", "-Xlinker", "-z", "-Xlinker", "pack-relative-relocs", "-Xlinker", "--no-export-dynamic",
                  "-Xlinker", "--symbol-ordering-file=" + Context.packageDirectory + "/link/start-order.txt", "-Xlinker", "--no-warn-symbol-ordering"],
                 .when(platforms: [.linux], configuration: .release)),
]

let apps = ["Badminton", "Boxing", "Memory", "Stamps", "Coffee"]
let kit: [Target.Dependency] = ["TerminiCore", "TerminiData", "TerminiWidgets", "TerminiApp"]
/// What an app's module depends on beyond the kit: Badminton's app is built on its rules.
let appModules: [String: [Target.Dependency]] = ["Badminton": ["BadmintonRules"]]
/// What an app's tests depend on beyond its module and the kit's test support.
let appTestModules: [String: [Target.Dependency]] = ["Badminton": ["BadmintonRules", "BadmintonRulesTestSupport"]]

let package = Package(
    name: "termini",
    products: [
        .executable(name: "termini", targets: ["termini"]),
    ],
    targets: [
        .systemLibrary(
            name: "CNcurses",
            providers: [.apt(["libncursesw5-dev"]), .brew(["ncurses"])]
        ),
        // The MQTT client library of the hall (--hall, termini hall): its header at build time
        // (libmosquitto-dev), its code opened at run time by the commands that use a hall, so a
        // start without one loads nothing more and runs where libmosquitto1 is not installed.
        .systemLibrary(
            name: "CMosquitto",
            providers: [.apt(["libmosquitto-dev"]), .brew(["mosquitto"])]
        ),
        // Linux-only headers Glibc's module does not carry (signalfd, closefrom for posix_spawn).
        .systemLibrary(name: "CLinux"),
        // The drawing core, pure Swift: geometry, canvas, display widths, colours and styles,
        // keys, themes and their files. Knows nothing of widgets, apps or terminals.
        .target(name: "TerminiCore"),
        // Data in files, pure Swift: the JSON writer, how a file read line by line ended,
        // the ranges a decoded number must lie in. Knows nothing of drawing, apps or disks.
        .target(name: "TerminiData"),
        // Widgets drawn on a canvas: windows, dialogs, steppers, big digits, focus.
        .target(name: "TerminiWidgets", dependencies: ["TerminiCore"]),
        // The app contract: MiniApp, effects, the state codec, preferences.
        .target(name: "TerminiApp", dependencies: ["TerminiCore", "TerminiData", "TerminiWidgets"]),
        // Files on disk: XDG paths, atomic writes, journals, locks, corruption handling.
        .target(name: "TerminiStore", dependencies: ["TerminiCore", "TerminiData", "TerminiApp"]),
        // The hall: courts on many machines and one desk over MQTT (a Mosquitto broker):
        // the client in the one loop, addresses and credentials, topics, the wire format.
        .target(name: "TerminiHall", dependencies: ["CMosquitto", "TerminiCore", "TerminiData", "TerminiStore", "TerminiApp", "BadmintonRules"]),
        // The tournament desk, pure: the order of play read from its CSV, the queue (calls,
        // rest, walkovers, retirements), its state file, the results it writes. No screen, no network.
        .target(name: "TerminiDesk", dependencies: ["TerminiCore", "TerminiData", "TerminiApp", "BadmintonRules"]),
        // The only code that talks to ncurses.
        // The frames' bytes: a canvas's changes written over the terminal's own terminfo
        // controls (ScreenWriter, TerminalControls), on TerminiCore and nothing of ncurses.
        .target(name: "TerminiScreen", dependencies: ["TerminiCore"]),
        .target(name: "TerminiTerminal", dependencies: ["CNcurses", "CLinux", "TerminiCore", "TerminiScreen"]),
        // Badminton's rules, pure and without a screen: the match state and its events, formats,
        // misconduct, the umpire's calls, timers, the timeline, statistics, the scoresheet, the
        // journal's lines, the status and export reports. The app and a hall desk build on it.
        .target(name: "BadmintonRules", dependencies: ["TerminiCore", "TerminiData"]),
    ] + apps.map { .target(name: $0, dependencies: kit + (appModules[$0] ?? [])) } + [
        // Launcher, app switching, help overlay, command line: testable without a terminal.
        .target(name: "TerminiShell", dependencies: kit + ["TerminiStore", "CLinux", "TerminiDesk", "TerminiHall"] + apps.map { .target(name: $0) }),
        // The one loop: keys, effects, saves, the frame, the syncs, watching, over a `TerminalIO`
        // (the ncurses terminal, or a test's terminal in memory) and the store.
        .target(name: "TerminiRuntime", dependencies: kit + ["TerminiShell", "TerminiStore", "TerminiTerminal"]),
        .executableTarget(
            name: "termini",
            dependencies: kit + ["TerminiRuntime", "TerminiShell", "TerminiTerminal", "TerminiStore"],
            linkerSettings: staticRuntime
        ),
        .executableTarget(
            name: "termini-bench",
            dependencies: kit + ["TerminiShell", "TerminiScreen", "TerminiTestSupport", "BadmintonRules", "TerminiDesk"],
            // Linked as Swift programs are by default: TerminiTestSupport brings all of
            // Foundation (ICU too), which the static runtime's flags of `termini` leave out.
            path: "Sources/termini-bench"
        ),
        // Test-only: the in-memory store, seeded random keys (every `Key` case, odd Unicode,
        // cut escape sequences), a driver that carries out an app's effects as the shell does,
        // and rendering helpers for golden tests.
        .target(name: "TerminiTestSupport", dependencies: kit + ["TerminiStore", "TerminiTestSeeds"], path: "Tests/TerminiTestSupport"),
        // Test-only: `expectScreen`, a screen held to its golden file. Apart from
        // TerminiTestSupport because it needs the Testing library, which termini-bench (built
        // in release, on TerminiTestSupport) cannot link.
        .target(name: "TerminiGoldens", dependencies: ["TerminiTestSupport"], path: "Tests/TerminiGoldens"),
        // Test-only, on nothing: the one seeded generator of the tests and the run's seed
        // (TERMINI_FAULT_SEED, TERMINI_FAULT_SCALE); TerminiTestSupport passes it on.
        .target(name: "TerminiTestSeeds", dependencies: ["TerminiCore"], path: "Tests/TerminiTestSeeds"),
        .testTarget(name: "TerminiCoreTests", dependencies: kit + ["TerminiScreen", "TerminiTestSupport"]),
        .testTarget(name: "TerminiWidgetsTests", dependencies: kit + ["TerminiTestSupport"]),
        .testTarget(name: "TerminiAppTests", dependencies: kit + ["TerminiTestSupport"]),
        // Test-only, on the rules alone: matches built event by event (`Match`).
        .target(name: "BadmintonRulesTestSupport", dependencies: ["BadmintonRules"], path: "Tests/BadmintonRulesTestSupport"),
        // The rules alone: nothing of the app, its screens or a store.
        .testTarget(name: "BadmintonRulesTests", dependencies: ["BadmintonRules", "BadmintonRulesTestSupport", "TerminiTestSeeds", "TerminiCore", "TerminiData"]),
        .testTarget(name: "TerminiStoreTests", dependencies: kit + ["TerminiStore", "TerminiTestSupport"]),
        .testTarget(name: "TerminiShellTests", dependencies: kit + ["TerminiShell", "TerminiTestSupport"]),
        // The real loop in process: a terminal in memory, a store on a disk that can refuse.
        .testTarget(name: "TerminiRuntimeTests",
                    dependencies: kit + ["TerminiRuntime", "TerminiShell", "TerminiStore", "TerminiTerminal", "TerminiTestSupport"] + apps.map { .target(name: $0) }),
        // The hall against a real broker (mosquitto on a free loopback port, started and stopped
        // by the tests) and across network namespaces; skipped where mosquitto or root is missing.
        .testTarget(name: "TerminiHallTests", dependencies: kit + ["TerminiHall", "TerminiStore", "BadmintonRules", "TerminiTestSupport"]),
        .testTarget(name: "TerminiDeskTests", dependencies: kit + ["TerminiDesk", "TerminiStore", "BadmintonRules", "BadmintonRulesTestSupport", "TerminiTestSupport"]),
    ] + apps.map { .testTarget(name: "\($0)Tests", dependencies: kit + [.target(name: $0), "TerminiTestSupport", "TerminiGoldens"] + (appTestModules[$0] ?? [])) } + [
        // The store, the shell and every app on a disk that fails: I/O faults in turn, the
        // directories a power cut leaves, decoded values out of range, the fuzzers' corpus.
        .testTarget(name: "ReliabilityTests",
                    dependencies: kit + ["TerminiShell", "TerminiStore", "TerminiTestSupport", "BadmintonRules"] + apps.map { .target(name: $0) }),
        // Drives the real binary inside tmux, the way a person meets it. The app modules let
        // a test work out its keys from a model (e.g. the cards of a seeded deal).
        // The fault suite (Fault*.swift) reads the screen with TerminiCore's own glyphs.
        .testTarget(name: "EndToEndTests", dependencies: kit + ["termini", "TerminiTestSupport", "BadmintonRules"] + apps.map { .target(name: $0) }),
    ],
    swiftLanguageModes: [.v6]
)

// Release code reaches the metadata of a generic type (a Dictionary's storage, an array of a
// struct) through its accessor, with the witness tables passed in, instead of by its mangled
// name: the runtime then neither demangles the name nor checks each generic requirement by
// scanning every protocol conformance record of the binary (about 3,700), which was a third of
// the instructions of a start (docs/dev/benchmarks.md, first paint).
let metadataByAccessor: [SwiftSetting] = [
    .unsafeFlags(["-Xfrontend", "-disable-concrete-type-metadata-mangled-name-accessors"], .when(configuration: .release)),
]
for target in package.targets where target.type != .system {
    target.swiftSettings = (target.swiftSettings ?? []) + metadataByAccessor
}
// The canvas's cells are read cell by cell by the screen writer, in another module: the core
// offers its code to be inlined there (full cross-module optimisation), so the writer's loop
// costs what it did when both were one module (docs/dev/benchmarks.md, instructions per key).
for target in package.targets where target.name == "TerminiCore" {
    target.swiftSettings = (target.swiftSettings ?? []) + [.unsafeFlags(["-cross-module-optimization"], .when(configuration: .release))]
}
