#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// How every child process starts, Termini's (the speech program, `mosquitto_passwd`) and
/// its tests' (tmux, termini itself, a broker): no signal blocked and every signal at its
/// default disposition, whatever the parent blocks or ignores — a threaded test runner
/// blocks signals, and a tmux server that inherits a blocked SIGTERM or SIGCHLD never exits
/// on kill-server. `newGroup`: in a process group of its own (stopped as one). Pass
/// `&attributes.raw` to `posix_spawn`.
public final class ChildStart {
    public var raw = posix_spawnattr_t()

    public init(newGroup: Bool = false) {
        posix_spawnattr_init(&raw)
        var none = sigset_t(), all = sigset_t()
        sigemptyset(&none)
        sigfillset(&all)
        posix_spawnattr_setsigmask(&raw, &none)
        posix_spawnattr_setsigdefault(&raw, &all)
        var flags = POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF
        if newGroup {
            posix_spawnattr_setpgroup(&raw, 0)
            flags |= POSIX_SPAWN_SETPGROUP
        }
        posix_spawnattr_setflags(&raw, Int16(flags))
    }

    deinit { posix_spawnattr_destroy(&raw) }
}
