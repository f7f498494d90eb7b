import Testing
import TerminiCore
import TerminiData
@testable import BadmintonRules

@Suite struct NameTests {
    /// Found by the journal fuzzer (Fuzz/corpus/journal/crash-long-name-ends-in-spaces): a name
    /// cut to 40 characters could end in the spaces inside it, so it read back shorter than it
    /// was written, and a journal's names changed between a save and the next start.
    @Test func aNameCutToFortyCharactersReadsBackTheSame() {
        for raw in ["An" + String(repeating: " ", count: 60) + "n", String(repeating: "ab ", count: 30), "  x  "] {
            let once = TextLayout.sanitizedName(raw)
            #expect(TextLayout.sanitizedName(once) == once, "\(raw.debugDescription) → \(once.debugDescription)")
            #expect(once.count <= 40 && once.first != " " && once.last != " ", "\(once.debugDescription)")
        }
        let line = #"{"e":"names","t":5,"teams":[{"name":"An                                             n","players":["An                                             n"]},{"name":"B","players":["B"]}]}"#
        let event = MatchEvent.parse(line: Array(line.utf8))
        #expect(event != nil && MatchEvent.parse(line: event!.line.dropLast()) == event)
    }
}
