#if canImport(Glibc)
import Glibc
#endif
import Foundation

/// A listener on the Wi-Fi, as an attacker would put it: a TCP relay on a loopback port in
/// front of a broker, which passes every byte both ways and keeps a copy of them all. A
/// client told `127.0.0.1:port` instead of the broker's port connects through it.
public final class WireTap: @unchecked Sendable {
    public let port: Int
    private let listener: Int32
    private let target: Int
    private let seen = Locked<[UInt8]>([])
    private let stopped = Locked(false)
    private var threads: [Thread] = []

    public init(to target: Int) throws {
        self.target = target
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        // Port 0: the kernel picks a free port as it binds, so no other test can take it
        // between a look-up and the bind.
        var addr = WireTap.loopback(0)
        let bound = withUnsafePointer(to: &addr) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) } }
        guard bound == 0, listen(listener, 8) == 0 else { throw ChildFailure("wire tap: \(String(cString: strerror(errno)))") }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        guard withUnsafeMutablePointer(to: &addr, { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(listener, $0, &length) } }) == 0 else {
            throw ChildFailure("wire tap: \(String(cString: strerror(errno)))")
        }
        port = Int(UInt16(bigEndian: addr.sin_port))
        self.listener = listener
        let t = Thread { [weak self] in self?.accepting() }
        threads.append(t)
        t.start()
    }

    deinit {
        stopped.withLock { $0 = true }
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
    }

    /// Every byte that crossed, both ways, so far.
    public var bytes: [UInt8] { seen.withLock { $0 } }

    /// Whether `text` crossed in clear.
    public func saw(_ text: String) -> Bool {
        let needle = Array(text.utf8), hay = bytes
        guard !needle.isEmpty, hay.count >= needle.count else { return false }
        return (0...(hay.count - needle.count)).contains { i in hay[i..<(i + needle.count)].elementsEqual(needle) }
    }

    static func loopback(_ port: Int) -> sockaddr_in {
        var addr = sockaddr_in()
        addr.sin_family = sa_family_t(AF_INET)
        addr.sin_port = in_port_t(UInt16(port).bigEndian)
        inet_pton(AF_INET, "127.0.0.1", &addr.sin_addr)
        return addr
    }

    private func accepting() {
        while !stopped.withLock({ $0 }) {
            let client = accept(listener, nil, nil)
            guard client >= 0 else { return }
            let server = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            var addr = WireTap.loopback(target)
            let ok = withUnsafePointer(to: &addr) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(server, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) } }
            guard ok == 0 else { close(client); close(server); continue }
            for (from, to) in [(client, server), (server, client)] {
                Thread { [weak self] in self?.relay(from, to) }.start()
            }
        }
    }

    private func relay(_ from: Int32, _ to: Int32) {
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = buffer.withUnsafeMutableBytes { read(from, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { break }
            seen.withLock { $0 += buffer[0..<n] }
            var off = 0
            while off < n {
                let w = buffer.withUnsafeBytes { write(to, $0.baseAddress! + off, n - off) }
                guard w > 0 else { break }
                off += w
            }
        }
        shutdown(to, Int32(SHUT_WR))
    }
}
