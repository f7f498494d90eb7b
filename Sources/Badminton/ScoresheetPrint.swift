import BadmintonRules
import TerminiApp

extension BadmintonApp {
    /// `p`: the match's scoresheet, the page `--scoresheet N` prints, written whole to
    /// `scoresheet-N.html` in the config directory (N as the history numbers it, 1 the oldest;
    /// the match on screen, in progress, comes after them). The notice names the file.
    mutating func printScoresheet(startedAt t: Double?) -> [AppEffect] {
        history.load(files, keeping: !watching)
        let listed = historyMatches
        let wanted = t ?? log?.startedAt
        guard let wanted else { return alertBell }
        let number = listed.firstIndex { $0.startedAt == wanted }.map { listed.count - $0 } ?? listed.count + 1
        let match = log.flatMap { $0.startedAt == wanted ? $0 : nil } ?? history.match(startedAt: wanted, files, keeping: !watching)
        guard let match else { return alertBell }
        let html = ScoresheetHTML.render(Scoresheet(match, court: court))
        let name = "scoresheet-" + (files.court.map { "\($0)-" } ?? "") + "\(number).html"
        let path = directory.map { $0 + "/" + name } ?? name
        return history.save(files) + [.write(file: name, bytes: Array(html.utf8)),
                                      .notice("Match \(number)'s scoresheet: \(path)")]
    }
}
