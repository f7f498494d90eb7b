import Foundation
import Testing

/// The README shows the launcher as a newcomer first meets it: the real binary at 80x24 with
/// a fresh config directory. When the launcher changes, so must the picture.
@Suite(.tmux) struct ReadmeScreenshotTests {
    static func trimmed(_ line: String) -> String { String(line.reversed().drop { $0 == " " }.reversed()) }

    @Test func theReadmeScreenshotIsTheLauncherAt80x24() throws {
        let readme = try String(contentsOfFile: InstallTests.checkout + "/README.md", encoding: .utf8)
        let lines = readme.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let start = lines.firstIndex(where: { $0.hasPrefix("┌─ Termini") }) else {
            Issue.record("README.md has no screenshot of the launcher")
            return
        }
        let shot = lines[start...].prefix { !$0.hasPrefix("```") }.map(ReadmeScreenshotTests.trimmed).joined(separator: "\n")
        let t = try TmuxSession()
        #expect(t.waitFor("Coffee Shop"), "\(t.screen)")
        let seen = t.wait { $0 == shot }
        #expect(seen.ok, "README.md's screenshot differs from the launcher at 80x24:\n\(seen.screen)")
        t.send("q")
        #expect(t.exitStatus() == 0)
    }
}
