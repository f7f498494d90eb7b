#if canImport(Glibc)
import Glibc
#endif
import TerminiCore
import TerminiApp
import TerminiShell
import TerminiStore
import TerminiTerminal

/// The one loop, and the order of its steps: the terminal's size, the tick, the frame (drawn
/// while the disk syncs, sent only once the disk holds what it shows), what is left to sync,
/// the files watched, then what one wait brings (keys in batches, a resize, a signal, a
/// suspend, a watched file) handed to the shell. Over a `TerminalIO` and a `LoopStore`, so a
/// test runs this very loop in process with a terminal in memory (`turn()`, one step at a time).
public final class Program<Term: TerminalIO> {
    public let shell: Shell
    public let terminal: Term
    let store: any LoopStore
    let clock: () -> Double
    let makeWatcher: (String) -> FileWatcher?
    /// Draws the frame while this thread waits for the disk (made at the first sync, with
    /// every signal blocked, so signals still reach the terminal's signalfd).
    let drawing = SideThread()
    var watcher: FileWatcher?
    /// The hall (`--hall`): its socket waited on with the keys, serviced after every frame.
    let hall: HallService?
    /// What the process exits with: 0, or 128 + the signal that ended it (Ctrl-C: 0).
    public private(set) var exitStatus: Int32 = 0
    /// The loop has ended (quit, or a signal).
    public private(set) var ended = false

    public init(shell: Shell, terminal: Term, store: any LoopStore, clock: @escaping () -> Double = WallClock.now,
                watcher: @escaping (String) -> FileWatcher? = { FileWatcher(directory: $0) }, hall: HallService? = nil) {
        self.hall = hall
        self.shell = shell
        self.terminal = terminal
        self.store = store
        self.clock = clock
        makeWatcher = watcher
        // A court's keeper keeps the desk's calls to court in its directory, through a store
        // of its own that syncs each write.
        if let hall, let dir = store.directory { hall.keepCalls { FileStore(directory: dir) } }
    }

    /// Runs until the user quits or a signal ends it, then gives the terminal back; the exit status.
    public func run() -> Int32 {
        while turn() {}
        finish()
        return exitStatus
    }

    /// One turn of the loop; false once it has ended.
    @discardableResult
    public func turn() -> Bool {
        guard !ended, !shell.quitRequested else {
            ended = true
            return false
        }
        // The size of the frame about to be drawn: the keys that follow were typed looking at it,
        // and are judged by it (too small: they wait), whatever size a resize brings meanwhile.
        if shell.size != terminal.size { shell.resize(to: terminal.size, now: clock()) }
        apply(shell.takeOutputs())
        apply(shell.tick(now: clock()))
        if let hall { shell.hall = hall.view }
        frame()
        store.sync()
        // What the disk now holds goes to the hall, after the frame: never waiting on it.
        if let hall {
            hall.pump(now: clock())
            for n in hall.takeNotices() { shell.say(n) }
            hallChangedFiles(hall)
        }
        watch()
        var extra = watcher.map { [$0.fileDescriptor] } ?? []
        if let fd = hall?.socket { extra.append(fd) }
        let deadline = [shell.nextDeadline(now: clock()), hall?.deadline(now: clock())].compactMap { $0 }.min()
        let events = terminal.wait(until: deadline, extra: extra, now: clock)
        handle(events)
        if shell.quitRequested { ended = true }
        return !ended
    }

    /// The app on view hears that it is hidden (a game clock stops), what that changed is
    /// written, and the terminal is given back.
    public func finish() {
        shell.finish(now: clock())
        terminal.stop()
        store.sync()
        hall?.stop()
    }

    /// The frame: sent only once the disk holds what it shows. While a save waits for the
    /// disk, the frame is drawn on the side thread and this one syncs; a refusal (the app put
    /// back to what is saved) drops that frame for one drawn again.
    func frame() {
        let saves = shell.saves
        saves.beforeFrame()
        guard saves.awaitsDisk else {
            terminal.present(shell.render(size: terminal.size, now: clock()))
            return
        }
        let (size, now, shell) = (terminal.size, clock(), shell)
        let ahead = terminal.frameAhead()
        drawing.overlap({ ahead.draw(shell.render(size: size, now: now)) }, with: saves.syncDuringFrame)
        if saves.afterFrame() {
            terminal.drop(ahead)
            terminal.present(shell.render(size: terminal.size, now: clock()))
        } else {
            terminal.present(ahead)
        }
    }

    /// The directory is watched while the app on view follows files (another copy's, a court's).
    func watch() {
        if shell.watchedFiles.isEmpty {
            watcher = nil
        } else if watcher == nil, let dir = store.directory {
            watcher = makeWatcher(dir)
        }
    }

    /// What one wait brought. Keys read together (a held key, a paste) are one batch: one
    /// save, one frame.
    func handle(_ events: [TerminalEvent]) {
        var keys: [Key] = []
        func flushKeys() {
            guard !keys.isEmpty else { return }
            apply(shell.handle(keys, now: clock()))
            keys.removeAll()
        }
        for event in events {
            switch event {
            case .key(let key):
                keys.append(key)
            case .resize:
                flushKeys()
            case .terminate(let signal):
                flushKeys()
                // Everything is saved as it changes; restore the terminal and go.
                exitStatus = signal == SIGINT ? 0 : 128 + signal
                ended = true
                return
            case .suspend:
                // Ctrl-Z: the app is out of view and its state on disk before the process stops.
                flushKeys()
                shell.suspend(now: clock())
                store.sync()
                terminal.suspend()
                shell.resume(now: clock())
            case .readable(let fd):
                flushKeys()
                if let w = watcher, w.fileDescriptor == fd {
                    apply(shell.filesChanged(w.changedFiles(), now: clock()))
                } else if let hall, hall.socket == fd {
                    hall.readable(now: clock())
                    for n in hall.takeNotices() { shell.say(n) }
                    hallChangedFiles(hall)
                }
            }
            if shell.quitRequested { return }
        }
        flushKeys()
    }

    /// The hall wrote a file of the app's (the desk's call, kept and synced): the app reads it.
    func hallChangedFiles(_ hall: HallService) {
        let names = hall.takeChangedFiles()
        if !names.isEmpty { apply(shell.filesChanged(names, now: clock())) }
    }

    func apply(_ outputs: [ShellOutput]) {
        for o in outputs {
            switch o {
            case .bell: terminal.bell()
            case .repaint: terminal.invalidate()
            }
        }
    }
}
