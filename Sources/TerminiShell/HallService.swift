#if canImport(Glibc)
import Glibc
#endif
import TerminiCore
import TerminiApp
import TerminiStore
import TerminiHall
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

    let connection: any HallConnection
    public let publisher: CourtPublisher?
    public let recorder: DeskRecorder?

    public init(publisher: CourtPublisher) {
        self.publisher = publisher
        recorder = nil
        connection = publisher
    }

    public init(recorder: DeskRecorder) {
        publisher = nil
        self.recorder = recorder
        connection = recorder
    }

    /// The publisher of a badminton keeper of a named court started with a hall; nil for
    /// any other command line.
    public static func keeper(_ inv: Invocation, hall: HallStart, store: FileStore, now: Double) -> Result<HallService?, HallError> {
        let request = BadmintonHallRequest(inv.appOptions)
        guard inv.app == app, request.role == .keeper, let court = request.court else { return .success(nil) }
        return HallService.court(court, hall: hall, store: store, keeper: keeperID(directory: store.directory), now: now).map { $0 }
    }

    /// `--hall URL --watch --all`: the recording desk.
    public static func isDesk(_ inv: Invocation) -> Bool {
        inv.app == app && BadmintonHallRequest(inv.appOptions).role == .desk
    }

    /// The recording desk, writing every court's copy through `store` (one that syncs each
    /// write before it returns: an acknowledgement is never ahead of the disk), under each
    /// court's lock for the writes.
    public static func desk(hall: HallStart, store: FileStore, now: Double) -> Result<HallService, HallError> {
        do {
            let r = try DeskRecorder(address: hall.address, credentials: hall.credentials, store: store,
                                     lock: { store.tryLock($0) }, unlock: { store.unlock($0) }, now: now)
            return .success(HallService(recorder: r))
        } catch {
            return .failure(error)
        }
    }

    /// A keeper of `court` with a hall: its publisher, from the court's files as they are now
    /// (the journal, and the history's lines). `keeper` names this laptop's keeping on the hall.
    public static func court(_ court: String, hall: HallStart, store: any StateReader, keeper: String, now: Double) -> Result<HallService, HallError> {
        let files = CourtFiles(court: court)
        let history = store.readBytes(files.history).map { MatchLines.lines(of: $0) } ?? []
        do {
            let p = try CourtPublisher(address: hall.address, credentials: hall.credentials, court: court, keeper: keeper,
                                       journal: store.readBytes(files.journal), history: history, now: now)
            return .success(HallService(publisher: p))
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

    // MARK: SaveObserver

    public func onSynced(file: String, bytes: [UInt8], appended: Bool) {
        publisher?.durable(DurableSave(file: file, bytes: bytes, kind: appended ? .appended : .replaced))
    }

    // MARK: The loop

    public var socket: Int32? { connection.socket }

    public func deadline(now: Double) -> Double? {
        var d = connection.nextDeadline(now: now)
        if connection.wantsWrite { d = min(d ?? now + HallService.writeTick, now + HallService.writeTick) }
        // The desk's panes count the seconds since each court's last event.
        if recorder != nil { d = min(d ?? now + 1, now.rounded(.down) + 1) }
        return d
    }

    /// What the hall has to say (the desk set a message aside, a disk refused a copy).
    public func takeNotices() -> [String] { recorder?.takeNotices() ?? [] }

    public func readable(now: Double) {
        connection.readable(now: now)
    }

    /// Keepalive, reconnection and what there is to send, then writes what it can.
    public func pump(now: Double) {
        connection.service(now: now)
        if connection.wantsWrite { connection.writable(now: now) }
    }

    /// What the screen shows of the hall.
    public var view: HallView { recorder?.view ?? HallView(link: publisher?.link) }

    /// Goodbye to the broker (the court says it is offline).
    public func stop() {
        publisher?.stop()
        recorder?.stop()
    }
}
