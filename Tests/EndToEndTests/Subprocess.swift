#if canImport(Glibc)
import Glibc
#endif
import Foundation
import TerminiStore

/// posix_spawn and waitpid, directly: Foundation's Process can wait forever for a child
/// that has already exited when called from a Swift Testing task.
enum Subprocess {
    static let spawnLock = NSLock()

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// Runs `argv` (looked up in PATH) with stdin from /dev/null. With `captureOutput` the
    /// child's stdout is returned (stderr goes to /dev/null); without, both go to /dev/null.
    static func run(_ argv: [String], captureOutput: Bool = true, stdin stdinPath: String = "/dev/null",
                    environment: [String: String]? = nil) throws -> (status: Int32, output: String) {
        var fds: [Int32] = [-1, -1]
        // Close-on-exec: a child spawned meanwhile by a parallel test (a tmux server lives long)
        // must not inherit the write end, or this read would never see end-of-file.
        // All spawns of this process are serialized while a pipe's write end is open here.
        spawnLock.lock()
        var locked = true
        defer { if locked { spawnLock.unlock() } }
        if captureOutput {
            guard pipe(&fds) == 0 else { throw Failure(description: "pipe failed") }
            _ = fcntl(fds[0], F_SETFD, FD_CLOEXEC)
            _ = fcntl(fds[1], F_SETFD, FD_CLOEXEC)
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, stdinPath, O_RDONLY, 0)
        if captureOutput {
            posix_spawn_file_actions_adddup2(&actions, fds[1], 1)
            posix_spawn_file_actions_addclose(&actions, fds[0])
            posix_spawn_file_actions_addclose(&actions, fds[1])
        } else {
            posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        }
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        var env = environment ?? currentEnvironment()
        env.removeValue(forKey: "TMUX")
        let cArgs = argv.map { strdup($0) } + [nil]
        let cEnv = env.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            cArgs.forEach { free($0) }
            cEnv.forEach { free($0) }
        }
        // The child starts with no signal blocked and default dispositions: the test runner's
        // threads may block signals, and a tmux server that inherits a blocked SIGTERM/SIGHUP/
        // SIGCHLD never exits on kill-server (leaving its panes, and termini, running).
        let attr = ChildStart()
        var pid: pid_t = 0
        let rc = posix_spawnp(&pid, argv[0], &actions, &attr.raw, cArgs, cEnv)
        if captureOutput { close(fds[1]) }
        spawnLock.unlock()
        locked = false
        guard rc == 0 else {
            if captureOutput { close(fds[0]) }
            throw Failure(description: "cannot run \(argv[0]): \(String(cString: strerror(rc)))")
        }
        var out: [UInt8] = []
        if captureOutput {
            var buf = [UInt8](repeating: 0, count: 65536)
            while true {
                let n = read(fds[0], &buf, buf.count)
                if n < 0 && errno == EINTR { continue }
                if n <= 0 { break }
                out.append(contentsOf: buf[0..<n])
            }
            close(fds[0])
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let code: Int32 = (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
        return (code, String(decoding: out, as: UTF8.self))
    }

    static func currentEnvironment() -> [String: String] {
        var env: [String: String] = [:]
        var p = environ
        while let entry = p.pointee {
            let s = String(cString: entry)
            if let eq = s.firstIndex(of: "=") { env[String(s[..<eq])] = String(s[s.index(after: eq)...]) }
            p += 1
        }
        return env
    }
}
