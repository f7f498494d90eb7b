#if canImport(Glibc)
import Glibc
#endif
import CNcurses
import CLinux

/// Every signal whose default action ends the process (SIGTERM, SIGHUP, SIGINT, SIGQUIT,
/// SIGUSR1, SIGUSR2, SIGALRM, SIGPIPE, SIGXCPU, SIGXFSZ, SIGVTALRM, SIGPROF, SIGIO, SIGPWR,
/// SIGSTKFLT, the real-time signals), and SIGWINCH, arrives as data on a signalfd instead of
/// running a handler or killing: the main loop sees it between frames and restores the
/// terminal before it leaves. (SIGKILL and SIGSTOP cannot be caught; the crashes are
/// `CrashGuard`'s.) Blocked, SIGPIPE and SIGXFSZ make the write fail instead (EPIPE, EFBIG),
/// which the store handles as any failed write. SIGCHLD too: a child that ended (the speech
/// of a call) wakes the loop, which reaps it. And SIGTSTP (Ctrl-Z) and SIGCONT: the loop lets
/// the app know it is out of view before the process stops, and repaints when it goes on.
final class SignalInbox {
    static var handled: [Int32] {
        [SIGTERM, SIGHUP, SIGINT, SIGWINCH, SIGQUIT, SIGCHLD, SIGTSTP, SIGCONT, SIGUSR1, SIGUSR2, SIGALRM, SIGPIPE, SIGXCPU, SIGXFSZ, SIGVTALRM,
         SIGPROF, SIGIO, SIGPWR, SIGSTKFLT] + Array(__libc_current_sigrtmin()...__libc_current_sigrtmax())
    }
    let fd: Int32

    static func blockTerminationSignals() {
        var set = sigset_t()
        sigemptyset(&set)
        for s in handled { sigaddset(&set, s) }
        pthread_sigmask(SIG_BLOCK, &set, nil)
    }

    /// For a command without a terminal: the signals act as for any program again.
    static func unblockTerminationSignals() {
        var set = sigset_t()
        sigemptyset(&set)
        for s in handled { sigaddset(&set, s) }
        pthread_sigmask(SIG_UNBLOCK, &set, nil)
    }

    init() {
        var set = sigset_t()
        sigemptyset(&set)
        for s in SignalInbox.handled { sigaddset(&set, s) }
        fd = signalfd(-1, &set, Int32(SFD_NONBLOCK | SFD_CLOEXEC))
    }

    deinit { if fd >= 0 { close(fd) } }

    /// The signals that came, in order. A SIGPIPE or SIGXFSZ the process raised itself is
    /// left out: a write to a socket whose other end went (the hall's broker, killed) fails
    /// with EPIPE, one that would pass the file-size limit (`ulimit -f`) with EFBIG, and its
    /// writer handles that (a save refused: not shown as done, the user told); only one sent
    /// by another process ends termini.
    func read() -> [Int32] {
        var out: [Int32] = []
        var info = signalfd_siginfo()
        let size = MemoryLayout<signalfd_siginfo>.size
        let me = UInt32(bitPattern: getpid())
        while Glibc.read(fd, &info, size) == size {
            if SignalInbox.raisedByAWrite.contains(Int32(info.ssi_signo)) && info.ssi_pid == me { continue }
            out.append(Int32(info.ssi_signo))
        }
        return out
    }

    /// The signals the kernel sends the writer whose write fails (and fails the write as well).
    static let raisedByAWrite: Set<Int32> = [SIGPIPE, SIGXFSZ]
}

/// On a crash (a Swift trap, a segmentation fault) the terminal is restored before the
/// process dies, so the user is never left with a screen that does not echo.
enum CrashGuard {
    /// sgr0 of the terminal, written before ncurses restores it (ncurses did not draw the
    /// screen, so it believes the attributes normal). Plain memory: a signal handler reads it.
    nonisolated(unsafe) private static let resetBytes = UnsafeMutablePointer<UInt8>.allocate(capacity: 64)
    nonisolated(unsafe) private static var resetCount = 0

    static func setResetAttributes(_ bytes: [UInt8]) {
        let n = min(bytes.count, 64)
        for i in 0..<n { resetBytes[i] = bytes[i] }
        resetCount = n
    }

    static func install() {
        for sig in [SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP, SIGSYS] {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { sig in
                if CrashGuard.resetCount > 0 { _ = write(1, CrashGuard.resetBytes, CrashGuard.resetCount) }
                endwin()
                signal(sig, SIG_DFL)
                raise(sig)
            }
            action.sa_flags = Int32(truncatingIfNeeded: SA_RESETHAND)
            sigemptyset(&action.sa_mask)
            sigaction(sig, &action, nil)
        }
    }
}
