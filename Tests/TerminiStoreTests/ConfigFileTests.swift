import Testing
@testable import TerminiStore

@Suite struct ConfigFileTests {
    let sample = """
    # Termini preferences
    theme = dark   # my favourite

    Sound = no
    badminton.format = \"21 x 3\"
    last_app = memory

    """

    @Test func readsKeysAndValues() {
        let c = ConfigFile(text: sample)
        #expect(c.value("theme") == "dark")
        #expect(c.value("sound") == "no")  // keys are case-insensitive
        #expect(c.value("badminton.format") == "21 x 3")
        #expect(c.value("last_app") == "memory")
        #expect(c.value("missing") == nil)
        #expect(c.keys == ["theme", "sound", "badminton.format", "last_app"])
        #expect(c.lineNumber(of: "last_app") == 6)
        #expect(c.problems.isEmpty)
    }

    @Test func unchangedTextIsKeptExactly() {
        #expect(ConfigFile(text: sample).text == sample)
        #expect(ConfigFile(text: "").text == "")
        #expect(ConfigFile(text: "a = 1").text == "a = 1\n")
    }

    @Test func setRewritesOnlyThatLine() {
        var c = ConfigFile(text: sample)
        #expect(c.set("last_app", "coffee") == true)
        #expect(c.text == """
        # Termini preferences
        theme = dark   # my favourite

        Sound = no
        badminton.format = \"21 x 3\"
        last_app = coffee

        """)
    }

    @Test func setAppendsNewKeys() {
        var c = ConfigFile(text: "# mine\nsound = no\n")
        #expect(c.set("theme", "mono") == true)
        #expect(c.text == "# mine\nsound = no\ntheme = mono\n")
        var empty = ConfigFile()
        #expect(empty.set("theme", "mono") == true)
        #expect(empty.text == "theme = mono\n")
    }

    @Test func setReturnsFalseWhenNothingChanges() {
        var c = ConfigFile(text: sample)
        #expect(c.set("theme", "dark") == false)
        #expect(c.set("badminton.format", "21 x 3") == false)
        #expect(c.text == sample)
        #expect(c.set("theme", "light") == true)
        #expect(c.set("theme", "light") == false)
    }

    @Test func theLastOfTwoLinesWins() {
        var c = ConfigFile(text: "theme = a\ntheme = b\n")
        #expect(c.value("theme") == "b")
        #expect(c.lineNumber(of: "theme") == 2)
        c.set("theme", "c")
        #expect(c.text == "theme = a\ntheme = c\n")
    }

    @Test func quoting() {
        var c = ConfigFile()
        c.set("a", " padded ")
        c.set("b", "has # hash")
        c.set("c", "")
        c.set("d", "say \"hi\"")
        c.set("e", "\"quoted\" \\ back")
        c.set("f", "plain words")
        #expect(c.text == """
        a = \" padded \"
        b = \"has # hash\"
        c = \"\"
        d = say \"hi\"
        e = \"\\\"quoted\\\" \\\\ back\"
        f = plain words

        """)
        let back = ConfigFile(text: c.text)
        for (k, v) in [("a", " padded "), ("b", "has # hash"), ("c", ""), ("d", "say \"hi\""), ("e", "\"quoted\" \\ back"), ("f", "plain words")] {
            #expect(back.value(k) == v, "\(k)")
        }
    }

    @Test func quotedValuesMayCarryAComment() {
        let c = ConfigFile(text: "name = \"a # b\"  # note\nother = \"x\"#tight\n")
        #expect(c.value("name") == "a # b")
        #expect(c.value("other") == "x")
    }

    @Test func controlCharactersNeverReachTheFile() {
        var c = ConfigFile()
        c.set("name", "a\nb\u{1b}c\u{7f}")
        #expect(c.text == "name = abc\n")
    }

    @Test func problemsHaveLineNumbers() {
        let c = ConfigFile(text: "theme = dark\njust some words\n = orphan\nsound = no\n")
        #expect(c.problems.map(\.line) == [2, 3])
        #expect(c.problems.map(\.text) == ["just some words", " = orphan"])
        #expect(c.value("sound") == "no")
        // Problem lines are kept as they were.
        #expect(c.text == "theme = dark\njust some words\n = orphan\nsound = no\n")
    }

    @Test func windowsLineEndings() {
        let c = ConfigFile(text: "theme = dark\r\nsound = no\r\n")
        #expect(c.value("theme") == "dark")
        #expect(c.value("sound") == "no")
        #expect(c.keys == ["theme", "sound"])
    }

    /// Found by the config fuzzer (Fuzz/corpus/config/crash-cr-before-newline): a last line
    /// ending in a lone CR lost it when the file was written back (the CR and the newline
    /// written after it read as one CRLF), so the file changed at every rewrite.
    @Test func aLoneCarriageReturnSurvivesARewrite() {
        for text in ["-\t\r", "theme = dark\r", "a = 1\r\rb = 2\n", "# note\r"] {
            let c = ConfigFile(text: text)
            #expect(ConfigFile(text: c.text) == c, "\(text.debugDescription) changed: \(c.text.debugDescription)")
        }
        var c = ConfigFile(text: "theme = dark\r")
        c.set("sound", "no")
        #expect(ConfigFile(text: c.text).value("theme") == "dark")
        #expect(ConfigFile(text: c.text).value("sound") == "no")
    }
}
