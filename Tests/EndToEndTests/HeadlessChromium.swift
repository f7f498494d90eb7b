#if canImport(Glibc)
import Glibc
#endif
import Foundation
import TerminiStore

/// Headless Chromium driven over its DevTools protocol on a pipe (`--remote-debugging-pipe`:
/// JSON messages ended by a NUL byte, read from descriptor 3 and written to 4), so a test
/// reads a page as it lives: the same page, its script running, between two questions. One
/// tab, attached with a session; as root Chromium runs only without its sandbox.
final class HeadlessChromium {
    static let path: String? = ["chromium", "chromium-browser", "google-chrome"].lazy
        .flatMap { name in ["/usr/bin/", "/usr/local/bin/", "/bin/"].map { $0 + name } }
        .first { FileManager.default.isExecutableFile(atPath: $0) }

    struct Failure: Error, CustomStringConvertible { let description: String }

    let pid: pid_t
    private let toBrowser: Int32
    private let fromBrowser: Int32
    private var buffer: [UInt8] = []
    private var nextID = 1
    private var session: String?
    let profile: TempDir
    /// Dialogs the page opened (an `alert` would be one): none is expected.
    private(set) var dialogs: [String] = []

    init(width: Int, height: Int) throws {
        guard let chromium = HeadlessChromium.path else { throw Failure(description: "no chromium") }
        profile = TempDir("termini-chromium")
        var input: [Int32] = [0, 0], output: [Int32] = [0, 0]
        guard pipe(&input) == 0, pipe(&output) == 0 else { throw Failure(description: "no pipe") }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, profile.file("chromium.log"), O_WRONLY | O_CREAT | O_APPEND, 0o644)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        posix_spawn_file_actions_adddup2(&actions, input[0], 3)
        posix_spawn_file_actions_adddup2(&actions, output[1], 4)
        let args = [chromium, "--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run",
                    "--no-default-browser-check", "--disable-extensions", "--hide-scrollbars", "--mute-audio",
                    "--remote-debugging-pipe", "--user-data-dir=" + profile.path, "--window-size=\(width),\(height)", "about:blank"]
        let cArgs = args.map { strdup($0) } + [nil]
        defer { cArgs.forEach { free($0) } }
        let attr = ChildStart()
        var pid: pid_t = 0
        let rc = posix_spawn(&pid, chromium, &actions, &attr.raw, cArgs, environ)
        close(input[0])
        close(output[1])
        guard rc == 0 else {
            close(input[1])
            close(output[0])
            throw Failure(description: "cannot run \(chromium): \(String(cString: strerror(rc)))")
        }
        self.pid = pid
        toBrowser = input[1]
        fromBrowser = output[0]
        _ = fcntl(toBrowser, F_SETFD, FD_CLOEXEC)
        _ = fcntl(fromBrowser, F_SETFD, FD_CLOEXEC)
        let target = try call("Target.createTarget", ["url": "about:blank"], inSession: false)
        guard let id = target["targetId"] as? String else { throw Failure(description: "no target: \(target)") }
        let attached = try call("Target.attachToTarget", ["targetId": id, "flatten": true], inSession: false)
        session = attached["sessionId"] as? String
        _ = try call("Page.enable")
        _ = try call("Runtime.enable")
        try viewport(width: width, height: height)
    }

    deinit {
        close(toBrowser)
        close(fromBrowser)
        kill(pid, SIGTERM)
        var status: Int32 = 0
        for _ in 0..<100 {
            if waitpid(pid, &status, WNOHANG) == pid { return }
            usleep(20_000)
        }
        kill(pid, SIGKILL)
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    }

    /// The browser's log, for a failure's message.
    var log: String { String((try? String(contentsOfFile: profile.file("chromium.log"), encoding: .utf8))?.suffix(1500) ?? "") }

    /// Sends a command and waits for its answer (events meanwhile are read and noted).
    @discardableResult
    func call(_ method: String, _ params: [String: Any] = [:], inSession: Bool = true, timeout: Double = 20) throws -> [String: Any] {
        let id = nextID
        nextID += 1
        var message: [String: Any] = ["id": id, "method": method, "params": params]
        if inSession, let session { message["sessionId"] = session }
        var bytes = [UInt8](try JSONSerialization.data(withJSONObject: message))
        bytes.append(0)
        var off = 0
        while off < bytes.count {
            let n = bytes.withUnsafeBytes { write(toBrowser, $0.baseAddress! + off, $0.count - off) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { throw Failure(description: "chromium's pipe closed: \(log)") }
            off += n
        }
        let end = Date().addingTimeInterval(timeout)
        while Date() < end {
            while let zero = buffer.firstIndex(of: 0) {
                let data = Data(buffer[..<zero])
                buffer.removeSubrange(...zero)
                guard let m = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] else { continue }
                if m["method"] as? String == "Page.javascriptDialogOpening" {
                    dialogs.append(((m["params"] as? [String: Any])?["message"] as? String) ?? "")
                }
                guard m["id"] as? Int == id else { continue }
                if let e = m["error"] { throw Failure(description: "\(method): \(e)") }
                return m["result"] as? [String: Any] ?? [:]
            }
            var fd = pollfd(fd: fromBrowser, events: Int16(POLLIN), revents: 0)
            _ = poll(&fd, 1, 100)
            guard fd.revents != 0 else { continue }
            var chunk = [UInt8](repeating: 0, count: 65536)
            let n = read(fromBrowser, &chunk, chunk.count)
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { throw Failure(description: "chromium's pipe closed: \(log)") }
            buffer += chunk[..<n]
        }
        throw Failure(description: "\(method): no answer within \(timeout) s")
    }

    /// The page's size in CSS pixels (a phone is also a touch screen, as a phone's browser says).
    func viewport(width: Int, height: Int, mobile: Bool = false) throws {
        try call("Emulation.setDeviceMetricsOverride", ["width": width, "height": height, "deviceScaleFactor": 1, "mobile": mobile])
    }

    func open(_ url: String) throws {
        try call("Page.navigate", ["url": url])
    }

    /// A script's value (awaited when it is a promise).
    func evaluate(_ script: String) throws -> Any? {
        let r = try call("Runtime.evaluate", ["expression": script, "returnByValue": true, "awaitPromise": true])
        if let e = r["exceptionDetails"] { throw Failure(description: "script failed: \(e)") }
        return (r["result"] as? [String: Any])?["value"]
    }

    /// A script's value as text for a failure's message (the error's text if it fails).
    func peek(_ script: String) -> String {
        do { return "\(try evaluate(script) ?? "nil")" } catch { return "\(error)" }
    }

    func string(_ script: String) throws -> String { (try evaluate(script) as? String) ?? "" }
    func number(_ script: String) throws -> Double { (try evaluate(script) as? NSNumber)?.doubleValue ?? .nan }

    /// Waits until `script` is true in the page; how long that took, nil if it never was.
    func wait(for script: String, timeout: Double = 10) throws -> Double? {
        let start = Date()
        while Date().timeIntervalSince(start) < timeout {
            if try evaluate("Boolean(\(script))") as? Bool == true { return Date().timeIntervalSince(start) }
            usleep(20_000)
        }
        return nil
    }

    /// The whole page as PNG (the viewport made as tall as the page first), written to `path`.
    func screenshot(_ path: String, width: Int) throws {
        let height = Int(try number("Math.ceil(document.documentElement.scrollHeight)"))
        try viewport(width: width, height: max(100, height))
        let shot = try call("Page.captureScreenshot", ["format": "png"])
        guard let b64 = shot["data"] as? String, let data = Data(base64Encoded: b64) else { throw Failure(description: "no screenshot") }
        try data.write(to: URL(fileURLWithPath: path))
    }
}
