import Foundation
import Testing
import TerminiTestSupport

/// Synchronized output (DEC private mode 2026): the real binary in a pseudo-terminal that
/// python3 plays, once as a terminal that answers the question (`CSI ? 2026 $ p`) and once as
/// one that does not. tmux 3.3a, which the other end-to-end tests run in, does not answer.
@Suite(.serialized) struct SynchronizedOutputTests {
    /// What the binary sent: whether it asked, how often, the bytes of the frame after Down,
    /// the whole output and the exit status.
    struct Run {
        var asked: Int
        var frame: [UInt8]
        var all: [UInt8]
        var status: Int
    }

    static let script = #"""
import os, pty, sys, time, select, fcntl, termios, struct, json
binary, confdir, term, answer = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4]
pid, fd = pty.fork()
if pid == 0:
    fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
    os.environ["TERM"] = term
    os.environ["LANG"] = "C.UTF-8"
    os.execv(binary, [binary, "--config-dir", confdir])
out = b""
def read(until, secs):
    global out
    end = time.time() + secs
    while time.time() < end and not until():
        r, _, _ = select.select([fd], [], [], 0.05)
        if r:
            try:
                out += os.read(fd, 65536)
            except OSError:
                return
read(lambda: b"t changes it" in out, 15)
if answer != "none" and b"\x1b[?2026$p" in out:
    os.write(fd, ("\x1b[?2026;" + answer + "$y").encode())
read(lambda: False, 0.4)
mark = len(out)
os.write(fd, b"\x1b[B")
read(lambda: b"\xe2\x96\xb8" in out[mark:], 3)
read(lambda: False, 0.3)
frame = out[mark:]
os.write(fd, b"q")
read(lambda: False, 2)
_, status = os.waitpid(pid, 0)
print(json.dumps({"asked": out.count(b"\x1b[?2026$p"), "frame": list(frame), "all": list(out), "status": os.waitstatus_to_exitcode(status)}))
"""#

    static func run(term: String = "xterm-256color", answer: String) throws -> Run {
        let dir = TempDir("sync")
        let (status, text) = try Child.output(["/usr/bin/env", "python3", "-c", script, TmuxSession.binary, dir.path, term, answer])
        guard status == 0, let data = text.split(separator: "\n").last.map({ Data($0.utf8) }),
              let o = try JSONSerialization.jsonObject(with: data) as? [String: Any] else {
            throw ChildFailure("python3 gave \(status): \(text.suffix(2000))")
        }
        return Run(asked: o["asked"] as? Int ?? -1, frame: (o["frame"] as? [Int] ?? []).map(UInt8.init),
                   all: (o["all"] as? [Int] ?? []).map(UInt8.init), status: o["status"] as? Int ?? -1)
    }

    static let begin = Array("\u{1b}[?2026h".utf8), end = Array("\u{1b}[?2026l".utf8)

    static func contains(_ bytes: [UInt8], _ part: [UInt8]) -> Bool {
        guard bytes.count >= part.count else { return false }
        return (0...(bytes.count - part.count)).contains { bytes[$0..<($0 + part.count)].elementsEqual(part) }
    }

    /// A terminal that can switch the mode: each frame is one write between `CSI ? 2026 h`
    /// and `CSI ? 2026 l`, the answer reaches no app as keys (Down moved the launcher's
    /// selection once, q quit), and the question was asked once.
    @Test(.python3) func aTerminalThatAnswersGetsEachFrameWrapped() throws {
        let r = try Self.run(answer: "2")
        #expect(r.asked == 1)
        #expect(r.frame.starts(with: Self.begin), "\(String(decoding: r.frame, as: UTF8.self).debugDescription)")
        #expect(r.frame.suffix(Self.end.count).elementsEqual(Self.end), "\(String(decoding: r.frame, as: UTF8.self).debugDescription)")
        #expect(Self.contains(r.frame, Array("▸".utf8)), "Down moved the selection")
        // The answer's digits reached no app: `2` would have opened Boxing Time.
        #expect(!Self.contains(r.all, Array("Punches".utf8)))
        #expect(r.status == 0)
    }

    /// A terminal that does not answer (or answers that it does not know the mode) is never
    /// sent the mode: asked once, then frames as always.
    @Test(.python3, arguments: ["none", "0"]) func aTerminalThatDoesNotAnswerNeverGetsTheMode(answer: String) throws {
        let r = try Self.run(answer: answer)
        #expect(r.asked == 1)
        #expect(!Self.contains(r.all, Self.begin), "\(String(decoding: r.frame, as: UTF8.self).debugDescription)")
        #expect(Self.contains(r.frame, Array("▸".utf8)))
        #expect(!Self.contains(r.all, Array("Punches".utf8)))
        #expect(r.status == 0)
    }

    /// The Linux console does not know DECRQM: it is not asked.
    @Test(.python3) func theLinuxConsoleIsNotAsked() throws {
        let r = try Self.run(term: "linux", answer: "2")
        #expect(r.asked == 0)
        #expect(!Self.contains(r.all, Self.begin))
        #expect(r.status == 0)
    }
}
