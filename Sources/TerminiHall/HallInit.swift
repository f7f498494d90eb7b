#if canImport(Glibc)
import Glibc
#endif
import TerminiCore
import TerminiStore

/// `termini hall init DIR --courts N`: everything a broker for one hall needs, in DIR, for a
/// club volunteer to start with one command:
///
///     DIR/mosquitto.conf          the broker's config: one TLS listener (8883), no anonymous
///                                 access, the password file and the ACL, the size limit,
///                                 persistence in DIR/data
///     DIR/hall-ca.crt             the hall's CA certificate, which every court copies: its
///                                 client checks the broker's certificate against it
///     DIR/tls/                    the CA's key, the broker's certificate (for `--host`, in its
///                                 subjectAltName) and key, made by `openssl`; keys mode 600
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

    public init(directory: String, courts: Int, port: Int = HallAddress.defaultTLSPort, host: String, hall: String = HallAddress.defaultHall) {
        self.directory = directory
        self.courts = courts
        self.port = port
        self.host = host
        self.hall = hall
    }

    public var address: HallAddress { HallAddress(host: host, port: port, hall: hall, tls: true, caFile: caPath) }
    public var caPath: String { directory + "/" + HallInit.caFile }
    public static let caFile = "hall-ca.crt"
    var tlsDirectory: String { directory + "/tls" }

    /// The address the listener binds: `--host` when it is an address (or localhost), so
    /// `--host 127.0.0.1` is reached from this machine only; a name of the machine listens
    /// on every interface (the name may stand for any of them).
    public var bindAddress: String? {
        let numeric = host.allSatisfy { $0.isHexDigit || $0 == "." || $0 == ":" } && (host.contains(".") || host.contains(":"))
        return numeric || host == "localhost" ? host : nil
    }
    public var courtNames: [String] { (1...max(1, courts)).map(String.init) }
    public var users: [String] { courtNames.map { "court-\($0)" } + ["desk", "display"] }

    public func credentialsPath(_ user: String) -> String { directory + "/credentials/\(user).credentials" }

    /// The broker's config. It runs as the user who starts it (mosquitto 2, started as root,
    /// would otherwise change to the `mosquitto` user, who may not write DIR/data).
    public func config(user: String) -> String {
        """
        # Mosquitto for the Termini hall '\(hall)', written by `termini hall init`.
        # Start it with: mosquitto -c \(directory)/mosquitto.conf
        # One listener, TLS only: \(bindAddress.map { "on \($0) only" } ?? "every interface") at port \(port).
        listener \(port)\(bindAddress.map { " " + $0 } ?? "")
        cafile \(caPath)
        certfile \(tlsDirectory)/server.crt
        keyfile \(tlsDirectory)/server.key
        tls_version tlsv1.2
        # No message larger than a court ever sends (its history, 512 KiB, and its header).
        max_packet_size \(MQTTClient.maxPacketBytes)
        # Courts, screens and the desk's commands connect with no client id: the broker gives
        # each one nobody else knows. The recording desk's own id holds a secret of its own.
        allow_zero_length_clientid true
        auto_id_prefix termini-auto-
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
        The broker takes TLS only (\(url)); every client checks its certificate against
        \(caPath).

        1. Start the broker (on this machine, \(host)):

               mosquitto -c \(directory)/mosquitto.conf

        2. On each court's laptop, copy two files into its config directory (~/.config/termini/):
           \(caPath) and that court's credentials file. Add these lines to its config
           (~/.config/termini/config), then run termini badminton --court N:

        """
        for c in courtNames {
            s += "       court \(c):  copy \(credentialsPath("court-\(c)"))\n"
            s += "                 hall = \(url)\n"
            s += "                 hall.credentials = court-\(c).credentials\n"
            s += "                 hall.ca = \(HallInit.caFile)\n"
        }
        s += """

        3. At the desk:

               termini badminton --hall \(url) --hall-credentials \(credentialsPath("desk")) --hall-ca \(caPath) --watch --all

        Hall TVs: copy \(credentialsPath("display")) and \(caPath), then
               termini badminton --hall \(url) --hall-credentials display.credentials --hall-ca \(HallInit.caFile) --watch --court N --display

        """
        return s
    }

    /// A password: `length` letters and digits from the kernel's random source.
    static func password(length: Int = 20) -> String {
        let alphabet = Array("abcdefghijkmnpqrstuvwxyzACDEFGHJKLMNPQRTUVWXY23456789".utf8)
        var bytes = [UInt8](repeating: 0, count: length)
        let fd = open("/dev/urandom", O_RDONLY | O_CLOEXEC)
        let n = bytes.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
        close(fd)
        precondition(n == bytes.count, "/dev/urandom")
        return String(decoding: bytes.map { alphabet[Int($0) % alphabet.count] }, as: UTF8.self)
    }

    /// Writes every file; refuses a directory that already holds a hall (its passwords would
    /// be lost). `passwd` is the tool that hashes the password file (`mosquitto_passwd -U`).
    /// `certificates` makes the CA and the broker's certificate (`openssl`, `makeCertificates`).
    public func write(passwd: (String) -> String?, certificates: (HallInit) -> String? = { $0.makeCertificates() }) -> Result<Void, HallError> {
        guard courts >= 1, courts <= HallInit.maxCourts else { return .failure(HallError("--courts takes 1 to \(HallInit.maxCourts)")) }
        if let why = HallInit.directoryProblem(directory) { return .failure(HallError(why)) }
        for dir in [directory, directory + "/credentials", directory + "/data", tlsDirectory] {
            if mkdir(dir, 0o700) != 0 && errno != EEXIST { return .failure(HallError("cannot make \(dir): \(String(cString: strerror(errno)))")) }
        }
        if access(directory + "/mosquitto.conf", F_OK) == 0 || access(directory + "/passwd", F_OK) == 0 {
            return .failure(HallError("\(directory) already holds a hall (mosquitto.conf, passwd): choose another directory or remove them"))
        }
        if let problem = certificates(self) {
            return .failure(HallError("the hall's TLS certificates could not be made: \(problem)"))
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
    /// Why a directory cannot hold a hall: its name goes into mosquitto.conf, where a control
    /// character (a newline) would start a line of its own.
    public static func directoryProblem(_ directory: String) -> String? {
        guard directory.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7f || (0x80..<0xa0).contains($0.value) }) else { return nil }
        return "the directory's name '\(TextLayout.printable(directory))' holds a control character (a newline, a tab): choose a name without one"
    }

    /// The hall's CA (its certificate in DIR/hall-ca.crt, its key in DIR/tls/ca.key) and the
    /// broker's certificate for `host`, signed by it, with `openssl`; nil when that worked,
    /// else why not. Keys are mode 600.
    public func makeCertificates() -> String? {
        let t = tlsDirectory
        let san = bindAddress.map { $0 == "localhost" ? "DNS:localhost" : "IP:\($0)" } ?? "DNS:\(host)"
        let ext = t + "/server.ext"
        if let e = HallInit.writeFile(ext, "subjectAltName=\(san)\nbasicConstraints=critical,CA:FALSE\nkeyUsage=critical,digitalSignature,keyEncipherment\nextendedKeyUsage=serverAuth\n") {
            return e.description
        }
        defer { unlink(ext); unlink(t + "/server.csr") }
        let ec = ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes"]
        let steps: [[String]] = [
            ["openssl", "req", "-x509"] + ec + ["-keyout", t + "/ca.key", "-out", caPath, "-days", "3650",
             "-subj", "/CN=Termini hall \(hall) CA", "-addext", "basicConstraints=critical,CA:TRUE", "-addext", "keyUsage=critical,keyCertSign,cRLSign"],
            ["openssl", "req", "-new"] + ec + ["-keyout", t + "/server.key", "-out", t + "/server.csr", "-subj", "/CN=\(host)"],
            ["openssl", "x509", "-req", "-in", t + "/server.csr", "-CA", caPath, "-CAkey", t + "/ca.key", "-set_serial", "0x" + HallInit.serial(),
             "-days", "825", "-extfile", ext, "-out", t + "/server.crt"],
        ]
        for argv in steps {
            if let why = HallInit.run(argv) { return why }
        }
        for key in ["ca.key", "server.key"] where chmod(t + "/" + key, 0o600) != 0 { return "cannot chmod \(t)/\(key)" }
        return nil
    }

    /// A certificate's serial number: 64 random bits, in hex.
    static func serial() -> String {
        let hex = Array("0123456789abcdef".utf8)
        var bytes = [UInt8](repeating: 0, count: 8)
        let fd = open("/dev/urandom", O_RDONLY | O_CLOEXEC)
        _ = bytes.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
        close(fd)
        return String(decoding: bytes.flatMap { [hex[Int($0 >> 4)], hex[Int($0 & 15)]] }, as: UTF8.self)
    }

    /// Runs a tool to its end, its output to /dev/null; nil when it exited 0, else why not.
    static func run(_ words: [String]) -> String? {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for fd: Int32 in [0, 1, 2] { posix_spawn_file_actions_addopen(&actions, fd, "/dev/null", fd == 0 ? O_RDONLY : O_WRONLY, 0) }
        let start = ChildStart()
        let argv = words.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let rc = posix_spawnp(&pid, words[0], &actions, &start.raw, argv, environ)
        guard rc == 0 else {
            let install = words[0] == "openssl" ? "apt install openssl" : "apt install mosquitto"
            return "\(words[0]) cannot be run (\(String(cString: strerror(rc))); \(install))"
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        return status == 0 ? nil : "\(words[0]) \(words[1]) failed (status \(status))"
    }

    /// Hashes a password file of `user:password` lines in place (`mosquitto_passwd -U`); nil
    /// when that worked, else why not.
    public static func hashPasswords(_ path: String) -> String? { run(["mosquitto_passwd", "-U", path]) }
}
