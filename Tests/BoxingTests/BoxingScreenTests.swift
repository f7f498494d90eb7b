import Testing
import TerminiKit
@testable import Boxing

/// Compares a screen with the expected one; on a difference, prints the actual screen in a
/// form that can be pasted into the test after checking it by eye.
func expectScreen(_ actual: [String], _ expected: [String], sourceLocation: SourceLocation = #_sourceLocation) {
    if actual != expected {
        let pasteable: [String] = actual.map { line in
            let escaped = String(line.flatMap { c -> [Character] in c == "\\" || c == "\"" ? ["\\", c] : [c] })
            return "            \"" + escaped + "\","
        }
        let text = "screen differs; actual:\n" + pasteable.joined(separator: "\n")
        Issue.record(Comment(rawValue: text), sourceLocation: sourceLocation)
    }
}

@Suite struct BoxingScreenTests {
    @Test func freshSandbagAt80x24() {
        let d = Driver()
        expectScreen(d.screen(), [
            "                         │ ● Sandbag │ ○ Trash can │",
            "",
            "         │                                                         .───.~",
            "         │                                                     (●)( o o )~(●)",
            "  ╭──────┴──────╮                    Punches                    ╲╲ ╲ ─ ╱ ╱╱",
            "  │░░░░░░░░░░░░░│                                                ╲╲_│ │_╱╱",
            "  │░░░░░░░░░░░░░│                      ███                         ╱▓▓▓╲",
            "  │░░░░░░░░░░░░░│                     █   █                        ╲▓▓▓╱",
            "  │▓▓▓▓▓▓▓▓▓▓▓▓▓│                     █   █                        ╱   ╲",
            "  │░░░░░░░░░░░░░│                     █   █                      _╱     ╲_",
            "  │░░░░░░░░░░░░░│                     █   █",
            "  │░░░░░BOX░░░░░│                     █   █               She's fighting fit",
            "  │░░░░░░░░░░░░░│                      ███                 30 punches to go",
            "  │░░░░░░░░░░░░░│",
            "  │▓▓▓▓▓▓▓▓▓▓▓▓▓│                    hit it!",
            "  │░░░░░░░░░░░░░│                    best —",
            "  │░░░░░░░░░░░░░│",
            "  │░░░░░░░░░░░░░│",
            "  ╰─────────────╯",
            " ▸ Space: punch ◂",
            " ♪ sound off                                                     Trash can: 0",
        ])
    }

    @Test func tiredWomanAfter31PunchesAt80x24() {
        var d = Driver()
        d.press(.char(" "), times: 31, every: 0.1)
        _ = d.settle()
        expectScreen(d.screen(), [
            "                         │ ● Sandbag │ ○ Trash can │",
            "",
            "         │                                                ▐█▌(●)  .───.~ (●)",
            "         │                                                ▐█▌═╲╲═( ─ ─ )═╱╱══",
            "  ╭──────┴──────╮                    Punches              ▐█▌  ╲╲ ╲ o ╱ ╱╱",
            "  │░░░░░░░░░░░░░│                                         ▐█▌═══╲╲_│ │_╱╱════",
            "  │░░░░░░░░░░░░░│                  ████    █              ▐█▌     │▓▓▓│  z z",
            "  │░░░░░░░░░░░░░│                      █  ██              ▐█▌════_│___│_═════",
            "  │▓▓▓▓▓▓▓▓▓▓▓▓▓│                      █   █              ▐█▌   [═══════]",
            "  │░░░░░░░░░░░░░│                   ███    █              ▐█▌     │   │",
            "  │░░░░░░░░░░░░░│                      █   █",
            "  │░░░░░BOX░░░░░│                      █   █                 She's tired,",
            "  │░░░░░░░░░░░░░│                  ████   ███            resting in the corner",
            "  │░░░░░░░░░░░░░│",
            "  │▓▓▓▓▓▓▓▓▓▓▓▓▓│",
            "  │░░░░░░░░░░░░░│                  best 10.0/s",
            "  │░░░░░░░░░░░░░│",
            "  │░░░░░░░░░░░░░│",
            "  ╰─────────────╯",
            " ▸ Space: punch ◂",
            " ♪ sound off                                                     Trash can: 0",
        ])
    }

    @Test func trashCanInASCIIAt80x24() {
        var d = Driver(unicode: false)
        d.press(.char(" "), times: 31, every: 0.1)
        d.press(.right)
        d.press(.char(" "), times: 7, every: 0.2)
        _ = d.settle()
        expectScreen(d.screen(theme: Theme.builtinDefault.withGlyphs(.ascii)), [
            "                         | . Sandbag | * Trash can |",
            "",
            "                                                                    _____",
            "                                                                   |#####|",
            "        .---.                        Punches                    (@)( o o )(@)",
            "  .-----'---'-----.                                              \\\\ \\ = / //",
            "  [===============]                   #####                       \\\\_| |_//",
            "   |  |   |   |  |                        #                        |=====|",
            "   |  |   |   |  |                       #                         |__|__|",
            "   |  |   |   |  |                      #                           |   |",
            "   |  |   |   |  |                     #                          __|   |__",
            "   |  |   |   |  |                     #",
            "   |  |   |   |  |                     #                   He's fighting fit",
            "   |  |   |   |  |                                         23 punches to go",
            "   |  |   |   |  |",
            "   \\-------------/                 best 10.0/s",
            "  > Space: punch <",
            "",
            "",
            "",
            " sound off                                                        Sandbag: 31",
        ])
    }

    @Test func launchScreenAt80x24() {
        let d = Driver(skipSplash: false)
        expectScreen(d.screen(), [
            "",
            "",
            "",
            "                                      ▄▄▄",
            "                                ((  ▄█████▄  ))",
            "                               (((  ███████  )))",
            "                                (( ▐███████▌ ))",
            "                                  ▀▀▀▀▀▀▀▀▀▀▀",
            "",
            "       ████   ███  █   █  ███  █   █  ███      █████  ███  █   █ █████",
            "       █   █ █   █ █   █   █   █   █ █   █       █     █   ██ ██ █",
            "       █   █ █   █  █ █    █   ██  █ █           █     █   █ █ █ █",
            "       ████  █   █   █     █   █ █ █ █ ███       █     █   █ █ █ ████",
            "       █   █ █   █  █ █    █   █  ██ █   █       █     █   █   █ █",
            "       █   █ █   █ █   █   █   █   █ █   █       █     █   █   █ █",
            "       ████   ███  █   █  ███  █   █  ████       █    ███  █   █ █████",
            "",
            "                                 Ding! Ding!",
            "",
            "",
            "                                press any key",
        ])
    }

    @Test func playAgainDialogAt80x24() {
        var d = Driver()
        d.press(.char(" "), times: 31, every: 0.1)
        _ = d.settle()
        d.press(.char("r"))
        let (screen, inside) = d.screenAroundDialog()
        #expect(inside.contains("Reset the sandbag's 31 punches to 0? The trash can keeps"))
        #expect(inside.contains("[ Yes, reset ]  ▸ No ◂"))
        expectScreen(screen, [
            "                         │ ● Sandbag │ ○ Trash can │",
            "",
            "         │                                                ▐█▌(●)  .───.~ (●)",
            "         │                                                ▐█▌═╲╲═( ─ ─ )═╱╱══",
            "  ╭──────┴──────╮                    Punches              ▐█▌  ╲╲ ╲ o ╱ ╱╱",
            "  │░░░░░░░░░░░░░│                                         ▐█▌═══╲╲_│ │_╱╱════",
            "  │░░░░░░░░░░░░░│                  ████    █              ▐█▌     │▓▓▓│  z z",
            "  │░░░░░░┌─ Play again ─────────────────────────────────────────────┐_│_═════",
            "  │▓▓▓▓▓▓│                                                          │═══]",
            "  │░░░░░░│                                                          │ │",
            "  │░░░░░░│                                                          │",
            "  │░░░░░B│                                                          │red,",
            "  │░░░░░░│                                                          │he corner",
            "  │░░░░░░└──────────────────────────────────────────────────────────┘",
            "  │▓▓▓▓▓▓▓▓▓▓▓▓▓│",
            "  │░░░░░░░░░░░░░│                  best 10.0/s",
            "  │░░░░░░░░░░░░░│",
            "  │░░░░░░░░░░░░░│",
            "  ╰─────────────╯",
            " ▸ Space: punch ◂",
            " ♪ sound off                                                     Trash can: 0",
        ])
    }

    @Test func aPunchFloatsAPlusOneAndShakesTheTarget() {
        var d = Driver()
        d.press(.char(" "))
        let lines = d.screen()
        #expect(lines.contains { $0.contains("+1") })
        // The bag is one cell left of where it rests.
        var e = d
        e.now += 1
        let still = e.screen()
        let bagRow = still.firstIndex { $0.contains("╭") } ?? 0
        let moved = lines[bagRow].firstIndex(of: "╭").map { lines[bagRow].distance(from: lines[bagRow].startIndex, to: $0) }
        let rest = still[bagRow].firstIndex(of: "╭").map { still[bagRow].distance(from: still[bagRow].startIndex, to: $0) }
        #expect(moved != nil && rest != nil && moved == (rest ?? 0) - 1)
        #expect(!still.contains { $0.contains("+1") })
    }

    @Test func theSmallestSizeStillShowsEverything() {
        var d = Driver()
        d.press(.char(" "), times: 31, every: 0.1)
        _ = d.settle()
        let size = d.app.minimumSize
        let s = d.screen(width: size.width, height: size.height).joined(separator: "\n")
        for part in ["Sandbag", "Trash can", "Punches", "resting in the corner", "best", "sound off", "▐█▌"] {
            #expect(s.contains(part), "missing \(part) at the minimum size:\n\(s)")
        }
    }

    @Test func aLargeScreenGetsALargerTargetAndCount() {
        var d = Driver()
        d.press(.char(" "), times: 5, every: 0.1)
        _ = d.settle()
        let small = d.screen().filter { $0.contains("░") }.count
        let big = d.screen(width: 198, height: 57).filter { $0.contains("░") }.count
        #expect(big > small * 2)
    }
}
