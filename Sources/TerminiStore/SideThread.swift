#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A second thread that does one job while the calling thread does another (`overlap`):
/// the frame is drawn on it while the main thread waits for the disk to sync the journal's
/// new line. The main thread syncs itself, because the disk's answer is what the frame waits
/// for: handing the sync to a sleeping thread put that thread's wake-up in front of the
/// disk, and the hand-back behind it (`scripts/bench` measures the cost on this disk).
///
/// The thread blocks every signal, so a signal meant for termini (SIGTERM, SIGWINCH, Ctrl-Z)
/// always reaches the main thread's signalfd, which restores the terminal.
public final class SideThread: @unchecked Sendable {
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let changed = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    // Guarded by `mutex`.
    private var job: (() -> Void)?
    private var busy = false
    // The calling thread's own.
    private var state = Start.notYet
    private enum Start { case notYet, running, failed }

    public init() {
        pthread_mutex_init(mutex, nil)
        pthread_cond_init(changed, nil)
    }

    /// Runs `job` on the side thread and `here` on the calling thread at the same time, and
    /// returns `job`'s result once both are done. The two must not touch the same state.
    /// Without a thread (none could be made) `here` runs first, then `job`.
    public func overlap<T>(_ job: @escaping () -> T, with here: () -> Void) -> T {
        let result = Slot<T>()
        guard start({ result.value = job() }) else {
            here()
            return job()
        }
        here()
        wait()
        guard let value = result.value else { preconditionFailure("the side thread's job did not run") }
        return value
    }

    /// Where the side thread leaves the job's result (read after `wait`, under the lock's
    /// ordering).
    private final class Slot<T> { var value: T? }

    private func start(_ work: @escaping () -> Void) -> Bool {
        precondition(!busy, "one job at a time")
        if state == .notYet { state = spawn() ? .running : .failed }
        guard state == .running else { return false }
        pthread_mutex_lock(mutex)
        job = work
        busy = true
        pthread_cond_broadcast(changed)
        pthread_mutex_unlock(mutex)
        return true
    }

    private func wait() {
        pthread_mutex_lock(mutex)
        while busy { pthread_cond_wait(changed, mutex) }
        pthread_mutex_unlock(mutex)
    }

    private func spawn() -> Bool {
        var thread = pthread_t()
        let me = Unmanaged.passRetained(self)
        let made = pthread_create(&thread, nil, { raw in
            guard let raw else { return nil }
            Unmanaged<SideThread>.fromOpaque(raw).takeRetainedValue().serve()
        }, me.toOpaque())
        guard made == 0 else {
            me.release()
            return false
        }
        pthread_detach(thread)
        return true
    }

    /// The thread: every signal blocked, then one job per request, for good.
    private func serve() -> Never {
        var all = sigset_t()
        sigfillset(&all)
        pthread_sigmask(SIG_BLOCK, &all, nil)
        while true {
            pthread_mutex_lock(mutex)
            while job == nil { pthread_cond_wait(changed, mutex) }
            var work = job
            job = nil
            pthread_mutex_unlock(mutex)
            work?()
            // Let go of what the job holds before the caller goes on (what it lent, it owns again).
            work = nil
            pthread_mutex_lock(mutex)
            busy = false
            pthread_cond_broadcast(changed)
            pthread_mutex_unlock(mutex)
        }
    }
}
