#if canImport(Glibc)
import Glibc
#endif
import TerminiCore
import TerminiStore

/// `termini hall init DIR --courts N`: everything a broker for one hall needs, in DIR, for a
/// club volunteer to start with one command:
///
///     DIR/mosquitto.conf          the broker's config: the listener, no anonymous access,
///                                 the password file and the ACL, persistence in DIR/data
///     DIR/passwd                  one user per court, the desk and the displays (hashed by
///                                 mosquitto_passwd)
///     DIR/acl                     each court writes only its own topics, the desk only its
///                                 acknowledgements and calls, a display reads only
///     DIR/credentials/NAME.credentials   one file per user (`user =`, `password =`), mode 600,
///                                 for the laptop of that court, the desk, the TVs
///
/// Courts are named 1 to N (`--court 3`), users `court-1` … `court-N`, `desk`, `display`.
public struct HallInit: Equatable, Sendable {
    public var directory: String
    public var courts: Int
    public var port: Int
    /// The address the courts reach the broker at (this machine's name by default).
    public var host: String
    public var hall: String

    public static let maxCourts = 99

    public init(directory: String, courts: Int, port: Int = HallAddress.defaultPort, host: String, hall: String = HallAddress.defaultHall) {
        self.directory = directory
        self.courts = courts
        self.port = port
        self.host = host
        self.hall = hall
    }

    public var address: HallAddress { HallAddress(host: host, port: port, hall: hall) }
    public var courtNames: [String] { (1...max(1, courts)).map(String.init) }
    public var users: [String] { courtNames.map { "court-\($0)" } + ["desk", "display"] }

    public func credentialsPath(_ user: String) -> String { directory + "/credentials/\(user).credentials" }

    /// The broker's config. It runs as the user who starts it (mosquitto 2, started as root,
    /// would otherwise change to the `mosquitto` user, who may not write DIR/data).
    public func config(user: String) -> String {
        """
        # Mosquitto for the Termini hall '\(hall)', written by `termini hall init`.
        # Start it with: mosquitto -c \(directory)/mosquitto.conf
        # Every interface on port \(port) (mosquitto 2 listens on loopback only unless told).
        listener \(port)
        allow_anonymous false
        password_file \(directory)/passwd
        acl_file \(directory)/acl
        # What the broker holds (retained states, the desk's session) survives a restart.
        persistence true
        persistence_location \(directory)/data/
        autosave_interval 5
        user \(user)
        log_type error
        log_type warning
        log_type notice
        connection_messages true

        """
    }

    public var acl: String {
        let root = HallTopics(hall: hall).root
        var s = """
        # Who may read and write what in the Termini hall '\(hall)' (`termini hall init`).
        # No anonymous user gets anything (allow_anonymous false in mosquitto.conf).

        # The desk: reads every court, writes only its acknowledgements and its calls.
        user desk
        topic read \(root)/court/#
        topic readwrite \(root)/desk/#

        # Displays (hall TVs, spectators): read only; they can change no score.
        user display
        topic read \(root)/court/#
        topic read \(root)/desk/#

        """
        for c in courtNames {
            s += """

            # Court \(c): its own topics only, and what the desk says to it.
            user court-\(c)
            topic readwrite \(root)/court/\(c)/#
            topic read \(root)/desk/ack/\(c)
            topic read \(root)/desk/call/\(c)

            """
        }
        return s
    }

    /// What to tell the volunteer once the files are written.
    public var instructions: String {
        let url = address.url
        var s = """
        Hall '\(hall)' for \(courts) court\(courts == 1 ? "" : "s") written to \(directory).

        1. Start the broker (on this machine, \(host)):

               mosquitto -c \(directory)/mosquitto.conf

        2. On each court's laptop, copy its credentials file there and add to its config
           (~/.config/termini/config), then run termini badminton --court N:

        """
        for c in courtNames {
            s += "       court \(c):  hall = \(url)\n"
            s += "                 hall.credentials = \(credentialsPath("court-\(c)"))\n"
        }
        s += """

        3. At the desk:

               termini badminton --hall \(url) --hall-credentials \(credentialsPath("desk")) --watch --all

        Hall TVs: termini badminton --hall \(url) --hall-credentials \(credentialsPath("display")) --watch --court N --display

        """
        return s
    }

    /// A password: 20 letters and digits from the kernel's random source.
    static func password() -> String {
        let alphabet = Array("abcdefghijkmnpqrstuvwxyzACDEFGHJKLMNPQRTUVWXY23456789".utf8)
        var bytes = [UInt8](repeating: 0, count: 20)
        let fd = open("/dev/urandom", O_RDONLY | O_CLOEXEC)
        let n = bytes.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
        close(fd)
        precondition(n == bytes.count, "/dev/urandom")
        return String(decoding: bytes.map { alphabet[Int($0) % alphabet.count] }, as: UTF8.self)
    }

    /// Writes every file; refuses a directory that already holds a hall (its passwords would
    /// be lost). `passwd` is the tool that hashes the password file (`mosquitto_passwd -U`).
    public func write(passwd: (String) -> String?) -> Result<Void, HallError> {
        guard courts >= 1, courts <= HallInit.maxCourts else { return .failure(HallError("--courts takes 1 to \(HallInit.maxCourts)")) }
        for dir in [directory, directory + "/credentials", directory + "/data"] {
            if mkdir(dir, 0o700) != 0 && errno != EEXIST { return .failure(HallError("cannot make \(dir): \(String(cString: strerror(errno)))")) }
        }
        if access(directory + "/mosquitto.conf", F_OK) == 0 || access(directory + "/passwd", F_OK) == 0 {
            return .failure(HallError("\(directory) already holds a hall (mosquitto.conf, passwd): choose another directory or remove them"))
        }
        let user = getpwuid(getuid()).map { String(cString: $0.pointee.pw_name) } ?? "root"
        var plain = ""
        for u in users {
            let pw = HallInit.password()
            plain += "\(u):\(pw)\n"
            if let e = HallInit.writeFile(credentialsPath(u), "# Termini hall '\(hall)': \(u)\nuser = \(u)\npassword = \(pw)\n") { return .failure(e) }
        }
        for (name, text) in [("passwd", plain), ("acl", acl), ("mosquitto.conf", config(user: user))] {
            if let e = HallInit.writeFile(directory + "/" + name, text) { return .failure(e) }
        }
        if let problem = passwd(directory + "/passwd") {
            unlink(directory + "/passwd")
            unlink(directory + "/mosquitto.conf")
            return .failure(HallError("the password file could not be hashed: \(problem)"))
        }
        return .success(())
    }

    /// A new file of mode 600, written whole and synced.
    static func writeFile(_ path: String, _ text: String) -> HallError? {
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard fd >= 0 else { return HallError("cannot write \(path): \(String(cString: strerror(errno)))") }
        defer { close(fd) }
        let bytes = Array(text.utf8)
        var off = 0
        while off < bytes.count {
            let n = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress! + off, $0.count - off) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { return HallError("cannot write \(path): \(String(cString: strerror(errno)))") }
            off += n
        }
        return fsync(fd) == 0 ? nil : HallError("cannot write \(path): \(String(cString: strerror(errno)))")
    }
}

extension HallInit {
    /// Hashes a password file of `user:password` lines in place (`mosquitto_passwd -U`); nil
    /// when that worked, else why not.
    public static func hashPasswords(_ path: String) -> String? {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for fd: Int32 in [0, 1, 2] { posix_spawn_file_actions_addopen(&actions, fd, "/dev/null", fd == 0 ? O_RDONLY : O_WRONLY, 0) }
        let start = ChildStart()
        let words: [String] = ["mosquitto_passwd", "-U", path]
        let argv = words.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let rc = posix_spawnp(&pid, "mosquitto_passwd", &actions, &start.raw, argv, environ)
        guard rc == 0 else { return "mosquitto_passwd cannot be run (\(String(cString: strerror(rc))); apt install mosquitto)" }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        return status == 0 ? nil : "mosquitto_passwd failed (status \(status))"
    }
}
