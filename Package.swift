// swift-tools-version:6.0
import PackageDescription

// Release builds link the Swift runtime statically: start-up time and resident
// memory roughly halve on Linux, which matters over ssh and on old laptops.
let staticRuntime: [LinkerSetting] = [
    .unsafeFlags(["-static-stdlib", "-Xlinker", "-l_FoundationCollections", "-Xlinker", "-l_FoundationCShims", "-Xlinker", "-lswiftSynchronization"], .when(platforms: [.linux], configuration: .release)),
]

let apps = ["Badminton", "Boxing", "Memory", "Stamps", "Coffee"]

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
        // Linux-only headers Glibc's module does not carry (signalfd).
        .systemLibrary(name: "CLinux"),
        // Pure Swift: geometry, canvas, widgets, keys, themes, the mini-app protocol.
        .target(name: "TerminiKit"),
        // Files on disk: XDG paths, atomic writes, journals, locks, corruption handling.
        .target(name: "TerminiStore", dependencies: ["TerminiKit"]),
        // The only code that talks to ncurses.
        .target(name: "TerminiTerminal", dependencies: ["CNcurses", "CLinux", "TerminiKit"]),
    ] + apps.map { .target(name: $0, dependencies: ["TerminiKit"]) } + [
        // Launcher, app switching, help overlay, command line: testable without a terminal.
        .target(name: "TerminiShell", dependencies: ["TerminiKit", "TerminiStore"] + apps.map { .target(name: $0) }),
        .executableTarget(
            name: "termini",
            dependencies: ["TerminiShell", "TerminiTerminal", "TerminiStore", "TerminiKit"],
            linkerSettings: staticRuntime
        ),
        .executableTarget(
            name: "termini-bench",
            dependencies: ["TerminiShell", "TerminiKit"],
            path: "Sources/termini-bench",
            linkerSettings: staticRuntime
        ),
        // Test-only: seeded random keys (every `Key` case, odd Unicode, cut escape sequences) and
        // a driver that carries out an app's effects as the shell does, for the fuzz tests.
        .target(name: "FuzzSupport", dependencies: ["TerminiKit"], path: "Tests/FuzzSupport"),
        .testTarget(name: "TerminiKitTests", dependencies: ["TerminiKit"]),
        .testTarget(name: "TerminiStoreTests", dependencies: ["TerminiStore"]),
        .testTarget(name: "TerminiShellTests", dependencies: ["TerminiShell", "TerminiKit", "FuzzSupport"]),
    ] + apps.map { .testTarget(name: "\($0)Tests", dependencies: [.target(name: $0), "TerminiKit", "FuzzSupport"]) } + [
        // Drives the real binary inside tmux, the way a person meets it. The app modules let
        // a test work out its keys from a model (e.g. the cards of a seeded deal).
        // The fault suite (Fault*.swift) reads the screen with TerminiKit's own glyphs.
        .testTarget(name: "EndToEndTests", dependencies: ["termini", "TerminiKit", "FuzzSupport"] + apps.map { .target(name: $0) }),
    ],
    swiftLanguageModes: [.v6]
)
