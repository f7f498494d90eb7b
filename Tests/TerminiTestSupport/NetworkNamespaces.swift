#if canImport(Glibc)
import Glibc
#endif
import Foundation

/// Two hosts of their own on one machine: network namespaces `court` and `desk`, each with
/// only its loopback and one end of a veth pair (10.X.Y.1 in `court`, 10.X.Y.2 in `desk`).
/// Neither end is the root namespace, so there is no default route: a link cut fails fast
/// ("Network is unreachable") and no packet can leave the machine. `cut()` takes the court's
/// end down (the hall's Wi-Fi gone), `restore()` brings it back; letting go of the pair
/// deletes both namespaces (and with them the veth pair).
public final class NamespacePair: @unchecked Sendable {
    public let court: String
    public let desk: String
    public let courtAddress: String
    public let deskAddress: String
    let courtLink: String
    let deskLink: String

    nonisolated(unsafe) static var counter = 0
    static let lock = NSLock()

    /// Root, `ip`, and a kernel that makes namespaces.
    public static var available: Bool {
        guard getuid() == 0, Child.installed("ip") else { return false }
        let probe = "tprobe\(getpid())"
        guard (try? Child.run(["ip", "netns", "add", probe])) == 0 else { return false }
        _ = try? Child.run(["ip", "netns", "del", probe])
        return true
    }

    public init() throws {
        NamespacePair.lock.lock()
        NamespacePair.counter += 1
        let n = NamespacePair.counter
        NamespacePair.lock.unlock()
        let tag = "\(getpid() % 100_000)x\(n)"
        court = "tcourt\(tag)"
        desk = "tdesk\(tag)"
        // Interface names have at most 15 characters.
        courtLink = "vc\(tag)"
        deskLink = "vd\(tag)"
        let subnet = "10.\(200 + (Int(getpid()) % 50)).\(n % 250)"
        courtAddress = subnet + ".1"
        deskAddress = subnet + ".2"
        do {
            try ip(["netns", "add", court])
            try ip(["netns", "add", desk])
            try ip(["link", "add", courtLink, "type", "veth", "peer", "name", deskLink])
            try ip(["link", "set", courtLink, "netns", court])
            try ip(["link", "set", deskLink, "netns", desk])
            for (ns, link, address) in [(court, courtLink, courtAddress), (desk, deskLink, deskAddress)] {
                try ip(["-n", ns, "link", "set", "lo", "up"])
                try ip(["-n", ns, "addr", "add", address + "/24", "dev", link])
                try ip(["-n", ns, "link", "set", link, "up"])
            }
        } catch {
            remove()
            throw error
        }
    }

    deinit { remove() }

    func remove() {
        _ = try? Child.run(["ip", "netns", "del", court])
        _ = try? Child.run(["ip", "netns", "del", desk])
        // A veth pair whose first end never reached a namespace is in the root one.
        _ = try? Child.run(["ip", "link", "del", courtLink])
    }

    func ip(_ args: [String]) throws {
        let (status, text) = try Child.output(["ip"] + args)
        guard status == 0 else { throw ChildFailure("ip \(args.joined(separator: " ")): \(text)") }
    }

    /// The hall's Wi-Fi gone: the court's end of the link down.
    public func cut() throws { try ip(["-n", court, "link", "set", courtLink, "down"]) }

    /// The link back.
    public func restore() throws { try ip(["-n", court, "link", "set", courtLink, "up"]) }

    /// `argv` run inside namespace `ns`.
    public static func inside(_ ns: String, _ argv: [String]) -> [String] { ["ip", "netns", "exec", ns] + argv }
}
