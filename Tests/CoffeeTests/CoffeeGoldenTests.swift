import Testing
import TerminiCore
import TerminiWidgets
import TerminiApp
import TerminiTestSupport
import TerminiGoldens
@testable import Coffee

/// The screens at 80×24 (content 78×21), in Tests/Goldens/coffee. The Chinese branch text takes two
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

    func check(_ name: String, sourceLocation: SourceLocation = #_sourceLocation) {
        guard let (app, size, _) = CoffeeGoldenTests.scene(name) else {
            Issue.record("no scene \(name)")
            return
        }
        expectScreen(app.lines(size: size), golden: "coffee/\(name)", sourceLocation: sourceLocation)
    }

    @Test func fresh() {
        check("fresh")
    }

    @Test func ordered() {
        check("ordered")
    }

    @Test func orderedASCII() {
        check("orderedASCII")
    }

    @Test func receipt() {
        check("receipt")
    }

    @Test func small() {
        check("small")
    }
}
