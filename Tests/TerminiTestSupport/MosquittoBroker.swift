#if canImport(Glibc)
import Glibc
#endif
import Foundation
import TerminiStore

/// Child processes for the hall's tests: started with posix_spawn (no signal blocked, default
/// dispositions), their output to a file, waited for by pid.
public enum Child {
    /// Starts `argv` (looked up in PATH), stdin from /dev/null, stdout and stderr to `log`.
    public static func start(_ argv: [String], log: String = "/dev/null") throws -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, log, O_WRONLY | O_CREAT | O_APPEND, 0o644)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        let attr = ChildStart()
        let cArgs = argv.map { strdup($0) } + [nil]
        defer { cArgs.forEach { free($0) } }
        var pid: pid_t = 0
        let rc = posix_spawnp(&pid, argv[0], &actions, &attr.raw, cArgs, environ)
        guard rc == 0 else { throw ChildFailure("cannot run \(argv[0]): \(String(cString: strerror(rc)))") }
        return pid
    }

    /// Runs `argv` to its end; its exit status (128 + N for a signal).
    @discardableResult
    public static func run(_ argv: [String], log: String = "/dev/null") throws -> Int32 {
        wait(try start(argv, log: log))
    }

    /// Runs `argv` and returns what it printed (stdout and stderr) and its status.
    public static func output(_ argv: [String]) throws -> (status: Int32, text: String) {
        let file = NSTemporaryDirectory() + "termini-child-\(getpid())-\(UUID().uuidString.prefix(8))"
        defer { unlink(file) }
        let status = try run(argv, log: file)
        return (status, (try? String(contentsOfFile: file, encoding: .utf8)) ?? "")
    }

    public static func wait(_ pid: pid_t) -> Int32 {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        return (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
    }

    /// Whether an executable is installed in one of the usual places.
    public static func installed(_ name: String) -> Bool {
        ["/usr/sbin/", "/usr/bin/", "/sbin/", "/bin/", "/usr/local/bin/", "/usr/local/sbin/"].contains {
            FileManager.default.isExecutableFile(atPath: $0 + name)
        }
    }
}

public struct ChildFailure: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}

/// A real Mosquitto broker for one test: its own directory (config, log, persistence), a free
/// port on `address` (loopback unless a namespace's), started at once and stopped (SIGTERM,
/// waited for) when the test lets go of it. `namespace` runs it inside `ip netns exec`.
public final class MosquittoBroker: @unchecked Sendable {
    public let directory: String
    public let address: String
    public let port: Int
    public let namespace: String?
    public let persistence: Bool
    public private(set) var pid: pid_t = 0
    private let extraConfig: [String]

    public static var available: Bool { Child.installed("mosquitto") }

    /// A config of the test's own with a certificate (`certfile`, as `hall init` writes): its
    /// listener takes TLS only.
    public var tls: Bool { extraConfig.contains { $0.hasPrefix("certfile ") } }
    public var url: String { "\(tls ? "mqtts" : "mqtt")://\(address):\(port)" }
    public var log: String { directory + "/mosquitto.log" }

    public init(address: String = "127.0.0.1", port: Int? = nil, namespace: String? = nil, persistence: Bool = false,
                config: [String] = []) throws {
        directory = NSTemporaryDirectory() + "termini-broker-\(getpid())-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        self.address = address
        self.namespace = namespace
        self.persistence = persistence
        extraConfig = config
        self.port = try port ?? MosquittoBroker.freePort(address: namespace == nil ? address : "127.0.0.1")
        try start()
    }

    deinit {
        stop()
        try? FileManager.default.removeItem(atPath: directory)
    }

    /// The config: this test's listener, anonymous access unless the test's own lines say
    /// otherwise, persistence in the broker's directory, and the user it runs as kept (as root,
    /// mosquitto 2 would otherwise drop to `mosquitto`, who may not write here).
    var configText: String {
        let user = getpwuid(getuid()).map { String(cString: $0.pointee.pw_name) } ?? "root"
        var lines = ["listener \(port) \(address)", "user \(user)", "log_dest file \(log)",
                     "log_type error", "log_type warning", "log_type notice", "log_type information", "connection_messages true"]
        if !extraConfig.contains(where: { $0.hasPrefix("allow_anonymous") }) { lines.append("allow_anonymous true") }
        if persistence {
            lines += ["persistence true", "persistence_location \(directory)/", "autosave_interval 1"]
        }
        return (lines + extraConfig).joined(separator: "\n") + "\n"
    }

    /// Starts the broker (again, after `stop` or `kill`) and waits until it listens.
    public func start() throws {
        let config = directory + "/mosquitto.conf"
        try configText.write(toFile: config, atomically: true, encoding: .utf8)
        let before = (try? String(contentsOfFile: log, encoding: .utf8))?.count ?? 0
        pid = try Child.start((namespace.map { ["ip", "netns", "exec", $0] } ?? []) + ["mosquitto", "-c", config], log: directory + "/stdout.log")
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline {
            let text = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
            if text.count > before, text.dropFirst(before).contains(" running") { return }
            var status: Int32 = 0
            if waitpid(pid, &status, WNOHANG) == pid {
                pid = 0
                throw ChildFailure("mosquitto exited at start: \(text.suffix(400)) \((try? String(contentsOfFile: directory + "/stdout.log", encoding: .utf8)) ?? "")")
            }
            usleep(20_000)
        }
        throw ChildFailure("mosquitto did not start within 10 s")
    }

    /// SIGTERM, waited for: the broker saves its persistence and says goodbye.
    public func stop() {
        guard pid > 0 else { return }
        kill(pid, SIGTERM)
        _ = Child.wait(pid)
        pid = 0
    }

    /// SIGKILL: the broker dies as a power cut would take it.
    public func kill9() {
        guard pid > 0 else { return }
        kill(pid, SIGKILL)
        _ = Child.wait(pid)
        pid = 0
    }

    /// A port nobody listens on at the moment (the kernel's pick).
    public static func freePort(address: String = "127.0.0.1") throws -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw ChildFailure("socket: \(String(cString: strerror(errno)))") }
        defer { close(fd) }
        var addr = sockaddr_in()
        addr.sin_family = sa_family_t(AF_INET)
        addr.sin_port = 0
        inet_pton(AF_INET, address, &addr.sin_addr)
        let bound = withUnsafePointer(to: &addr) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) } }
        guard bound == 0 else { throw ChildFailure("bind: \(String(cString: strerror(errno)))") }
        var len = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &addr) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &len) } }
        return Int(UInt16(bigEndian: addr.sin_port))
    }
}
