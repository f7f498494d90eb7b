import Testing
import TerminiCore
@testable import TerminiApp

/// Issue 24: the fuzzers kept a copy of the shell's routing that had drifted (it passed F7,
/// Ctrl-C and Ctrl-Z to apps, which the shell keeps). Both use `KeyRoute` now.
@Suite struct KeyRouteTests {
    @Test func theShellKeepsItsKeysAndTheAppGetsTheRest() {
        for k in KeyNames.functionKeys(1...7) + [.ctrl("l"), .ctrl("z"), .ctrl("c"), .resize] {
            #expect(KeyRoute.of(k, appWantsAllKeys: false) == .shell, "\(k)")
            #expect(KeyRoute.of(k, appWantsAllKeys: true) == .shell, "\(k) even in a dialog")
        }
        for k: Key in [.char("?"), .char("q"), .escape] {
            #expect(KeyRoute.of(k, appWantsAllKeys: false) == .shell, "\(k)")
            #expect(KeyRoute.of(k, appWantsAllKeys: true) == .app, "\(k) typed in a dialog")
        }
        for k: Key in [.char("a"), .char("Q"), .function(8), .enter, .left, .ctrl("r"), .backspace] {
            #expect(KeyRoute.of(k, appWantsAllKeys: false) == .app, "\(k)")
        }
    }
}
