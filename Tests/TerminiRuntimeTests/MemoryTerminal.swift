#if canImport(Glibc)
import Glibc
#endif
import TerminiCore
import TerminiRuntime
import TerminiTerminal

/// A terminal in memory for the real loop (`Program`): the events of each wait scripted, each
/// frame sent kept (and shown to `onPresent` as it is sent). Once the script is done, the
/// next wait brings SIGTERM, so `run()` ends as a real one does.
final class MemoryTerminal: TerminalIO {
    final class Ahead: FrameDrawing, @unchecked Sendable {
        var canvas: Canvas?
        func draw(_ canvas: Canvas) { self.canvas = canvas }
    }

    var size: Size
    /// What each wait brings, in turn.
    var script: [[TerminalEvent]]
    /// Every frame sent, oldest first.
    private(set) var frames: [Canvas] = []
    /// Frames worked out ahead and dropped (drawn again after the disk's answer).
    private(set) var dropped = 0
    private(set) var bells = 0
    private(set) var stopped = false
    /// Called as each frame is sent: what the test checks the disk against.
    var onPresent: ((Canvas) -> Void)?
    /// Called at each wait (the clock moves on there).
    var onWait: (() -> Void)?

    init(size: Size = Size(width: 100, height: 30), script: [[TerminalEvent]] = []) {
        self.size = size
        self.script = script
    }

    func present(_ canvas: Canvas) {
        frames.append(canvas)
        onPresent?(canvas)
    }
    func frameAhead() -> Ahead { Ahead() }
    func present(_ ahead: Ahead) {
        guard let canvas = ahead.canvas else { preconditionFailure("a frame sent that was never drawn") }
        present(canvas)
    }
    func drop(_ ahead: Ahead) { dropped += 1 }
    func bell() { bells += 1 }
    func invalidate() {}
    func suspend() {}
    func stop() { stopped = true }
    func wait(until deadline: Double?, extra: [Int32], now: () -> Double) -> [TerminalEvent] {
        onWait?()
        return script.isEmpty ? [.terminate(signal: SIGTERM)] : script.removeFirst()
    }
}
