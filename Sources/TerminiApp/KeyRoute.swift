import TerminiCore

/// Where a key goes while an app is on screen: the shell's own keys, or the app's. One rule,
/// used by the shell (`Shell.handleOne`) and by the fuzzers that drive apps as the shell does.
public enum KeyRoute: Sendable, Equatable {
    case shell
    case app

    /// The shell always keeps F1–F7 (help, the apps, settings), Ctrl-L (redraw), Ctrl-Z and
    /// Ctrl-C (signals: listed in the help, never an app's) and a resize; `?`, `q` and Esc
    /// too, unless the app wants every key (a dialog or a text field is open). The rest is
    /// the app's.
    public static func of(_ key: Key, appWantsAllKeys: Bool) -> KeyRoute {
        switch key {
        case .function(let n) where (1...7).contains(n): return .shell
        case .ctrl("l"), .ctrl("z"), .ctrl("c"), .resize: return .shell
        case .char("?"), .char("q"), .escape: return appWantsAllKeys ? .app : .shell
        default: return .app
        }
    }
}
