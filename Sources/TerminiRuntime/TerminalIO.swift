import TerminiCore
import TerminiStore
import TerminiTerminal

/// A frame worked out on the side thread while the main thread waits for the disk.
public protocol FrameDrawing: AnyObject, Sendable {
    /// Works out what turns the screen into `canvas`.
    func draw(_ canvas: Canvas)
}

/// What the loop needs of a terminal: its size, frames (sent at once, or worked out ahead and
/// then sent or dropped), the bell, a repaint, a suspend, and a wait for what happens next.
/// The ncurses `Terminal` is one; a test's terminal in memory is another (TerminiRuntimeTests).
public protocol TerminalIO: AnyObject {
    associatedtype Ahead: FrameDrawing
    var size: Size { get }
    /// Sends the frame.
    func present(_ canvas: Canvas)
    /// A frame to work out on another thread; nothing else is drawn until it comes back.
    func frameAhead() -> Ahead
    /// Sends a frame worked out ahead.
    func present(_ ahead: Ahead)
    /// Drops a frame worked out ahead: the screen stays as it was.
    func drop(_ ahead: Ahead)
    func bell()
    /// Every cell is sent again at the next frame (Ctrl-L).
    func invalidate()
    /// Ctrl-Z: the terminal given back until the process is continued.
    func suspend()
    /// The terminal given back for good.
    func stop()
    /// Sleeps until keys, a signal, a readable descriptor in `extra` or the deadline.
    func wait(until deadline: Double?, extra: [Int32], now: () -> Double) -> [TerminalEvent]
}

extension Terminal.FrameAhead: FrameDrawing {}
extension Terminal: TerminalIO {}

/// What the loop needs of the store beyond the saves (which go through the shell's
/// `SaveCoordinator`): where its files are (to watch them), and a sync of what is left
/// (a retry of what failed, side files to remove) after the frame.
public protocol LoopStore: AnyObject {
    var directory: String? { get }
    func sync()
}

extension FileStore: LoopStore {}
