import Testing
import BadmintonRules

/// OWASP's rule for CSV injection, in the one function every CSV of Termini's goes through.
@Suite struct CSVFieldTests {
    @Test func aFormulaAfterAnySpaceOrFormatCharacterIsText() {
        for lead in ["", " ", "\u{00A0}", "\u{200B}", "\u{FEFF}", "\u{2003}", "\u{202F}", "\u{2060}", "\u{00A0}\u{200B} "] {
            for op in ["=", "+", "-", "@"] {
                let field = MatchReport.csvField(lead + op + "1+1")
                #expect(field == "\"'" + lead + op + "1+1\"", "\(Array(lead.unicodeScalars)) \(op): \(field)")
            }
        }
        #expect(MatchReport.csvField("Lin Dan") == "Lin Dan")
        #expect(MatchReport.csvField("\u{00A0}Lin") == "\u{00A0}Lin")
        #expect(MatchReport.csvField("a-b") == "a-b")
        #expect(MatchReport.csvField("\tx") == "\"'\tx\"")
    }
}
