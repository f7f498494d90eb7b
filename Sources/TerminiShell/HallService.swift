#if canImport(Glibc)
import Glibc
#endif
import TerminiCore
import TerminiApp
import TerminiStore
import TerminiHall
import TerminiDesk
import BadmintonRules
import Badminton

/// A part of the hall living in the one loop (a court's publisher): the loop waits on its
/// socket with the keys (`socket`, `deadline`), hands it what is readable (`readable`) and
/// lets it write and keep its link after every frame (`pump`), never waiting on the network:
/// every call is non-blocking, a dead broker costs a key nothing. It hears the saves only
/// once the disk holds them (a `SaveObserver`), so the hall is never ahead of the disk.
public final class HallService: SaveObserver {
    /// The app the hall is of.
    public static let app = "badminton"
    /// While the client has bytes to write the loop comes back this soon (it waits only for
    /// readable descriptors): a short poll tick, never a wait for the network.
    static let writeTick = 0.05

    /// What this process is to the hall: one of the three, each one MQTT connection, or a
    /// keeper-to-be with none.
    enum Role {
        /// A court's keeper: it publishes the court.
        case court(CourtPublisher)
        /// A copy started on a court, or a desk, that another copy keeps in the same config
        /// directory: it follows the files, with no link (the two would be one keeper, with one
        /// client id, and each write twice), until it keeps them (`keeps`: the keeper quit or
        /// died and this copy took its lock); then `start` makes its publisher or recorder
        /// from the files as they are.
        case standby(start: (Double) -> Result<Role, HallError>, keeps: () -> Bool)
        /// A keeper-to-be whose publisher could not be made: nothing of the hall.
        case none
        /// The recording desk.
        case desk(DeskRecorder)
        /// A screen anywhere: the followed court's journal is written, as it comes, into a
        /// private directory the app follows as it follows a local court's files.
        case mirror(HallMirror, directory: String)
    }
    private(set) var role: Role
    /// How a keeper's publisher or the desk's recorder is made again (`standBy`).
    private var start: ((Double) -> Result<Role, HallError>)?

    var connection: (any HallConnection)? {
        switch role {
        case .court(let p): return p
        case .desk(let r): return r
        case .mirror(let m, _): return m
        case .standby, .none: return nil
        }
    }
    public var publisher: CourtPublisher? { if case .court(let p) = role { return p } else { return nil } }
    public var recorder: DeskRecorder? { if case .desk(let r) = role { return r } else { return nil } }
    var mirror: HallMirror? { if case .mirror(let m, _) = role { return m } else { return nil } }
    public var mirrorDirectory: String? { if case .mirror(_, let d) = role { return d } else { return nil } }

    public init(publisher: CourtPublisher) { role = .court(publisher) }

    public init(recorder: DeskRecorder) { role = .desk(recorder) }

    init(mirror: HallMirror, directory: String) {
        role = .mirror(mirror, directory: directory)
        let files = FileStore(directory: directory)
        mirror.changed = { [unowned mirror] names in
            for n in names.sorted() { try? files.write(n, bytes: mirror.files[n] ?? []) }
        }
    }

    /// The publisher of a badminton keeper of a named court started with a hall; nil for
    /// any other command line.
    public static func keeper(_ inv: Invocation, hall: HallStart, store: FileStore, now: Double) -> Result<HallService?, HallError> {
        let request = BadmintonHallRequest(inv.appOptions)
        guard inv.app == app, request.role == .keeper, let court = request.court else { return .success(nil) }
        let keeper = keeperID(directory: store.directory)
        let start = { (now: Double) in HallService.publisher(court, hall: hall, store: store, keeper: keeper, now: now) }
        return start(now).map { p in
            let s = HallService(publisher: p)
            s.start = { start($0).map(Role.court) }
            return s
        }
    }

    /// Another copy keeps this court or desk here: this one leaves the hall to it, and
    /// publishes the court or records once `keeps` says it keeps them (it took the lock).
    public func standBy(until keeps: @escaping () -> Bool) {
        guard let start else { return }
        switch role {
        case .court(let p): p.stop()
        case .desk(let r): r.stop()
        case .standby: break
        case .none, .mirror: return
        }
        role = .standby(start: start, keeps: keeps)
    }

    /// Whether this copy stands by for another that keeps its court or desk.
    public var standsBy: Bool { if case .standby = role { return true } else { return false } }

    /// `--hall URL --watch --court N [--display]`: a screen anywhere, following one court.
    public static func isFollower(_ inv: Invocation) -> Bool {
        let request = BadmintonHallRequest(inv.appOptions)
        return inv.app == app && request.role == .follower && request.court != nil
    }

    /// `--hall URL --status --all [--json]`: the hall printed.
    public static func isHallStatus(_ inv: Invocation) -> Bool {
        inv.app == app && BadmintonHallRequest(inv.appOptions).role == .status
    }

    /// A follower of the court of `inv` over the hall: a mirror writing into a directory of
    /// its own (removed at `stop`), nothing written where the screen runs.
    public static func follower(_ inv: Invocation, hall: HallStart, now: Double) -> Result<HallService, HallError> {
        guard let court = BadmintonHallRequest(inv.appOptions).court else { return .failure(HallError("no court to follow")) }
        guard let dir = PrivateDirectory.make() else { return .failure(HallError("no private directory for the court's copy")) }
        do {
            let m = try HallMirror(address: hall.address, credentials: hall.credentials, court: court, now: now)
            return .success(HallService(mirror: m, directory: dir))
        } catch {
            PrivateDirectory.remove(dir)
            return .failure(error)
        }
    }

    /// Every court's journal as the broker retained it, written into a private directory for
    /// a command to read (the caller removes it): waits until what was retained has come, or
    /// gives up after `timeout` seconds without a link.
    public static func readHall(_ hall: HallStart, timeout: Double = 5, clock: () -> Double = WallClock.now) -> Result<String, HallError> {
        let m: HallMirror
        do {
            m = try HallMirror(address: hall.address, credentials: hall.credentials, court: nil, now: clock())
        } catch {
            return .failure(error)
        }
        defer { m.stop() }
        guard drive(m, until: { m.settled(now: $0) }, timeout: timeout, clock: clock) else {
            return .failure(HallError("no answer from the hall's broker at \(hall.settings.address.url)" + (m.problem.map { " (\($0))" } ?? "")))
        }
        guard let dir = PrivateDirectory.make() else { return .failure(HallError("no private directory for the hall's copy")) }
        let files = FileStore(directory: dir)
        for (name, bytes) in m.files { try? files.write(name, bytes: bytes) }
        return .success(dir)
    }

    /// Runs a connection outside the loop (a command: `--status --all`, `desk --call`) until
    /// `done` holds, or `timeout` seconds have passed (false then).
    public static func drive(_ c: any HallConnection, until done: (Double) -> Bool, timeout: Double,
                             clock: () -> Double = WallClock.now) -> Bool {
        let end = clock() + timeout
        while !done(clock()) {
            let now = clock()
            guard now < end else { return false }
            var fds = c.socket.map { [pollfd(fd: $0, events: Int16(POLLIN) | (c.wantsWrite ? Int16(POLLOUT) : 0), revents: 0)] } ?? []
            let wait = min(end, c.nextDeadline(now: now) ?? now + 0.05, now + 0.05) - now
            _ = poll(&fds, nfds_t(fds.count), Int32(max(0, wait) * 1000))
            if let f = fds.first, f.revents & Int16(POLLIN | POLLHUP | POLLERR) != 0 { c.readable(now: clock()) }
            if c.wantsWrite { c.writable(now: clock()) }
            c.service(now: clock())
        }
        return true
    }

    /// A desk's client id: one per config directory, the same at every start of that desk, so
    /// its persistent session is kept; two desks recording into two directories never share
    /// one. Its secret part is random, kept in the directory (`DeskSession`), and crosses the
    /// network only inside TLS: no other client can resume the desk's session or close it.
    static func deskID(_ hall: HallStart, directory: String?) -> Result<String, HallError> {
        guard let directory else { return .failure(HallError("the desk has no config directory for its session")) }
        return DeskSession.secret(directory: directory).map { "termini-\(hall.address.hall)-desk-\($0)" }
    }

    /// `--hall URL --watch --all`: the recording desk.
    /// The tournament desk's screen (`termini desk` without --results, --call or
    /// --scoresheet) records the courts as the recording desk does.
    public static func isDesk(_ inv: Invocation) -> Bool {
        (inv.app == app && BadmintonHallRequest(inv.appOptions).role == .desk) || DeskCommand.isScreen(inv)
    }

    /// The lock of a config directory's desk (`desk.lock`): the one copy holding it records
    /// the hall into the directory, acknowledges and sends the desk's calls.
    public static let deskLock = DeskCommand.descriptor.id

    /// The recording desk, writing every court's copy through `store` (one that syncs each
    /// write before it returns: an acknowledgement is never ahead of the disk), under each
    /// court's lock for the writes. It records only while it keeps the directory's desk
    /// (`deskLock`): until then it stands by, with no link. A recording desk takes the lock
    /// through `store` itself; the desk's screen is told by `standBy` whether its shell keeps
    /// the desk, and keeps nothing until then.
    public static func desk(hall: HallStart, store: FileStore, now: Double, sendsCalls: Bool = false) -> Result<HallService, HallError> {
        let start = { (now: Double) -> Result<Role, HallError> in
            do throws(HallError) {
                let r = try DeskRecorder(address: hall.address, credentials: hall.credentials, store: store, clientID: deskID(hall, directory: store.directory).get(),
                                         lock: { store.tryLock($0) }, unlock: { store.unlock($0) }, now: now)
                // The tournament desk's calls as its file holds them now; a recording desk sends none.
                if sendsCalls { r.want(DeskFile.load(from: store).hallCalls) }
                return .success(.desk(r))
            } catch {
                return .failure(error)
            }
        }
        let keeps: () -> Bool = sendsCalls ? { false } : { store.tryLock(deskLock) == .acquired }
        let s = HallService(standby: start, keeps: keeps)
        // A desk's screen has its shell say it is read-only; a recording desk says it here.
        s.saysStandby = !sendsCalls
        return .success(s)
    }

    private init(standby start: @escaping (Double) -> Result<Role, HallError>, keeps: @escaping () -> Bool) {
        role = .standby(start: start, keeps: keeps)
        self.start = start
    }

    /// A keeper of `court` with a hall: its publisher, from the court's files as they are now
    /// (the journal, and the history's lines). `keeper` names this laptop's keeping on the hall.
    public static func court(_ court: String, hall: HallStart, store: any StateReader, keeper: String, now: Double) -> Result<HallService, HallError> {
        publisher(court, hall: hall, store: store, keeper: keeper, now: now).map { HallService(publisher: $0) }
    }

    /// Of the history, only the matches the court may send (`CourtOutbox.pastKept`, the newest),
    /// read from its end: a season's history is not read whole (nor set aside as too large).
    static func publisher(_ court: String, hall: HallStart, store: any StateReader, keeper: String, now: Double) -> Result<CourtPublisher, HallError> {
        let files = CourtFiles(court: court)
        let history = HistoryTail.lastLines(store, files.history, count: CourtOutbox.pastKept)
        do {
            return .success(try CourtPublisher(address: hall.address, credentials: hall.credentials, court: court, keeper: keeper,
                                               journal: store.readBytes(files.journal), history: history, now: now))
        } catch {
            return .failure(error)
        }
    }

    /// A keeper's id on the hall: the same for this machine and config directory at every
    /// start (a restart after a crash is the same keeper), another on another laptop.
    public static func keeperID(directory: String?) -> String {
        var name = [CChar](repeating: 0, count: 256)
        let host = gethostname(&name, name.count) == 0 ? String(decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self) : ""
        return HallWire.keeperID(host: host, directory: directory ?? "")
    }

    // MARK: The desk's calls to court

    /// Where a court's keeper keeps the desk's call to it: a store of its own on the config
    /// directory, which syncs each write before the court answers the desk (and before the
    /// app shows the call).
    private var callStore: (() -> any StateStore)?

    /// A court's keeper takes the desk's calls, kept through the store `make` makes (made
    /// once it publishes a court: its publisher reads the call kept there and writes it there).
    public func keepCalls(in make: @escaping () -> any StateStore) {
        callStore = make
        takeCalls()
    }

    private func takeCalls() {
        guard let make = callStore, let p = publisher, !p.takesCalls else { return }
        let store = make()
        let file = CourtFiles(court: p.court).call
        p.keepCalls(CourtCall.Kept.parse(store.readBytes(file))) { bytes in (try? store.write(file, bytes: bytes)) != nil }
    }

    /// The files the hall changed in the app's directory since the last look (the desk's
    /// call, kept): the app reads them again.
    public func takeChangedFiles() -> Set<String> {
        takeCalls()
        guard let p = publisher, p.takeCallFileChanged() else { return [] }
        return [CourtFiles(court: p.court).call]
    }

    // MARK: SaveObserver

    public func onSynced(file: String, bytes: [UInt8], appended: Bool) {
        publisher?.durable(DurableSave(file: file, bytes: bytes, kind: appended ? .appended : .replaced))
        // The desk's calls go to the hall once desk.json holds them, never before.
        if let r = recorder, r.sendsCalls, file == DeskFile.name, case .success(let d) = StateCodec.decode(DeskState.self, from: bytes, version: DeskFile.version) {
            r.want(d.hallCalls)
        }
    }

    // MARK: The loop

    public var socket: Int32? { connection?.socket }

    public func deadline(now: Double) -> Double? {
        guard let connection else { return standbyDeadline(now: now) }
        var d = connection.nextDeadline(now: now)
        if connection.wantsWrite { d = min(d ?? now + HallService.writeTick, now + HallService.writeTick) }
        // The desk's panes count the seconds since each court's last event.
        if recorder != nil { d = min(d ?? now + 1, now.rounded(.down) + 1) }
        return d
    }

    /// A copy standing by looks each second whether it keeps its court or desk now.
    private func standbyDeadline(now: Double) -> Double? {
        if case .standby = role { return now.rounded(.down) + 1 }
        return nil
    }

    /// A keeper-to-be's publisher that could not be made, to say.
    private var startNotices: [String] = []
    /// A recording desk standing by says so once (`saysStandby`), and says when it records.
    private var saysStandby = false, standbySaid = false

    /// The broker's refusal last said (said again only when it changes).
    private var refusalSaid: String?

    /// What the hall has to say (the broker refused the court's user, the desk set a message
    /// aside, a disk refused a copy).
    public func takeNotices() -> [String] {
        var out = recorder?.takeNotices() ?? []
        out += startNotices
        startNotices = []
        if let p = publisher, p.refusal != refusalSaid {
            refusalSaid = p.refusal
            if let why = p.refusal { out.append("hall: \(why)") }
        }
        if let m = mirror, m.refusal != refusalSaid {
            refusalSaid = m.refusal
            if let why = m.refusal { out.append("hall: \(why)") }
        }
        return out
    }

    public func readable(now: Double) {
        connection?.readable(now: now)
    }

    /// Keepalive, reconnection and what there is to send, then writes what it can. A
    /// keeper-to-be that now keeps the court starts publishing it: the loop pumps after the
    /// disk has synced every save, so its files are read as the disk holds them, and each
    /// save from then on is heard (`onSynced`).
    public func pump(now: Double) {
        if case let .standby(start, keeps) = role {
            if keeps() {
                switch start(now) {
                case .success(let r):
                    role = r
                    if standbySaid { startNotices.append("hall: this desk records the hall now.") }
                case .failure(let e):
                    role = .none
                    startNotices.append("hall: \(e.description)")
                }
            } else if saysStandby, !standbySaid {
                standbySaid = true
                startNotices.append("hall: another desk records here: this one follows its files.")
            }
        }
        guard let connection else { return }
        connection.service(now: now)
        if connection.wantsWrite { connection.writable(now: now) }
    }

    /// What the screen shows of the hall.
    public var view: HallView {
        switch role {
        case .court(let p): return HallView(link: p.link)
        case .standby, .none: return HallView()
        case .desk(let r): return r.view
        case .mirror(let m, _): return m.view
        }
    }

    /// Goodbye to the broker (the court says it is offline).
    public func stop() {
        switch role {
        case .court(let p): p.stop()
        case .standby, .none: break
        case .desk(let r): r.stop()
        case .mirror(let m, let d):
            m.stop()
            PrivateDirectory.remove(d)
        }
    }
}

/// A directory only this process uses (mode 0700, in `$TMPDIR` or /tmp), and its removal.
public enum PrivateDirectory {
    public static func make() -> String? {
        let base = getenv("TMPDIR").map { String(cString: $0) }.flatMap { $0.hasPrefix("/") ? $0 : nil } ?? "/tmp"
        var template = Array((base + "/termini-hall-XXXXXX").utf8CString)
        return template.withUnsafeMutableBufferPointer { p in p.baseAddress.flatMap(mkdtemp).map { String(cString: $0) } }
    }

    /// Removes the directory and the files in it (it holds no directories).
    public static func remove(_ path: String) {
        if let d = opendir(path) {
            while let e = readdir(d) {
                let name = withUnsafeBytes(of: e.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
                if name != "." && name != ".." { unlink(path + "/" + name) }
            }
            closedir(d)
        }
        rmdir(path)
    }
}
