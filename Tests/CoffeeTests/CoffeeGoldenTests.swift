import Testing
import TerminiCore
import TerminiWidgets
import TerminiApp
import TerminiTestSupport
@testable import Coffee

/// The screens at 80×24 (content 78×21), written out. The Chinese branch text takes two
/// cells a character: in these strings a CJK character stands for two columns, so the lines
/// with it are shorter in characters but end in the same column on screen.
@Suite struct CoffeeGoldenTests {
    static func scene(_ name: String) -> (AppHarness<CoffeeApp>, Size, Bool)? {
        let size = Size(width: 78, height: 21)
        var app = coffee(unicode: !name.hasSuffix("ASCII"))
        switch name {
        case "fresh": return (app, size, true)
        case "ordered", "orderedASCII":
            app.press([.char("3"), .down, .char("+"), .char("+"), .down, .char("+"), .down, .right, .right, .right])
            return (app, size, name == "ordered")
        case "receipt":
            app.press([.char("5"), .down, .down, .down, .down, .char("+"), .down, .char("+"), .char("+"), .enter])
            return (app, size, true)
        case "small":
            // The bag is added from the order (the keys act on the pane with the focus), and
            // Tab takes the focus back to the stores.
            app.press([.char("4"), .down, .char("+"), .tab])
            return (app, Size(width: 46, height: 14), true)
        default: return nil
        }
    }

    func check(_ name: String, _ expected: [String]) {
        guard let (app, size, _) = CoffeeGoldenTests.scene(name) else {
            Issue.record("no scene \(name)")
            return
        }
        let actual = app.lines(size: size)
        #expect(actual == expected, "\(name):\n\(actual.map { "\"\($0)\"," }.joined(separator: "\n"))")
    }

    @Test func fresh() {
        check("fresh", [
            "  Stores                                                        branch 1 of 5",
            "",
            "     ╭────────────────╮    民權創始店",
            "     │    COFFEE 1    │    Minquan Original",
            "    ▐▀▄▀▄▀▄▀▄▀▄▀▄▀▄▀▄▀▄▌",
            "     │ ┌──┐  ┌─────┐  │    Tel (02)2545-9945",
            "     │ │  │  │▒▒▒▒▒│  │    松山區民權東路三段140巷2-1號",
            "     │ │ •│  └─────┘  │    No. 2-1, Ln. 140, Sec. 3,",
            "    ▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀   Minquan E. Rd., Songshan Dist.",
            "",
            "                               ◂  ● ○ ○ ○ ○  ▸",
            "──────────────────────────────────────────────────────────────────────────────",
            "            Order                  Price      Bags          Amount",
            "             House Blend          NT$280   [−]  0 [+]            ·",
            "             Ethiopia (washed)    NT$450   [−]  0 [+]            ·",
            "             Ethiopia (natural)   NT$450   [−]  0 [+]            ·",
            "             Geisha               NT$550   [−]  0 [+]            ·",
            "             Kenya                NT$500   [−]  0 [+]            ·",
            "             Sumatra              NT$500   [−]  0 [+]            ·",
            "           ───────────────────────────────────────────────────────",
            "             Total                              0 bags        NT$0",
        ])
    }

    @Test func ordered() {
        check("ordered", [
            "  Stores                                                        branch 3 of 5",
            "",
            "     ╭────────────────╮    三號松江店",
            "     │    COFFEE 3    │    No. 3 Songjiang",
            "    ▐▀▄▀▄▀▄▀▄▀▄▀▄▀▄▀▄▀▄▌",
            "     │ ┌──┐  ┌─────┐  │    Tel (02)2571-6845",
            "     │ │  │  │▒▒▒▒▒│  │    中山區松江路330巷30號",
            "     │ │ •│  └─────┘  │    No. 30, Ln. 330, Songjiang Rd., Zhongshan Dist.",
            "    ▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀",
            "",
            "                               ◂  ○ ○ ● ○ ○  ▸",
            "──────────────────────────────────────────────────────────────────────────────",
            "            Order                  Price      Bags          Amount",
            "             House Blend          NT$280   [−]  2 [+]       NT$560",
            "             Ethiopia (washed)    NT$450   [−]  1 [+]       NT$450",
            "           ▸ Ethiopia (natural)   NT$450   [−]  3 [+]     NT$1,350",
            "             Geisha               NT$550   [−]  0 [+]            ·",
            "             Kenya                NT$500   [−]  0 [+]            ·",
            "             Sumatra              NT$500   [−]  0 [+]            ·",
            "           ───────────────────────────────────────────────────────",
            "             Total                              6 bags    NT$2,360",
        ])
    }

    @Test func orderedASCII() {
        check("orderedASCII", [
            "  Stores                                                        branch 3 of 5",
            "",
            "     .----------------.",
            "     |    COFFEE 3    |    No. 3 Songjiang",
            "    /\\/\\/\\/\\/\\/\\/\\/\\/\\/\\",
            "     | +--+  +-----+  |    Tel (02)2571-6845",
            "     | |  |  |:::::|  |    No. 30, Ln. 330, Songjiang Rd., Zhongshan Dist.",
            "     | | o|  +-----+  |",
            "    ====================",
            "",
            "                               <  . . * . .  >",
            "------------------------------------------------------------------------------",
            "            Order                  Price      Bags          Amount",
            "             House Blend          NT$280   [-]  2 [+]       NT$560",
            "             Ethiopia (washed)    NT$450   [-]  1 [+]       NT$450",
            "           > Ethiopia (natural)   NT$450   [-]  3 [+]     NT$1,350",
            "             Geisha               NT$550   [-]  0 [+]            -",
            "             Kenya                NT$500   [-]  0 [+]            -",
            "             Sumatra              NT$500   [-]  0 [+]            -",
            "           -------------------------------------------------------",
            "             Total                              6 bags    NT$2,360",
        ])
    }

    @Test func receipt() {
        check("receipt", [
            "  Stores                                                        branch 5 of 5",
            "",
            "     ╭────────────────╮    內湖港墘店",
            "     │    COFFEE 5 ┌─ Receipt ────────────────────────────┐",
            "    ▐▀▄▀▄▀▄▀▄▀▄▀▄▀▄│         COFFEE SHOP RECEIPT          │",
            "     │ ┌──┐  ┌─────│              內湖港墘店              │",
            "     │ │  │  │▒▒▒▒▒│            Neihu Gangqian            │",
            "     │ │ •│  └─────│            (02)2797-1919             │eihu Dist.",
            "    ▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀│        內湖區港墘路127巷12號         │",
            "                   │ ──────────────────────────────────── │",
            "                   │ Geisha         1 × NT$550     NT$550 │",
            "───────────────────│ Kenya          2 × NT$500   NT$1,000 │───────────────────",
            "            Order  │ ──────────────────────────────────── │ Amount",
            "             House │ Total  3 bags               NT$1,550 │      ·",
            "             Ethiop│                                      │      ·",
            "             Ethiop│                       any key closes │      ·",
            "             Geisha└──────────────────────────────────────┘ NT$550",
            "             Kenya                NT$500   [−]  2 [+]     NT$1,000",
            "             Sumatra              NT$500   [−]  0 [+]            ·",
            "           ───────────────────────────────────────────────────────",
            "             Total                              3 bags    NT$1,550",
        ])
    }

    @Test func small() {
        check("small", [
            "  Stores                        branch 4 of 5",
            "                  古亭示範店",
            "               Guting Showcase",
            "              Tel (02)2365-6627",
            "             中正區金門街2-6號 …",
            "               ◂  ○ ○ ○ ● ○  ▸",
            "──────────────────────────────────────────────",
            " Order             Price    Bags        Amount",
            "  House Blend     NT$280 [−]  1 [+]     NT$280",
            "  Ethiopia (wash… NT$450 [−]  0 [+]          ·",
            "  Ethiopia (natu… NT$450 [−]  0 [+]          ·",
            "↓ Geisha          NT$550 [−]  0 [+]          ·",
            "──────────────────────────────────────────────",
            "  Total                       1 bag     NT$280",
        ])
    }
}
