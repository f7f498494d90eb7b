import Testing
import TerminiCore
import TerminiWidgets
import TerminiApp

@Suite struct EscapeSequenceTests {
    func keys(_ s: String) -> [Key] {
        s.map { $0 == "\u{1b}" ? Key.escape : .char($0) }
    }

    @Test func unknownFunctionKeysFoldIntoTheirKey() {
        #expect(EscapeSequences.fold(keys("\u{1b}[15~")) == [.function(5)])  // F5 on a vt100 entry
        #expect(EscapeSequences.fold(keys("\u{1b}[11~")) == [.function(1)])  // PuTTY's F1
        #expect(EscapeSequences.fold(keys("\u{1b}[17~\u{1b}[24~")) == [.function(6), .function(12)])
        #expect(EscapeSequences.fold(keys("\u{1b}OP")) == [.function(1)])
        #expect(EscapeSequences.fold(keys("\u{1b}[A\u{1b}OB")) == [.up, .down])
        #expect(EscapeSequences.fold(keys("\u{1b}[1;5C")) == [.right])  // Ctrl-Right is still Right
        #expect(EscapeSequences.fold(keys("\u{1b}[Z")) == [.backTab])
        #expect(EscapeSequences.fold(keys("\u{1b}[5~\u{1b}[6~")) == [.pageUp, .pageDown])
    }

    @Test func sequencesWithNoUseAreDroppedWhole() {
        // A paste: the brackets go, the text stays.
        #expect(EscapeSequences.fold(keys("\u{1b}[200~ab\u{1b}[201~")) == [.char("a"), .char("b")])
        #expect(EscapeSequences.fold(keys("\u{1b}[I\u{1b}[O")) == [])  // focus in/out
        #expect(EscapeSequences.fold(keys("\u{1b}[99~")) == [])
    }

    @Test func aLoneEscOrEscAndAKeyStayAsTheyAre() {
        #expect(EscapeSequences.fold([.escape]) == [.escape])
        #expect(EscapeSequences.fold(keys("\u{1b}2")) == [.escape, .char("2")])  // Esc, then app 2
        #expect(EscapeSequences.fold(keys("\u{1b}[")) == [.escape, .char("[")])  // incomplete
        #expect(EscapeSequences.fold(keys("\u{1b}[12")) == [.escape, .char("["), .char("1"), .char("2")])
        #expect(EscapeSequences.fold([.char("a"), .escape, .char("q")]) == [.char("a"), .escape, .char("q")])
        #expect(EscapeSequences.fold([.escape, .escape]) == [.escape, .escape])
    }
}
