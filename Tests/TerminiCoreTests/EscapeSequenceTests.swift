import Testing
@testable import TerminiCore
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

    /// The answer to DECRQM (synchronized output, mode 2026) comes in with the keys: it is
    /// taken out as a report and never reaches an app as Esc and characters.
    @Test func aModeReportIsTakenOutOfTheKeys() {
        var reports: [EscapeSequences.ModeReport] = []
        #expect(EscapeSequences.fold(keys("\u{1b}[?2026;2$y"), reports: &reports) == [])
        #expect(reports == [EscapeSequences.ModeReport(mode: 2026, state: 2)])
        #expect(reports[0].canSwitch)
        reports = []
        #expect(EscapeSequences.fold(keys("a\u{1b}[?2026;0$yb"), reports: &reports) == [.char("a"), .char("b")])
        #expect(reports == [EscapeSequences.ModeReport(mode: 2026, state: 0)] && !reports[0].canSwitch)
        reports = []
        // Not a report: dropped as a sequence of no use, as before; huge numbers are no report.
        #expect(EscapeSequences.fold(keys("\u{1b}[?2026$y\u{1b}[?99999999999;1$y"), reports: &reports) == [])
        #expect(reports.isEmpty)
        // Cut short, it stays as it came (as every incomplete sequence does).
        #expect(EscapeSequences.fold(keys("\u{1b}[?2026;2"), reports: &reports).first == .escape)
    }
}
