#if canImport(Glibc)
import Glibc
#endif
import TerminiCore

/// The secret part of a desk's client id, kept in its config directory (`hall-desk.session`,
/// mode 600): made once, at random, read at every start. The broker keeps the desk's
/// persistent session under it; a client that does not know it cannot take that session.
public enum DeskSession {
    public static let file = "hall-desk.session"

    public static func secret(directory: String) -> Result<String, HallError> {
        let path = directory + "/" + file
        if let text = read(path) {
            let id = text.filter { $0.isLetter || $0.isNumber }
            if id.count >= 24 { return .success(id) }
        }
        let id = HallInit.password(length: 32)
        unlink(path)
        if let e = HallInit.writeFile(path, id + "\n") { return .failure(e) }
        return .success(id)
    }

    static func read(_ path: String) -> String? {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var bytes = [UInt8](repeating: 0, count: 128)
        let n = bytes.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
        return n > 0 ? String(decoding: bytes[0..<n], as: UTF8.self) : nil
    }
}
