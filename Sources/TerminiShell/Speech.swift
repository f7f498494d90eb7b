#if canImport(Glibc)
import Glibc
#endif
import CLinux
import TerminiCore
import TerminiStore

/// What carries out `AppEffect.speak`: says a text, cutting short what it was saying.
public protocol Speaker: AnyObject {
    /// Starts saying `text` (in espeak-ng's `voice`, nil: its default) and returns at once. A
    /// notice for the user the first time speech cannot work (the program is missing, or will
    /// not start); nil otherwise.
    func say(_ text: String, voice: String?) -> String?
    /// Whether a call said now could be heard (the program is there), as last looked at.
    var available: Bool { get }
    /// Collects a child that has finished, without waiting. Called at every turn of the loop.
    func reap()
}

/// Speaks with `espeak-ng` found on PATH, as a child process that never holds up a key: a
/// new call kills the one still speaking; the child reads and writes /dev/null (never the
/// terminal), runs in a process group of its own (Ctrl-C and Ctrl-Z at the terminal do not
/// reach it), starts with no signal blocked and every signal at its default (Termini blocks
/// its termination signals, and the child must die when told); it is reaped with
/// `waitpid(WNOHANG)` at each call and each turn of the loop. A missing program gives one
/// notice, and nothing else changes.
public final class SpeechRunner: Speaker {
    let program: String
    let searchPath: String
    /// The child speaking now.
    public private(set) var speaking: pid_t?
    /// Children told to stop and not yet reaped.
    var stopping: [pid_t] = []
    /// Whether the user has been told that speech cannot work.
    var told = false

    /// Whether the program was on the search path when last looked for (at the start and at
    /// each call said): what the screen shows of speech.
    public private(set) var available = false

    /// `searchPath` is PATH's value (by default this process's).
    public init(program: String = "espeak-ng", searchPath: String? = nil) {
        self.program = program
        self.searchPath = searchPath ?? getenv("PATH").map { String(cString: $0) } ?? "/usr/local/bin:/usr/bin:/bin"
        available = locate() != nil
    }

    /// The program's path: the first executable regular file of that name on the search path.
    func locate() -> String? {
        for dir in searchPath.split(separator: ":", omittingEmptySubsequences: false) {
            let path = (dir.isEmpty ? "." : String(dir)) + "/" + program
            var st = stat()
            if stat(path, &st) == 0, st.st_mode & S_IFMT == S_IFREG, access(path, X_OK) == 0 { return path }
        }
        return nil
    }

    public func say(_ text: String, voice: String? = nil) -> String? {
        stop()
        reap()
        let found = locate()
        available = found != nil
        guard let path = found else {
            // Short enough for an 80-column notice line, the way to install it included.
            return tell("No \(program) on PATH: calls not spoken (apt install \(program))")
        }
        // "--": a call that starts with a dash (a player's name) is text, not an option.
        let voiceArgs = voice.map { SpeechRunner.isVoiceName($0) ? ["-v", $0] : [] } ?? []
        let args = [program] + voiceArgs + ["--", TextLayout.sanitized(text)]
        var argv: [UnsafeMutablePointer<CChar>?] = args.map { strdup($0) } + [nil]
        defer { for a in argv { free(a) } }

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        // Nothing else of Termini's (its files, its locks) goes with it.
        posix_spawn_file_actions_addclosefrom_np(&actions, 3)

        let start = ChildStart(newGroup: true)

        var pid: pid_t = 0
        var result = posix_spawn(&pid, path, &actions, &start.raw, &argv, environ)
        // "Text file busy": the program is being written (an upgrade) or a descriptor to it
        // was being inherited by some child at that instant. Both pass; a few quick tries.
        for _ in 0..<4 where result == ETXTBSY {
            usleep(2_000)
            result = posix_spawn(&pid, path, &actions, &start.raw, &argv, environ)
        }
        guard result == 0 else {
            return tell("Could not start \(program): \(String(cString: strerror(result))); the calls are not spoken.")
        }
        speaking = pid
        return nil
    }

    /// Stops the child speaking, if any (its whole group: whatever it started too).
    public func stop() {
        guard let pid = speaking else { return }
        speaking = nil
        kill(-pid, SIGTERM)
        stopping.append(pid)
    }

    public func reap() {
        var status: Int32 = 0
        if let pid = speaking, waitpid(pid, &status, WNOHANG) != 0 { speaking = nil }
        stopping.removeAll { waitpid($0, &status, WNOHANG) != 0 }
    }

    /// A voice is a plain name (`de`, `en-gb`): letters, digits and `-`, never an option.
    static func isVoiceName(_ v: String) -> Bool {
        !v.isEmpty && v.count <= 16 && v.first != "-"
            && v.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || $0 == "-" }
    }

    /// The notice, once.
    func tell(_ text: String) -> String? {
        guard !told else { return nil }
        told = true
        return text
    }
}
