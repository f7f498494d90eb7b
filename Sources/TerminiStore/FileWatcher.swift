#if canImport(Glibc)
import Glibc
#endif

/// Tells when files in a directory change (inotify), so a `--watch` view follows another
/// process at once and sleeps, using no CPU, while nothing changes.
public final class FileWatcher {
    public let fileDescriptor: Int32
    private var watch: Int32 = -1

    public init?(directory: String) {
        #if os(Linux)
        let fd = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard fd >= 0 else { return nil }
        let mask = UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_CREATE | IN_MODIFY | IN_DELETE)
        let w = inotify_add_watch(fd, directory, mask)
        guard w >= 0 else {
            close(fd)
            return nil
        }
        fileDescriptor = fd
        watch = w
        #else
        return nil
        #endif
    }

    deinit { close(fileDescriptor) }

    /// Names of the files that changed since the last call (drains the queue).
    public func changedFiles() -> Set<String> {
        var names: Set<String> = []
        #if os(Linux)
        var buffer = [UInt8](repeating: 0, count: 8192)
        while true {
            let n = buffer.withUnsafeMutableBytes { read(fileDescriptor, $0.baseAddress, 8192) }
            if n <= 0 { break }
            var offset = 0
            buffer.withUnsafeBytes { raw in
                while offset + MemoryLayout<inotify_event>.size <= n {
                    let base = raw.baseAddress! + offset
                    let len = Int(base.loadUnaligned(fromByteOffset: 12, as: UInt32.self))
                    if len > 0 {
                        let namePtr = (base + MemoryLayout<inotify_event>.size).assumingMemoryBound(to: CChar.self)
                        names.insert(String(cString: namePtr))
                    }
                    offset += MemoryLayout<inotify_event>.size + len
                }
            }
        }
        #endif
        return names
    }
}
