import TerminiCore
import TerminiWidgets
import TerminiApp
import TerminiTestSupport
@testable import TerminiShell
@testable import TerminiStore

let standard = Size(width: 80, height: 24)

/// The command-line parser's answer, for the suites that read it: the invocation, or the
/// usage error's message.
protocol ParsesCommandLines {}
extension ParsesCommandLines {
    func parsed(_ args: String...) -> Invocation? { try? CommandLineParser.parse(args).get() }
    func error(_ args: String...) -> String? {
        if case .failure(let e) = CommandLineParser.parse(args) { return e.message }
        return nil
    }
}

func makeShell(store: InMemoryStore = InMemoryStore(), config: String = "", unicode: Bool = true, monochrome: Bool = false,
               catalog: ThemeCatalog? = nil, open: String? = nil, notices: [String] = []) -> Shell {
    Shell(store: store, config: ConfigFile(text: config), theme: .builtinDefault, themeName: "default", unicode: unicode,
          monochrome: monochrome, catalog: catalog, open: open, notices: notices, now: 0)
}

extension Shell {
    /// Presses keys in order; returns what the last one asked of the terminal.
    @discardableResult
    func press(_ keys: Key...) -> [ShellOutput] {
        var out: [ShellOutput] = []
        for k in keys { out = handle(k, now: 0) }
        return out
    }

    /// The screen at `size`, as the loop draws it: the shell hears of the size first.
    func screen(_ size: Size = standard) -> [String] { canvas(size).lines }
    func text(_ size: Size = standard) -> String { canvas(size).text }
    func canvas(_ size: Size = standard, now: Double = 0) -> Canvas {
        if self.size != size { resize(to: size, now: now) }
        return render(size: size, now: now)
    }
}

/// An app that does nothing: only its descriptor and options count (the command-line parser's tests).
protocol StandInApp: MiniApp { init() }
extension StandInApp {
    init(options: AppOptions, store: any StateReader, context: AppContext) { self.init() }
    func hints(context: AppContext) -> [KeyHint] { [] }
    func help(context: AppContext) -> [HelpSection] { [] }
    var minimumSize: Size { .zero }
    func handle(_ key: Key, context: AppContext) -> [AppEffect] { [] }
    func render(in rect: Rect, on canvas: inout Canvas, theme: Theme, context: AppContext) {}
}

/// A stand-in app with options of its own, for the command-line parser.
struct WatchApp: StandInApp {
    static let descriptor = AppDescriptor(id: "watcher", name: "Watcher", summary: "Follows another window", options: [
        OptionSpec("--watch", help: "follow the match played in another window"),
        OptionSpec("--format", value: "FORMAT", help: "21x3 or 15x3"),
    ])
    static func validate(_ options: AppOptions) -> String? {
        if let f = options.values["--format"], f != "21x3", f != "15x3" { return "--format must be 21x3 or 15x3" }
        return nil
    }
}

struct ReceiptApp: StandInApp {
    static let descriptor = AppDescriptor(id: "shop", name: "Shop", summary: "Sells coffee", options: [
        OptionSpec("--receipt", value: "ORDER", help: "print the receipt of ORDER and exit"),
    ])
}

var fakeApps: [any MiniApp.Type] { [WatchApp.self, ReceiptApp.self] }
