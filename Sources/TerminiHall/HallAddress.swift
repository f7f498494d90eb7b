#if canImport(Glibc)
import Glibc
#endif
import TerminiCore
import TerminiStore

/// Where a hall's broker is: `mqtts://HOST[:PORT][/HALL]` over TLS, or `mqtt://…` in clear
/// (`--hall URL`, or `hall = URL` in the config). HOST is a name, an IPv4 address or `[IPv6]`;
/// PORT defaults to 8883 for mqtts and 1883 for mqtt; HALL names the
/// hall, the first level below `termini/` of every topic (default `hall`), so one broker can
/// carry several halls. A user name or password in the URL is refused: a command line is
/// seen by every user of the machine (`ps`), so credentials come from a file
/// (`--hall-credentials FILE`, or `hall.credentials = FILE` in the config).
public struct HallAddress: Equatable, Sendable {
    public var host: String
    public var port: Int
    public var hall: String
    /// `mqtts://`: TLS, the broker's certificate and name checked.
    public var tls: Bool
    /// The CA file the broker's certificate is checked against (`--hall-ca`, `hall.ca`); nil:
    /// the system's CAs. Not part of the URL.
    public var caFile: String?

    public static let defaultPort = 1883
    public static let defaultTLSPort = 8883
    public static let defaultHall = "hall"

    public init(host: String, port: Int? = nil, hall: String = HallAddress.defaultHall, tls: Bool = false, caFile: String? = nil) {
        self.host = host
        self.port = port ?? (tls ? HallAddress.defaultTLSPort : HallAddress.defaultPort)
        self.hall = hall
        self.tls = tls
        self.caFile = caFile
    }

    /// The address written back: `mqtts://10.0.0.5:8883/hall`.
    public var url: String {
        (tls ? "mqtts://" : "mqtt://") + (host.contains(":") ? "[\(host)]" : host) + ":\(port)/\(hall)"
    }

    /// How the client checks the broker: nil in clear.
    public var clientTLS: MQTTClient.TLS? { tls ? MQTTClient.TLS(caFile: caFile) : nil }

    public static func parse(_ text: String) -> Result<HallAddress, HallError> {
        let shown = TextLayout.truncate(TextLayout.sanitized(text), to: 60)
        func fail(_ why: String) -> Result<HallAddress, HallError> { .failure(HallError("hall address '\(shown)': \(why)")) }
        guard text.utf8.count <= 300 else { return fail("too long") }
        let tls = text.lowercased().hasPrefix("mqtts://")
        guard tls || text.lowercased().hasPrefix("mqtt://") else {
            return fail("expected mqtts://HOST[:PORT] (e.g. mqtts://192.168.1.10), or mqtt:// for a broker without TLS")
        }
        var rest = Substring(text.dropFirst(tls ? 8 : 7))
        var hall = HallAddress.defaultHall
        if let slash = rest.firstIndex(of: "/") {
            let name = rest[rest.index(after: slash)...]
            rest = rest[..<slash]
            if !name.isEmpty {
                guard HallTopics.isValidName(String(name)) else {
                    return fail("the hall's name after '/' is 1 to 24 letters, digits and '-'")
                }
                hall = String(name)
            }
        }
        if rest.contains("@") {
            return fail("no user name or password in the address (ps shows it to everyone): put them in a file, --hall-credentials FILE")
        }
        if rest.contains("?") || rest.contains("#") { return fail("no query or fragment after the host") }
        var host: Substring
        var portText: Substring?
        if rest.hasPrefix("[") {
            guard let close = rest.firstIndex(of: "]") else { return fail("an IPv6 address ends with ']'") }
            host = rest[rest.index(after: rest.startIndex)..<close]
            let after = rest[rest.index(after: close)...]
            if !after.isEmpty {
                guard after.hasPrefix(":") else { return fail("expected ':PORT' after ']'") }
                portText = after.dropFirst()
            }
            guard !host.isEmpty, host.allSatisfy({ $0.isHexDigit || $0 == ":" || $0 == "." }) else { return fail("not an IPv6 address") }
        } else {
            if let colon = rest.firstIndex(of: ":") {
                host = rest[..<colon]
                portText = rest[rest.index(after: colon)...]
            } else {
                host = rest
            }
            guard isHostName(host) else { return fail("the host is a name or an address (letters, digits, '-', '.')") }
        }
        var port = tls ? HallAddress.defaultTLSPort : HallAddress.defaultPort
        if let p = portText {
            guard !p.isEmpty, p.count <= 5, p.allSatisfy({ $0.isASCII && $0.isNumber }), let n = Int(p), (1...65535).contains(n) else {
                return fail("the port is a number from 1 to 65535")
            }
            port = n
        }
        return .success(HallAddress(host: String(host), port: port, hall: hall, tls: tls))
    }

    static func isHostName(_ host: Substring) -> Bool {
        guard !host.isEmpty, host.utf8.count <= 253, host.first != "-", host.first != "." else { return false }
        return host.utf8.allSatisfy { ($0 >= 0x30 && $0 <= 0x39) || ($0 >= 0x41 && $0 <= 0x5a) || ($0 >= 0x61 && $0 <= 0x7a) || $0 == 0x2d || $0 == 0x2e }
    }

    /// The host as a numeric address, looked up once (before the screen starts): libmosquitto
    /// looks a name up at every attempt, which a dead name server could make block a key.
    /// Over TLS a name is kept: the broker's certificate is checked against it.
    public func resolved() -> Result<HallAddress, HallError> {
        if tls, HallAddress.isHostName(Substring(host)), !host.allSatisfy({ $0.isNumber || $0 == "." }) { return .success(self) }
        var hints = addrinfo()
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        hints.ai_family = AF_UNSPEC
        var list: UnsafeMutablePointer<addrinfo>?
        let rc = getaddrinfo(host, String(port), &hints, &list)
        guard rc == 0, let first = list else {
            return .failure(HallError("the hall's host '\(TextLayout.sanitized(host))' cannot be found: \(String(cString: gai_strerror(rc)))"))
        }
        defer { freeaddrinfo(list) }
        var buffer = [CChar](repeating: 0, count: Int(NI_MAXHOST))
        guard getnameinfo(first.pointee.ai_addr, first.pointee.ai_addrlen, &buffer, socklen_t(buffer.count), nil, 0, NI_NUMERICHOST) == 0 else {
            return .failure(HallError("the hall's host '\(TextLayout.sanitized(host))' has no usable address"))
        }
        var copy = self
        copy.host = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return .success(copy)
    }
}

/// A user name and password for the hall's broker, read from a file of `key = value` lines:
///
///     user = court-3
///     password = …
///
/// The file is the only place they live (never the command line, never the config's own
/// lines). A file others may read is used, with a warning to `chmod 600` it.
public struct HallCredentials: Equatable, Sendable {
    public var user: String
    public var password: String
    /// Said to the user (the file is readable by others).
    public var warnings: [String] = []

    public init(user: String, password: String) {
        self.user = user
        self.password = password
    }

    static let maxFileSize = 4096

    public static func read(_ path: String) -> Result<HallCredentials, HallError> {
        let shown = TextLayout.truncate(TextLayout.sanitized(path), to: 60)
        func fail(_ why: String) -> Result<HallCredentials, HallError> { .failure(HallError("hall credentials '\(shown)': \(why)")) }
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOFOLLOW)
        guard fd >= 0 else {
            let e = errno
            return fail(e == ELOOP ? "a symbolic link (name the file itself)" : String(cString: strerror(e)))
        }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return fail("not a regular file") }
        guard info.st_size <= maxFileSize else { return fail("larger than \(maxFileSize) bytes: not a credentials file") }
        var bytes = [UInt8](repeating: 0, count: maxFileSize + 1)
        var count = 0
        while count < bytes.count {
            let n = bytes.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress! + count, $0.count - count) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { break }
            count += n
        }
        guard count <= maxFileSize else { return fail("larger than \(maxFileSize) bytes: not a credentials file") }
        var parsed = parse(Array(bytes[0..<count]))
        if case .success(var c) = parsed, info.st_mode & 0o077 != 0 {
            c.warnings.append("hall credentials '\(shown)' can be read by other users (chmod 600 it)")
            parsed = .success(c)
        }
        return parsed.mapError { HallError("hall credentials '\(shown)': \($0.description)") }
    }

    public static func parse(_ bytes: [UInt8]) -> Result<HallCredentials, HallError> {
        guard let text = String(validating: bytes, as: UTF8.self) else { return .failure(HallError("not UTF-8 text")) }
        let file = ConfigFile(text: text)
        if let p = file.problems.first { return .failure(HallError("line \(p.line): expected 'user = NAME' or 'password = SECRET'")) }
        guard let user = file.value("user"), !user.isEmpty else { return .failure(HallError("no 'user = NAME' line")) }
        guard let password = file.value("password"), !password.isEmpty else { return .failure(HallError("no 'password = SECRET' line")) }
        guard user.utf8.count <= 64, TextLayout.sanitized(user) == user, !user.contains(" ") else {
            return .failure(HallError("the user name is up to 64 characters, no spaces or control characters"))
        }
        guard password.utf8.count <= 256, TextLayout.sanitized(password) == password else {
            return .failure(HallError("the password is up to 256 characters, no control characters"))
        }
        return .success(HallCredentials(user: user, password: password))
    }
}
