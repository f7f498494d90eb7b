#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Testing

/// A rally's journal line is synced while the frame is drawn (on a side thread), and the
/// frame reaches the terminal only after the sync has answered: seen from outside, in the
/// real binary's system calls (`strace -f`), rally by rally.
@Suite(.serialized) struct SyncOrderEndToEndTests {
    /// One system call of the trace: its thread, name, first argument, and whether the line
    /// is its start (`unfinished`, or whole) or its end (`resumed`, or whole).
    struct Call {
        var tid: String
        var name: String
        var fd: String?
        var starts: Bool
        var ends: Bool
        var text: String
    }

    static func parse(_ trace: String) -> [Call] {
        trace.split(separator: "\n").compactMap { raw in
            let line = String(raw)
            guard let space = line.firstIndex(of: " ") else { return nil }
            let tid = String(line[..<space])
            let rest = line[line.index(after: space)...].trimmingCharacters(in: .whitespaces)
            if rest.hasPrefix("<... ") {
                let name = rest.dropFirst(5).prefix { $0 != " " }
                return Call(tid: tid, name: String(name), fd: nil, starts: false, ends: true, text: line)
            }
            guard let paren = rest.firstIndex(of: "(") else { return nil }
            let name = String(rest[..<paren])
            let fd = rest[rest.index(after: paren)...].prefix { $0.isNumber }
            return Call(tid: tid, name: name, fd: fd.isEmpty ? nil : String(fd), starts: true, ends: !rest.hasSuffix("<unfinished ...>"), text: line)
        }
    }

    /// Sends `key(i)` `count` times, each once the trace holds `seen` once more (its save
    /// reached the disk calls), then quits; the trace's calls.
    static func press(_ s: TmuxSession, _ count: Int, trace: String, seen: String, what: String,
                      key: (Int) -> String) throws -> [Call] {
        for i in 1...count {
            s.send(key(i))
            let reached = s.wait(timeout: 10) { _ in
                ((try? String(contentsOfFile: trace, encoding: .utf8)) ?? "").components(separatedBy: seen).count > i
            }
            #expect(reached.ok, "\(what) \(i) never reached the disk")
            Thread.sleep(forTimeInterval: 0.4)
        }
        s.send("q")
        _ = s.exitStatus(timeout: 10)
        return parse(try String(contentsOfFile: trace, encoding: .utf8))
    }

    @Test(.tmux, .strace) func eachRallyIsOnTheDiskBeforeItsFrameIsSent() throws {
        let trace = TmuxSession.makeTempDir("termini-trace") + "/trace"
        defer { try? FileManager.default.removeItem(atPath: (trace as NSString).deletingLastPathComponent) }
        let s = try TmuxSession(arguments: ["badminton", "--new", "--names", "Red,Blue"],
                                wrapper: ["/usr/bin/strace", "-f", "-qq", "-o", trace, "-e", "trace=write,fdatasync"])
        #expect(s.waitFor("serves from", timeout: 20), "\(s.capture().joined(separator: "\n"))")
        let rallies = 6
        let calls = try Self.press(s, rallies, trace: trace, seen: "\\\"e\\\":\\\"point\\\"", what: "rally") { $0 % 2 == 0 ? "l" : "a" }
        #expect(calls.contains { $0.name == "write" && $0.fd == "1" }, "no frame in the trace")
        var checked = 0
        for (i, c) in calls.enumerated() where c.name == "write" && c.starts && c.text.contains("\\\"e\\\":\\\"point\\\"") {
            let fd = try #require(c.fd)
            // The sync of that line, and where it ended.
            guard let started = calls[i...].firstIndex(where: { $0.name == "fdatasync" && $0.starts && $0.fd == fd }) else {
                Issue.record("no fdatasync after the journal line \(c.text)")
                continue
            }
            let syncer = calls[started].tid
            let ended = calls[started].ends ? started
                : calls[(started + 1)...].firstIndex { $0.tid == syncer && $0.name == "fdatasync" && $0.ends }
            let frame = calls[i...].firstIndex { $0.name == "write" && $0.fd == "1" && $0.starts }
            guard let ended, let frame else {
                Issue.record("a journal line without its sync's answer or its frame: \(c.text)")
                continue
            }
            let between = calls[i...frame].map(\.text).joined(separator: "\n")
            #expect(ended < frame, "the frame was sent before the journal line was on the disk:\n\(between)")
            checked += 1
        }
        #expect(checked == rallies, "\(checked) of \(rallies) rallies found in the trace")
    }

    /// Issue 24: a stamp's frame was sent before its file was synced. Every app's replaced
    /// file is durable before the frame that shows it: in the trace, after the side file's
    /// data is written, its fsync, its rename over stamps.json and a directory fsync all end
    /// before the next frame reaches the terminal.
    @Test(.tmux, .strace) func eachStampIsOnTheDiskBeforeItsFrameIsSent() throws {
        let trace = TmuxSession.makeTempDir("termini-trace") + "/trace"
        defer { try? FileManager.default.removeItem(atPath: (trace as NSString).deletingLastPathComponent) }
        let s = try TmuxSession(arguments: ["stamps"],
                                wrapper: ["/usr/bin/strace", "-f", "-qq", "-o", trace, "-e", "trace=write,fsync,fdatasync,rename,renameat,renameat2"])
        #expect(s.waitFor("STAMP CARD", timeout: 20), "\(s.capture().joined(separator: "\n"))")
        let stamps = 4
        let calls = try Self.press(s, stamps, trace: trace, seen: "stamps.json\"", what: "stamp") { _ in "Space" }
        func end(of i: Int) -> Int? {
            calls[i].ends ? i : calls[(i + 1)...].firstIndex { $0.tid == calls[i].tid && $0.name == calls[i].name && $0.ends }
        }
        var checked = 0
        for (i, c) in calls.enumerated() where c.name.hasPrefix("rename") && c.starts && c.text.contains("stamps.json\"") {
            // The side file's data: the last write before the rename to a file (not the terminal).
            guard let data = calls[..<i].lastIndex(where: { $0.name == "write" && $0.starts && $0.fd != "1" && $0.fd != "2" }),
                  let frame = calls[data...].firstIndex(where: { $0.name == "write" && $0.fd == "1" && $0.starts }),
                  let renamed = end(of: i) else {
                Issue.record("a rename without its data write or its frame: \(c.text)")
                continue
            }
            let between = calls[data...max(frame, renamed)].map(\.text).joined(separator: "\n")
            #expect(renamed < frame, "the frame was sent before stamps.json was renamed into place:\n\(between)")
            let dirSync = calls[renamed...].firstIndex { $0.name == "fsync" && $0.starts }.flatMap(end(of:))
            #expect(dirSync.map { $0 < frame } == true, "the frame was sent before the directory was synced:\n\(between)")
            checked += 1
        }
        #expect(checked >= stamps, "\(checked) of \(stamps) stamps found in the trace")
    }
}
