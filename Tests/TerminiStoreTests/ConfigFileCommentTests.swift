import Testing
@testable import TerminiStore

@Suite struct ConfigFileCommentTests {
    @Test func settingAKeyKeepsItsTrailingCommentAndIndent() {
        var c = ConfigFile(text: "# mine\n  theme = court   # for the hall\nsound = no\n")
        let changed = c.set("theme", "light")
        #expect(changed)
        #expect(c.text == "# mine\n  theme = light # for the hall\nsound = no\n")
        #expect(c.value("theme") == "light")
        // A '#' inside quotes is part of the value, not a comment.
        var q = ConfigFile(text: "names = \"A # B\"\n")
        #expect(q.value("names") == "A # B")
        let changedQ = q.set("names", "C")
        #expect(changedQ)
        #expect(q.text == "names = C\n")
    }
}
