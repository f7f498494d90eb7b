#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// One thread that does a journal append's `fdatasync` while the main thread draws the
/// frame: the disk and the drawing wait for each other no longer, and the frame is still
/// sent only once the sync has answered (`wait`). One sync at a time: `start` is only called
/// when the last one was waited for.
///
/// The thread blocks every signal, so a signal meant for termini (SIGTERM, SIGWINCH, Ctrl-Z)
/// always reaches the main thread's signalfd, which restores the terminal.
final class BackgroundSync: @unchecked Sendable {
    /// The call the thread makes: the result and errno, read on the thread that made it.
    typealias Call = @Sendable (Int32) -> (result: Int32, error: Int32)

    private let call: Call
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let changed = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    // Guarded by `mutex`.
    private var request: Int32 = -1
    private var busy = false
    private var answer: (result: Int32, error: Int32) = (0, 0)
    private var started = false

    init(call: @escaping Call) {
        self.call = call
        pthread_mutex_init(mutex, nil)
        pthread_cond_init(changed, nil)
    }

    /// Whether a sync was started and not yet waited for.
    private(set) var outstanding = false

    /// Starts `fd`'s sync on the thread (made at the first use). False when no thread could
    /// be made: the caller syncs itself.
    func start(_ fd: Int32) -> Bool {
        precondition(!outstanding, "one sync at a time")
        if !started {
            guard spawn() else { return false }
            started = true
        }
        pthread_mutex_lock(mutex)
        request = fd
        busy = true
        pthread_cond_broadcast(changed)
        pthread_mutex_unlock(mutex)
        outstanding = true
        return true
    }

    /// Waits for the sync started last: its result and errno.
    func wait() -> (result: Int32, error: Int32) {
        precondition(outstanding, "nothing to wait for")
        pthread_mutex_lock(mutex)
        while busy { pthread_cond_wait(changed, mutex) }
        let a = answer
        pthread_mutex_unlock(mutex)
        outstanding = false
        return a
    }

    private func spawn() -> Bool {
        var thread = pthread_t()
        let me = Unmanaged.passRetained(self)
        let made = pthread_create(&thread, nil, { raw in
            guard let raw else { return nil }
            Unmanaged<BackgroundSync>.fromOpaque(raw).takeRetainedValue().serve()
        }, me.toOpaque())
        guard made == 0 else {
            me.release()
            return false
        }
        pthread_detach(thread)
        return true
    }

    /// The thread: every signal blocked, then one sync per request, for good.
    private func serve() -> Never {
        var all = sigset_t()
        sigfillset(&all)
        pthread_sigmask(SIG_BLOCK, &all, nil)
        while true {
            pthread_mutex_lock(mutex)
            while request < 0 { pthread_cond_wait(changed, mutex) }
            let fd = request
            request = -1
            pthread_mutex_unlock(mutex)
            let a = call(fd)
            pthread_mutex_lock(mutex)
            answer = a
            busy = false
            pthread_cond_broadcast(changed)
            pthread_mutex_unlock(mutex)
        }
    }
}
