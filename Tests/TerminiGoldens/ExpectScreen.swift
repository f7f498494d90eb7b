import Testing
import TerminiTestSupport

/// Golden screens: what a screen must show, kept as a text file a line a row under
/// `Tests/Goldens/` (NAME is a path there without `.txt`, e.g. `memory/fresh-80x24`), so a
/// review reads the screen as it is and a change of layout is one command:
///
///     TERMINI_UPDATE_GOLDENS=1 swift test --filter MemoryScreenTests
///
/// writes every screen that differs (and every missing one) instead of failing; `git diff`
/// then shows what moved. Without the variable a difference fails and prints the actual
/// screen beside the golden's path.
public func expectScreen(_ actual: [String], golden name: String, filePath: String = #filePath,
                         sourceLocation: SourceLocation = #_sourceLocation) {
    let path = Golden.path(name, testFile: filePath)
    let expected = Golden.read(path)
    guard actual != expected else { return }
    if Golden.updating {
        do {
            try Golden.write(actual, to: path)
            print("golden updated: \(path)")
        } catch {
            Issue.record("could not write the golden \(path): \(error)", sourceLocation: sourceLocation)
        }
        return
    }
    let why = expected == nil ? "no golden \(path)" : "screen differs from \(path)"
    let text = why + " (TERMINI_UPDATE_GOLDENS=1 writes it); actual:\n" + actual.map { "|" + $0 }.joined(separator: "\n")
    Issue.record(Comment(rawValue: text), sourceLocation: sourceLocation)
}
