#if canImport(Glibc)
import Glibc
#endif
import TerminiCore

/// What a command writes to stdout and stderr. Names come from files, so every control
/// character or bidi override is shown as an escape. A write that fails is an error that
/// names its cause (a full disk, `> /dev/full`: exit 1); a reader that went away (`| head`)
/// ends the program quietly, as SIGPIPE would.
public enum Output {
    public enum Result: Equatable, Sendable {
        case written
        /// The reading end of the pipe is closed (EPIPE).
        case readerGone
        /// Any other failure, with its errno.
        case failed(Int32)
    }

    /// Writes `text` whole to `fd`, retrying what a signal interrupted.
    @discardableResult
    public static func emit(_ fd: Int32, _ text: String) -> Result {
        let bytes = Array(TextLayout.printable(text).utf8)
        var off = 0
        while off < bytes.count {
            let n = bytes.withUnsafeBytes { write(fd, $0.baseAddress! + off, $0.count - off) }
            if n < 0 {
                if errno == EINTR { continue }
                return errno == EPIPE ? .readerGone : .failed(errno)
            }
            if n == 0 { return .failed(EIO) }
            off += n
        }
        return .written
    }

    /// Writes to stdout, or ends the program: 128 + SIGPIPE without a word when the reader
    /// left, else the cause on stderr and exit 1. Returns true so it can feed a stream.
    @discardableResult
    public static func print(_ text: String) -> Bool {
        switch emit(1, text) {
        case .written: return true
        case .readerGone: exit(128 + SIGPIPE)
        case .failed(let e): fail(e)
        }
    }

    /// Says on stderr that the output could not be written, and why, and exits 1.
    public static func fail(_ e: Int32) -> Never {
        emit(2, "termini: cannot write the output: \(String(cString: strerror(e)))\n")
        exit(1)
    }

    /// Says `text` on stderr (a failure there has nobody left to tell).
    public static func say(_ text: String) { emit(2, text) }
}
