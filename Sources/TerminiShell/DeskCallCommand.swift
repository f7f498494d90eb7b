#if canImport(Glibc)
import Glibc
#endif
import TerminiCore
import TerminiApp
import TerminiStore
import TerminiDesk
import TerminiHall

/// `termini desk --hall URL --call MATCH --court N [--matches FILE.csv] [--wait S]`: a call to
/// court without the screen. It takes the desk's lock (`desk.lock`, the screen's): while a
/// desk's screen runs on this directory it refuses, so two writers never fight over
/// `desk.json` — call from the screen then. The call is checked as the screen checks it (no
/// such match, court busy, a player on court, a player inside `desk.rest` are refused: there
/// is nobody to ask), saved in `desk.json`, then published retained; exit 0 once the court
/// answers that it has it (received, next or accepted), 1 with the reason otherwise. A call
/// the court did not answer in time stays on the hall (and in `desk.json`): the court gets it
/// when it connects.
enum DeskCallCommand {
    struct Outcome: Equatable {
        var status: Int32
        var stdout = ""
        var stderr = ""
    }

    static func run(_ options: AppOptions, hall: HallStart?, directory: String?, now: () -> Double = WallClock.now) -> Outcome {
        let o = DeskOptions(options)
        guard let number = o.call, let court = o.court else { return Outcome(status: 64, stderr: "termini: --call MATCH needs --court N\n") }
        guard let hall else {
            return Outcome(status: 64, stderr: "termini: --call needs a hall: --hall URL, or hall = URL in the config\n\(CommandLineParser.usage)\n")
        }
        let store = FileStore(directory: directory)
        switch store.tryLock(DeskApp.descriptor.id) {
        case .acquired: break
        case .heldByAnother:
            return Outcome(status: 1, stderr: "termini: a desk is running on this directory (it holds desk.lock): call from the desk's screen, or quit it first\n")
        case .unusable(let why): return Outcome(status: 1, stderr: "termini: \(why)\n")
        }
        defer { store.unlock(DeskApp.descriptor.id) }
        var desk = DeskFile.load(from: store)
        var said = ""
        if let path = o.matches {
            switch DeskMatches.read(path) {
            case .failure(let why): return Outcome(status: 1, stderr: "termini: \(TextLayout.printable(why.text))\n")
            case .success(let read):
                for p in read.problems { said += "termini: \(TextLayout.printable(DeskMatches.shortName(path))) \(TextLayout.printable(p.description))\n" }
                said += "termini: \(desk.merge(read.matches).summary)\n"
            }
        }
        desk.takeCourtCopies(store)
        let rest = store.preference(DeskApp.restKey).flatMap(DeskDuration.parse) ?? DeskState.defaultRest
        let t = now()
        let outcome = desk.call(number, court: court, at: t, rest: rest, localMinute: DeskApp.localMinute(t))
        // What the file gave is kept, called or not.
        if let problem = save(desk, store) { return Outcome(status: 1, stderr: said + "termini: \(problem)\n") }
        switch outcome {
        case .refused(let why):
            return Outcome(status: 1, stderr: said + "termini: not called: \(TextLayout.printable(why))\n")
        case .ask(let question):
            return Outcome(status: 1, stderr: said + "termini: not called: \(TextLayout.printable(question)) (the desk's screen asks; --call does not)\n")
        case .called(let c):
            var r = send(c, desk: desk, hall: hall, wait: o.wait.flatMap(Double.init) ?? 10, now: now)
            r.stderr = said + r.stderr
            return r
        }
    }

    static func save(_ desk: DeskState, _ store: FileStore) -> String? {
        do {
            try DeskFile.save(desk, to: store)
            store.sync()
            return nil
        } catch {
            return "desk.json could not be saved: \(error)"
        }
    }

    /// The call published (retained, QoS 1) and the court's answer awaited.
    static func send(_ c: DeskCall, desk: DeskState, hall: HallStart, wait: Double, now: () -> Double) -> Outcome {
        guard let call = desk.hallCall(c) else { return Outcome(status: 1, stderr: "termini: match \(c.match) is not on the order of play\n") }
        let caller: HallCaller
        do {
            caller = try HallCaller(address: hall.address, credentials: hall.credentials, call: call, now: now())
        } catch {
            return Outcome(status: 1, stderr: "termini: hall: \(error)\n")
        }
        defer { caller.stop() }
        let answered = HallService.drive(caller, until: { _ in caller.answer != nil }, timeout: wait, clock: now)
        let what = "match \(c.match) to court \(c.court)"
        if answered, let a = caller.answer {
            if caller.courtHasIt { return Outcome(status: 0, stdout: "Court \(c.court) has match \(c.match) (\(a.state.rawValue)).\n") }
            return Outcome(status: 1, stderr: "termini: court \(c.court) declined match \(c.match): the call stays at the desk; withdraw it there\n")
        }
        let secs = Int(wait)
        if let why = caller.refusal { return Outcome(status: 1, stderr: "termini: no link to the broker: \(why); \(what) is kept at the desk\n") }
        if caller.delivered {
            return Outcome(status: 1, stderr: "termini: no answer from court \(c.court) in \(secs) s: \(what) stays on the hall and reaches the court when it connects\n")
        }
        return Outcome(status: 1, stderr: "termini: the hall's broker was not reached in \(secs) s: \(what) is kept at the desk, and its screen sends it when it runs\n")
    }
}
