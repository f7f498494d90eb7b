import Testing
@testable import TerminiCore
import TerminiTestSupport
@testable import TerminiWidgets
@testable import TerminiApp

@Suite struct KeyTests {
    @Test func descriptions() {
        let table: [(Key, String)] = [
            (.char("a"), "a"), (.char(" "), "Space"), (.char("民"), "民"), (.enter, "Enter"), (.escape, "Esc"),
            (.tab, "Tab"), (.backTab, "Shift-Tab"), (.backspace, "Backspace"), (.delete, "Delete"),
            (.insert, "Insert"), (.up, "↑"), (.down, "↓"), (.left, "←"), (.right, "→"), (.home, "Home"),
            (.end, "End"), (.pageUp, "PgUp"), (.pageDown, "PgDn"), (.function(1), "F1"), (.function(12), "F12"),
            (.ctrl("l"), "Ctrl-L"), (.resize, "Resize"),
        ]
        for (key, text) in table {
            #expect(key.description == text)
        }
    }

    @Test func digits() {
        for d in 0...9 {
            #expect(Key.char(Character(String(d))).digit == d)
        }
        #expect(Key.char("a").digit == nil)
        #expect(Key.char("٣").digit == nil)  // Arabic-Indic three
        #expect(Key.char("３").digit == nil)  // fullwidth three
        #expect(Key.char("½").digit == nil)
        #expect(Key.function(3).digit == nil)
        #expect(Key.enter.digit == nil)
    }

    @Test func fromControlByte() {
        #expect(Key.fromControlByte(9) == .tab)
        #expect(Key.fromControlByte(10) == .enter)
        #expect(Key.fromControlByte(13) == .enter)
        #expect(Key.fromControlByte(27) == .escape)
        #expect(Key.fromControlByte(8) == .backspace)
        #expect(Key.fromControlByte(127) == .backspace)
        #expect(Key.fromControlByte(1) == .ctrl("a"))
        #expect(Key.fromControlByte(3) == .ctrl("c"))
        #expect(Key.fromControlByte(12) == .ctrl("l"))
        #expect(Key.fromControlByte(26) == .ctrl("z"))
        #expect(Key.fromControlByte(32) == .char(" "))
        #expect(Key.fromControlByte(65) == .char("A"))
        #expect(Key.fromControlByte(126) == .char("~"))
        #expect(Key.fromControlByte(0) == nil)
        #expect(Key.fromControlByte(28) == nil)
        #expect(Key.fromControlByte(200) == nil)
    }
}
