#if canImport(Glibc)
import Glibc
#endif
import TerminiCore
import TerminiApp
import TerminiHall

/// The names of `termini hall`'s options, in the order of its table (`HallCommand.descriptor`).
enum HallOption: String, OptionName {
    case courts = "--courts", host = "--host", port = "--port", name = "--name"
}

/// What the command line asked of `termini hall init`, read once; values as typed.
struct HallCommandOptions: Equatable, Sendable {
    var courts: String?, host: String?, port: String?, name: String?

    init(courts: String? = nil, host: String? = nil, port: String? = nil, name: String? = nil) {
        (self.courts, self.host, self.port, self.name) = (courts, host, port, name)
    }

    init(_ options: AppOptions) {
        courts = options.value(HallOption.courts)
        host = options.value(HallOption.host)
        port = options.value(HallOption.port)
        name = options.value(HallOption.name)
    }
}

/// `termini hall init DIR --courts N`: a hall's broker set up by a club volunteer — the
/// Mosquitto config, the password file, the ACL and a credentials file per court, the desk
/// and the displays (`HallInit`), then the command that starts the broker and the lines each
/// court adds to its config, printed.
public enum HallCommand {
    public static let descriptor = AppDescriptor(
        id: "hall", name: "Hall",
        summary: "init DIR --courts N: a hall's broker, TLS, passwords and ACL",
        options: [
            OptionSpec(HallOption.courts, value: "N", help: "with init: the number of courts, 1 to 99 (named 1 to N)"),
            OptionSpec(HallOption.host, value: "HOST", help: "with init: the address the courts reach the broker at, written in its TLS certificate; an address is the only one it listens on (default: this machine's name)"),
            OptionSpec(HallOption.port, value: "PORT", help: "with init: the broker's TLS port (default 8883)"),
            OptionSpec(HallOption.name, value: "HALL", help: "with init: the hall's name in its topics (default hall), for several halls on one broker"),
        ],
        words: ["init"])

    static let usage = "termini hall init DIR --courts N [--host HOST] [--port PORT] [--name HALL]"

    /// Why a hall command line cannot be run; nil when it can.
    public static func validate(_ options: AppOptions, _ operands: [String]) -> String? {
        guard operands.first == "init", operands.count >= 2 else { return "termini hall needs: \(usage)" }
        if operands.count > 2 { return "unexpected argument '\(CommandLineParser.clean(operands[2]))' (termini hall init DIR)" }
        if let why = HallInit.directoryProblem(operands[1]) { return why }
        let o = HallCommandOptions(options)
        guard let c = o.courts else { return "termini hall init needs --courts N (1 to \(HallInit.maxCourts))" }
        guard let n = Int(c), (1...HallInit.maxCourts).contains(n) else {
            return "--courts takes a number of courts from 1 to \(HallInit.maxCourts), not '\(CommandLineParser.clean(c))'"
        }
        if let p = o.port, Int(p).map({ !(1...65535).contains($0) }) ?? true {
            return "--port takes a port from 1 to 65535, not '\(CommandLineParser.clean(p))'"
        }
        if let h = o.name, !HallTopics.isValidName(h) {
            return "--name: the hall's name is 1 to 24 letters, digits and '-', not '\(CommandLineParser.clean(h))'"
        }
        if let h = o.host, h.contains("/") || h.contains("@") || h.contains("?") || h.contains("#") || !HallCommand.parses("mqtt://" + (h.contains(":") ? "[\(h)]" : h)) {
            return "--host: a name or an address (letters, digits, '-', '.'), not '\(CommandLineParser.clean(h))'"
        }
        return nil
    }

    /// Writes the hall's files and says what to do next; status 1 when they cannot be written.
    public static func run(_ options: AppOptions, _ operands: [String]) -> CommandOutput {
        let o = HallCommandOptions(options)
        // An absolute directory: the broker's config names its files by it, wherever it is started.
        var dir = operands[1]
        if !dir.hasPrefix("/") {
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            if getcwd(&buffer, buffer.count) != nil {
                let cwd = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
                dir = (cwd == "/" ? "" : cwd) + "/" + dir
            }
        }
        let h = HallInit(directory: dir, courts: o.courts.flatMap(Int.init) ?? 1, port: o.port.flatMap(Int.init) ?? HallAddress.defaultTLSPort,
                         host: o.host ?? hostName(), hall: o.name ?? HallAddress.defaultHall)
        switch h.write(passwd: HallInit.hashPasswords) {
        case .success: return CommandOutput(stdout: h.instructions)
        case .failure(let e): return CommandOutput(stderr: "termini: hall init: \(TextLayout.printable(e.description))\n", status: 1)
        }
    }

    static func parses(_ url: String) -> Bool {
        if case .success = HallAddress.parse(url) { return true }
        return false
    }

    static func hostName() -> String {
        var name = [CChar](repeating: 0, count: 256)
        guard gethostname(&name, name.count) == 0 else { return "localhost" }
        let s = String(decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return s.isEmpty ? "localhost" : s
    }
}
