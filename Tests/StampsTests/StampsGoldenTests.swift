import Testing
import TerminiCore
import TerminiWidgets
import TerminiApp
import TerminiTestSupport
import TerminiGoldens
@testable import Stamps

/// The screens at 80×24 (content 78×21), in Tests/Goldens/stamps; a failure prints the actual screen.
@Suite struct StampsGoldenTests {
    /// The app and the moment of each scene.
    static func scene(_ name: String) -> (AppHarness<StampsApp>, Double, Size, Bool)? {
        let size = Size(width: 78, height: 21)
        var app = stamps()
        if name == "empty" { return (app, monday, size, true) }
        for i in 0..<3 { app.press(.char(" "), at: monday + Double(i)) }
        app.tick(at: monday + 10)
        switch name {
        case "three": return (app, monday + 10, size, true)
        case "threeASCII": return (app, monday + 10, size, false)
        case "small": return (app, monday + 10, Size(width: 44, height: 12), true)
        default: break
        }
        app.press(.char(" "), at: monday + 20)
        switch name {
        case "falling": return (app, monday + 20.1, size, true)
        case "shaking": return (app, monday + 20.4, size, true)
        default: return nil
        }
    }

    func check(_ name: String, sourceLocation: SourceLocation = #_sourceLocation) {
        guard let (app, now, size, unicode) = StampsGoldenTests.scene(name) else {
            Issue.record("no scene \(name)")
            return
        }
        var h = app
        h.unicode = unicode
        expectScreen(h.screen(now: now, size: size), golden: "stamps/\(name)", sourceLocation: sourceLocation)
    }

    @Test func three() {
        check("three")
    }

    @Test func threeASCII() {
        check("threeASCII")
    }

    @Test func falling() {
        check("falling")
    }

    @Test func shaking() {
        check("shaking")
    }

    @Test func empty() {
        check("empty")
    }

    @Test func small() {
        check("small")
    }
}
