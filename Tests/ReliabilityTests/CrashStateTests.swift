#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Testing
import TerminiCore
import TerminiApp
import TerminiTestSupport
@testable import TerminiShell
@testable import TerminiStore
@testable import Stamps
@testable import Badminton
import BadmintonRules
@testable import Coffee

/// Crash states, as ALICE explores them: each app's scripted session is recorded call by call
/// through the store's seam; after every call, every directory a power cut there could leave
/// (`CrashModel`) is built and started on. The start must recover a state that was on screen
/// at or before that point (or the one whose save was under way), never one older than the
/// last frame whose save had reached the disk, and never fall back to defaults over it.
@Suite struct CrashStateTests {
    /// The real binary, beside the test bundle (built by `swift test`); nil when missing.
    static var binary: String? {
        let exe = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? ""
        let path = URL(fileURLWithPath: exe).deletingLastPathComponent().appendingPathComponent("termini").path
        return FileManager.default.isExecutableFile(atPath: path) ? path : nil
    }

    /// What a command that only reports prints on `dir`: through the real binary, and in
    /// process through a read-only store, which must agree.
    static func report(_ session: Session) -> [String]? {
        switch session.app {
        case "stamps": return ["stamps", "--status"]
        case "badminton": return ["badminton", "--status", "--json"]
        case "coffee": return ["coffee", "--receipt"]
        default: return nil
        }
    }

    static func runBinary(_ path: String, _ args: [String], dir: String) -> String? {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: path)
        p.arguments = args + ["--config-dir", dir]
        p.environment = ["LANG": "C.UTF-8", "HOME": dir, "PATH": "/usr/bin:/bin", "TZ": "UTC"]
        let out = Pipe()
        p.standardOutput = out
        p.standardError = FileHandle.nullDevice
        guard (try? p.run()) != nil else { return nil }
        let data = out.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }

    static func inProcess(_ session: Session, _ args: [String], dir: String) -> String? {
        let store = FileStore(directory: dir, readOnly: true)
        guard let type = AppRegistry.app(session.app) else { return nil }
        var options: [String: String] = [:]
        for a in args.dropFirst() where a.hasPrefix("--") { options[a] = "" }
        return type.runCommand(AppOptions(options), store: store, context: AppContext(now: Session.start + 1_000))?.allStdout
    }

    @Test(arguments: Session.all.map(\.name))
    func everyPowerCutRecoversAStateThatWasShown(_ name: String) throws {
        let session = try #require(Session.all.first { $0.name == name })
        let started = Fuzz.clock()
        let recordDir = ScratchDir("crash-record")
        let recorder = CallRecorder()
        var run: Session.Run? = session.run(in: recordDir.path, calls: recorder) { recorder.mark($0) }
        let frames = run?.frames.map(\.visible) ?? []
        let passing = run?.frames.map(\.passing) ?? []
        run?.store.sync()
        run = nil
        let initialDir = ScratchDir("crash-initial")
        for (n, text) in session.files { _ = FileManager.default.createFile(atPath: initialDir.path + "/" + n, contents: Data(text.utf8)) }
        let initialVisible = session.freshStart(initialDir.path).visible

        var model = CrashModel(directory: recordDir.path, initial: session.files.mapValues { Array($0.utf8) })
        var drawn = -1, synced = -1
        var recovered: [[String: [UInt8]]: String] = [:]
        var checked = 0, points = 0, failures = 0, sampled = 0
        let calls = recorder.calls
        for call in calls {
            model.take(call)
            if case .mark(let label) = call {
                let parts = label.split(separator: " ")
                if parts.first == "frame", let n = Int(parts[1]) { drawn = n }
                if parts.first == "synced", let n = Int(parts[1]) { synced = n }
                continue
            }
            points += 1
            // Shown at or before this point, or under way; not older than the last synced frame.
            var allowed = Set(frames[max(0, synced)...min(frames.count - 1, drawn + 1)])
            // The keys of the batch under way: each one's state is on its way to the screen.
            if drawn + 1 < passing.count { allowed.formUnion(passing[drawn + 1]) }
            if synced < 0 { allowed.insert(initialVisible) }
            for state in model.crashStates() {
                checked += 1
                let visible: String
                if let v = recovered[state] {
                    visible = v
                } else {
                    let dir = ScratchDir("crash-state")
                    for (n, bytes) in state { _ = FileManager.default.createFile(atPath: dir.path + "/" + n, contents: Data(bytes)) }
                    // A sample through the real binary: its report agrees with the in-process one.
                    if let bin = Self.binary, let args = Self.report(session), recovered.count % 20 == 0 {
                        sampled += 1
                        let a = Self.runBinary(bin, args, dir: dir.path), b = Self.inProcess(session, args, dir: dir.path)
                        if a != b {
                            failures += 1
                            Issue.record("\(name): the binary and the store disagree on a crash state: \(a ?? "nil") vs \(b ?? "nil")")
                        }
                    }
                    visible = session.freshStart(dir.path).visible
                    recovered[state] = visible
                }
                if !allowed.contains(visible) {
                    failures += 1
                    if failures <= 5 {
                        let sizes = state.mapValues { $0.count }
                        Issue.record("\(name): after call \(points) (\(call)), a power cut recovers a state never shown by then:\n\(visible)\nfiles: \(sizes)\nallowed (frames \(max(0, synced))...\(drawn + 1)): \(allowed.sorted())")
                    }
                }
            }
        }
        Fuzz.report("crash states, \(name): \(checked) crash states checked at \(points) points (\(recovered.count) distinct, "
            + "\(sampled) through the real binary's report); \(failures) recovered a state never shown or older than the last one saved; "
            + "\(String(format: "%.1f", Fuzz.clock() - started)) s")
    }
}

/// The model finds the hole the old save had: a state file renamed over the old one before its
/// data was fsynced (the fsync followed the frame). A power cut between leaves the name with
/// no data: the whole state lost, not just the last key.
@Suite struct CrashModelTests {
    @Test func theOldSaveCouldLoseTheWholeStateAtAPowerCut() {
        let dir = "/cfg"
        var model = CrashModel(directory: dir, initial: ["stamps.json": Array("three stamps".utf8)])
        let old: [RecordedCall] = [
            .create(path: "/cfg/.stamps.json.tmp-7", inode: 2),
            .write(inode: 2, offset: 0, bytes: Array("four stamps".utf8)),
            .rename(from: "/cfg/.stamps.json.tmp-7", to: "/cfg/stamps.json"),
            // the frame; the fsyncs came after it
        ]
        for c in old { model.take(c) }
        let states = model.crashStates()
        #expect(states.contains { $0["stamps.json"] == [] }, "no crash state with the file empty: \(states)")
        #expect(states.contains { $0["stamps.json"] == Array("three stamps".utf8) })
        // The side file's order: fsync before the rename, the directory after.
        var now = CrashModel(directory: dir, initial: ["stamps.json": Array("three stamps".utf8)])
        let side: [RecordedCall] = [
            .create(path: "/cfg/.stamps.json.next-1", inode: 2),
            .write(inode: 2, offset: 0, bytes: Array("four stamps".utf8)),
            .syncFile(inode: 2),
            .rename(from: "/cfg/.stamps.json.next-1", to: "/cfg/stamps.json"),
            .syncDirectory(path: dir),
        ]
        for c in side {
            now.take(c)
            for s in now.crashStates() {
                #expect(s["stamps.json"] == Array("three stamps".utf8) || s["stamps.json"] == Array("four stamps".utf8),
                        "after \(c): stamps.json is \(s["stamps.json"].map { String(decoding: $0, as: UTF8.self) } ?? "gone")")
            }
        }
    }
}
