#if canImport(Glibc)
import Glibc
#endif
import TerminiCore
import TerminiData
import TerminiStore
import BadmintonRules

/// The spectators' page as a directory any static web server can serve: the page itself
/// (`index.html`, `live.css`, `live.js`, written once at the start) and the data it reads
/// (`hall.json`, `results.json`), each replaced whole (a hidden `.NAME.tmp-PID` beside it,
/// synced, renamed over it, the directory synced): a web server never serves half a file.
/// The directory holds nothing else.
public struct LiveSite: Sendable {
    public let directory: String

    public static let page = [("index.html", LiveSiteAssets.html), ("live.css", LiveSiteAssets.css), ("live.js", LiveSiteAssets.js)]
    public static let hallFile = "hall.json", resultsFile = "results.json"
    /// Every name the directory may hold.
    public static var names: [String] { page.map(\.0) + [hallFile, resultsFile] }

    public init(directory: String) { self.directory = directory }

    /// Makes the directory if it is missing (mode 755: a web server reads it) and writes the
    /// page; refuses one that holds anything else (a mistyped DIR must not become a site, nor
    /// a site leak what lies beside it). Nil when done, else why not.
    public func prepare() -> String? {
        var st = stat()
        if lstat(directory, &st) != 0 {
            guard errno == ENOENT else { return "cannot read \(directory): \(String(cString: strerror(errno)))" }
            if mkdir(directory, 0o755) != 0 { return "cannot make \(directory): \(String(cString: strerror(errno)))" }
        } else if (st.st_mode & S_IFMT) != S_IFDIR {
            return "\(directory) is not a directory"
        }
        let others = strangers()
        if !others.isEmpty {
            let shown = others.sorted().prefix(3).map { "'\(TextLayout.printable($0))'" }.joined(separator: ", ")
            return "\(directory) holds files that are not the page's (\(shown)\(others.count > 3 ? ", …" : "")): give an empty directory or the page's own"
        }
        for (name, text) in LiveSite.page {
            if let problem = write(name, Array(text.utf8)) { return problem }
        }
        return nil
    }

    /// What the directory holds that is not the page's: anything but its names and the
    /// hidden temporary files of its writes (`.hall.json.tmp-PID`, left by a writer killed).
    func strangers() -> [String] {
        guard let d = opendir(directory) else { return [] }
        defer { closedir(d) }
        var out: [String] = []
        let names = LiveSite.names
        while let e = readdir(d) {
            let name = withUnsafeBytes(of: e.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name == "." || name == ".." || names.contains(name) { continue }
            if names.contains(where: { name.hasPrefix(".\($0).tmp-") }) { continue }
            out.append(name)
        }
        return out
    }

    /// One file replaced whole; nil when done, else why not.
    public func write(_ name: String, _ bytes: [UInt8]) -> String? {
        OutputFile.write(directory + "/" + name, bytes: bytes)
    }
}

/// What the writer of the page keeps between two writes: the courts as last replayed (a
/// court's journal is replayed again only when its bytes changed), and what it last wrote.
public final class LiveSiteWriter {
    public let site: LiveSite
    public let hall: String
    /// The replayed match of each journal, by its bytes.
    private var replayed: [String: (bytes: [UInt8], log: MatchLog?)] = [:]
    private var histories: [String: (bytes: [UInt8], logs: [MatchLog])] = [:]
    private var lastCourts: [UInt8]?
    private var lastResults: [UInt8]?
    private var resultsVersion = "0"
    /// When the courts last changed (the writer's clock).
    public private(set) var changedAt: Double
    /// When the writer started.
    public let startedAt: Double
    /// When a file was last written.
    public private(set) var writtenAt: Double?
    /// The writes that failed (the disk full): said once each time it starts failing.
    public private(set) var problem: String?

    public init(site: LiveSite, hall: String, now: Double) {
        self.site = site
        self.hall = hall
        changedAt = now
        startedAt = now
    }

    /// The courts of the mirror, each journal and history replayed only when it changed.
    public func courts(of mirror: HallMirror) -> [LivePage.Court] {
        // A court called to by the desk is one, even before its laptop is heard.
        var names = Set(mirror.links.keys).union(mirror.nextCalls.calls.keys)
        for file in mirror.files.keys {
            for ending in ["-match.jsonl", "-history.jsonl"] where file.hasPrefix("badminton-") && file.hasSuffix(ending) {
                names.insert(String(file.dropFirst("badminton-".count).dropLast(ending.count)))
            }
        }
        return LivePage.ordered(names).map { name in
            let files = CourtFiles(court: name)
            let j = mirror.files[files.journal] ?? []
            let match: MatchLog?
            if let r = replayed[name], r.bytes == j {
                match = r.log
            } else {
                match = MatchLines.journal(j).flatMap { MatchLines.replay($0.lines) }
                replayed[name] = (j, match)
            }
            let h = mirror.files[files.history] ?? []
            let history: [MatchLog]
            if let r = histories[name], r.bytes == h {
                history = r.logs
            } else {
                history = MatchLines.lines(of: h).compactMap(MatchLines.history)
                histories[name] = (h, history)
            }
            return LivePage.Court(name: name, match: match, history: history, link: mirror.links[name], next: mirror.nextCalls.pending(name))
        }
    }

    /// Writes the data files for the courts as they are: `results.json` first when the
    /// results changed (`hall.json` names its version, so the page never asks for a version
    /// not yet on disk), then `hall.json`. Returns whether the courts changed.
    @discardableResult
    public func write(_ courts: [LivePage.Court], link: LivePage.Link, now: Double, stopped: Bool = false) -> Bool {
        // Compared without the clocks (an interval's countdown is not a change of the hall).
        let part = LivePage.courtsPart(courts, now: 0, since: 0)
        let changed = part != lastCourts
        if changed {
            if lastCourts != nil { changedAt = now }
            lastCourts = part
        }
        let results = LivePage.results(courts, now: now).bytes()
        var failure: String?
        if results != lastResults {
            if let p = site.write(LiveSite.resultsFile, results) {
                failure = p
            } else {
                lastResults = results
                resultsVersion = LiveSiteWriter.fingerprint(results)
            }
        }
        let hallJSON = LivePage.hall(courts, hall: hall, link: link, now: now, since: startedAt, changed: changedAt, results: resultsVersion, stopped: stopped)
        if failure == nil { failure = site.write(LiveSite.hallFile, hallJSON.bytes()) }
        problem = failure
        writtenAt = now
        return changed
    }

    /// A version of a file's bytes (FNV-1a, hex): the same bytes, the same version, across restarts.
    static func fingerprint(_ bytes: [UInt8]) -> String {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for b in bytes { h = (h ^ UInt64(b)) &* 0x100_0000_01b3 }
        return String(h, radix: 16)
    }
}
