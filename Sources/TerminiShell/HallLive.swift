#if canImport(Glibc)
import Glibc
#endif
import CLinux
import TerminiCore
import TerminiStore
import TerminiHall

/// `termini hall live DIR --hall URL [--hall-credentials FILE]`: follows the hall read-only,
/// as a hall TV does, and keeps the spectators' page in DIR up to date (`LiveSite`) until it
/// is stopped (SIGINT, SIGTERM or SIGHUP: the page is told the writer stopped, status 0).
/// A court's change is written as soon as it comes, at most every `LiveRun.gap` seconds;
/// with nothing new the data is written again every `LivePage.heartbeatEvery` seconds, so the
/// page can tell a quiet hall from a writer that stopped.
public enum HallLive {
    /// The shortest time between two writes: a burst of messages (the retained courts at
    /// the start, 64 courts at once) is written once.
    static let gap = 0.05

    public static func run(directory: String, hall: HallStart, clock: () -> Double = WallClock.now,
                           say: (String) -> Void = { _ in }) -> Int32 {
        let site = LiveSite(directory: directory)
        if let problem = site.prepare() {
            say("termini: hall live: \(TextLayout.printable(problem))\n")
            return 1
        }
        // The signals that end it arrive on a descriptor, read between two waits.
        var set = sigset_t()
        sigemptyset(&set)
        for s in [SIGINT, SIGTERM, SIGHUP] { sigaddset(&set, s) }
        sigprocmask(SIG_BLOCK, &set, nil)
        signal(SIGPIPE, SIG_IGN)
        let signals = signalfd(-1, &set, Int32(SFD_NONBLOCK | SFD_CLOEXEC))
        defer { if signals >= 0 { close(signals) } }
        let mirror: HallMirror
        do throws(HallError) {
            mirror = try HallMirror(address: hall.address, credentials: hall.credentials, court: nil, now: clock())
        } catch {
            say("termini: hall live: \(TextLayout.printable(error.description))\n")
            return 1
        }
        mirror.followsWholeHall = true
        let writer = LiveSiteWriter(site: site, hall: hall.address.hall, now: clock())
        var dirty = true
        mirror.changed = { _ in dirty = true }
        var link = LivePage.Link(up: false, since: clock(), problem: nil)
        for w in hall.notices { say("termini: hall live: \(w)\n") }
        say("termini: hall live: following \(hall.settings.address.url), writing \(directory) (stop with Ctrl-C)\n")
        var problemSaid: String?
        var stop = false
        while !stop {
            let now = clock()
            // The link: up once the subscriptions are answered (what was retained follows at once).
            let up = mirror.isConnected && mirror.subscribedAt != nil
            if up != link.up || (!up && mirror.problem != link.problem) {
                // Said when the link comes or goes, and when why it is down changes (a wrong CA, a refused password).
                if up != link.up || mirror.problem != nil {
                    say(up ? "termini: hall live: linked to the hall\n"
                           : "termini: hall live: no link to the hall\(mirror.problem.map { " (\(TextLayout.printable($0)))" } ?? "")\n")
                }
                link = LivePage.Link(up: up, since: up != link.up ? now : link.since, problem: up ? nil : mirror.problem)
                dirty = true
            }
            let due = (writer.writtenAt ?? -.infinity) + (dirty ? gap : LivePage.heartbeatEvery)
            if now >= due {
                writer.write(writer.courts(of: mirror), link: link, now: now)
                dirty = false
                if writer.problem != problemSaid {
                    problemSaid = writer.problem
                    say("termini: hall live: \(writer.problem.map(TextLayout.printable) ?? "the page is written again")\n")
                }
            }
            let next = min((writer.writtenAt ?? now) + (dirty ? gap : LivePage.heartbeatEvery), mirror.nextDeadline(now: now) ?? .infinity,
                           mirror.wantsWrite ? now + 0.05 : .infinity)
            var fds = [pollfd(fd: signals, events: Int16(POLLIN), revents: 0)]
            if let s = mirror.socket { fds.append(pollfd(fd: s, events: Int16(POLLIN) | (mirror.wantsWrite ? Int16(POLLOUT) : 0), revents: 0)) }
            let wait = max(0, min(next, now + LivePage.heartbeatEvery) - clock())
            _ = poll(&fds, nfds_t(fds.count), Int32((wait * 1000).rounded(.up)))
            if fds[0].revents & Int16(POLLIN) != 0 {
                var info = signalfd_siginfo()
                while read(signals, &info, MemoryLayout<signalfd_siginfo>.size) > 0 { stop = true }
            }
            if fds.count > 1, fds[1].revents & Int16(POLLIN | POLLHUP | POLLERR) != 0 { mirror.readable(now: clock()) }
            if mirror.wantsWrite { mirror.writable(now: clock()) }
            mirror.service(now: clock())
        }
        // The page is told the writer stopped: it says so, and how old its scores are.
        writer.write(writer.courts(of: mirror), link: link, now: clock(), stopped: true)
        mirror.stop()
        say("termini: hall live: stopped\(writer.problem.map { " (\(TextLayout.printable($0)))" } ?? "")\n")
        return 0
    }
}
