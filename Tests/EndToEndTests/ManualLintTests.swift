import Foundation
import Testing

/// The manual is clean for both man(7) formatters, when they are installed (.ci/run
/// installs mandoc). What it says is checked in TerminiShellTests/ManualTests.swift.
@Suite struct ManualLintTests {
    static var page: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("man/termini.1").path
    }

    /// Status and everything the tool printed, stdout and stderr.
    static func run(_ command: String) throws -> (status: Int32, output: String) {
        try Subprocess.run(["/bin/sh", "-c", command + " 2>&1"], environment: ["PATH": "/usr/bin:/bin:/usr/local/bin", "LANG": "C.UTF-8"])
    }

    @Test(.needs("mandoc"))
    func mandocLintIsSilent() throws {
        let r = try ManualLintTests.run("mandoc -Tlint -W style \(TmuxSession.quote(ManualLintTests.page))")
        #expect(r.status == 0 && r.output.isEmpty, "mandoc -Tlint:\n\(r.output)")
        // And it renders: the name line and every section heading.
        let text = try ManualLintTests.run("mandoc -Tutf8 \(TmuxSession.quote(ManualLintTests.page)) | sed 's/.\\x08//g'")
        #expect(text.output.contains("termini - five small everyday apps") || text.output.contains("termini \u{2212} five small everyday apps"))
        for h in ["SYNOPSIS", "OPTIONS", "THEMES", "FILES", "ENVIRONMENT", "EXIT STATUS", "EXAMPLES", "SEE ALSO"] {
            #expect(text.output.contains("\n" + h + "\n"), "\(h)")
        }
    }

    @Test(.needs("groff"))
    func groffWarnsAboutNothing() throws {
        let r = try ManualLintTests.run("groff -man -ww -z \(TmuxSession.quote(ManualLintTests.page))")
        #expect(r.status == 0 && r.output.isEmpty, "groff -man -ww -z:\n\(r.output)")
        // Nor when set at 80 columns for a terminal.
        let t = try ManualLintTests.run("groff -man -ww -Tutf8 -rLL=78n \(TmuxSession.quote(ManualLintTests.page)) > /dev/null")
        #expect(t.status == 0 && t.output.isEmpty, "groff -Tutf8:\n\(t.output)")
    }
}
