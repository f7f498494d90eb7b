import TerminiCore
import TerminiApp
import TerminiStore
import TerminiHall
import Badminton

/// The hall a badminton command uses, if any: `--hall URL` or else `hall = URL` in the config,
/// and the credentials file, `--hall-credentials FILE` or else `hall.credentials = FILE` (a
/// relative name in the config is in the config directory). Credentials are never in the URL
/// (`HallAddress.parse` refuses them). Only badminton looks at a hall; a keeper started
/// without `--court` publishes nothing (a one-court user with a hall in the config sees no
/// change), though `--hall` given on its command line asks for `--court` (`validate`).
public struct HallSettings: Equatable, Sendable {
    public var address: HallAddress
    /// The credentials file's path, if any.
    public var credentials: String?

    public init(address: HallAddress, credentials: String? = nil) {
        self.address = address
        self.credentials = credentials
    }

    public static let urlKey = "hall", credentialsKey = "hall.credentials", caKey = "hall.ca"

    /// `--hall`'s value checked on the command line: nil when there is none or it is good.
    static func validate(_ inv: Invocation) -> String? {
        guard inv.app == "badminton", let h = BadmintonHallRequest(inv.appOptions).hall else { return nil }
        if case .failure(let e) = HallAddress.parse(h) { return "--hall: \(e)" }
        return nil
    }

    public static func resolve(_ inv: Invocation, config: ConfigFile, directory: String?) -> Result<HallSettings?, UsageError> {
        guard inv.app == "badminton" || inv.command == DeskCommand.descriptor.id, inv.action == .run else { return .success(nil) }
        let request = BadmintonHallRequest(inv.appOptions)
        func fail(_ m: String) -> Result<HallSettings?, UsageError> { .failure(UsageError(message: m)) }
        let url: String
        let fromConfig: Bool
        if let h = request.hall {
            (url, fromConfig) = (h, false)
        } else if let h = config.value(urlKey), !h.isEmpty {
            (url, fromConfig) = (h, true)
        } else {
            if request.credentials != nil { return fail("--hall-credentials goes with a hall: --hall URL, or hall = URL in the config") }
            if request.ca != nil { return fail("--hall-ca goes with a hall: --hall mqtts://…, or hall = URL in the config") }
            return .success(nil)
        }
        // The config's hall is for the courts named and the hall's screens; a keeper of the
        // one court of the directory is as it always was.
        if fromConfig, inv.app != nil, request.role == .keeper || request.role == .files, request.court == nil { return .success(nil) }
        var address: HallAddress
        switch HallAddress.parse(url) {
        case .success(let a): address = a
        case .failure(let e): return fail(fromConfig ? "config: \(urlKey) = \(e)" : "--hall: \(e)")
        }
        func inDirectory(_ c: String) -> String { c.hasPrefix("/") ? c : directory.map { $0 + "/" + c } ?? c }
        var credentials = request.credentials
        if credentials == nil, let c = config.value(credentialsKey), !c.isEmpty { credentials = inDirectory(c) }
        address.caFile = request.ca
        if address.caFile == nil, let c = config.value(caKey), !c.isEmpty { address.caFile = inDirectory(c) }
        if request.ca != nil, !address.tls { return fail("--hall-ca goes with an mqtts:// hall (TLS), not \(address.url)") }
        return .success(HallSettings(address: address, credentials: credentials))
    }
}

/// A hall ready to be used: its address looked up once (a dead name server must not block a
/// key later) and its credentials read from their file (warnings to say, e.g. `chmod 600`).
public struct HallStart: Sendable {
    public var settings: HallSettings
    public var address: HallAddress
    public var credentials: HallCredentials?

    public static func read(_ settings: HallSettings) -> Result<HallStart, HallError> {
        var credentials: HallCredentials?
        if let path = settings.credentials {
            switch HallCredentials.read(path) {
            case .success(let c): credentials = c
            case .failure(let e): return .failure(e)
            }
        }
        // A name that cannot be looked up now is kept as it is: libmosquitto tries it again.
        let address = (try? settings.address.resolved().get()) ?? settings.address
        return .success(HallStart(settings: settings, address: address, credentials: credentials))
    }

    /// What to say once the screen is up (and by a command before it prints).
    public var notices: [String] {
        var said = credentials?.warnings ?? []
        if credentials != nil, !address.tls {
            said.append("hall: \(settings.address.url) is not TLS: the hall's password crosses the network in clear (use mqtts://, see termini hall init)")
        }
        return said
    }
}
