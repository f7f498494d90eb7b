import TerminiApp

/// The desk's own file in its config directory, `desk.json`: the order of play, the calls
/// and the results. Written through the store's atomic replace (a side file synced, renamed
/// over the file, the directory synced) at every change, before the screen shows it: a desk
/// killed at any moment starts again with all it had shown.
public enum DeskFile {
    public static let name = "desk.json"
    public static let version = 1

    /// The state saved last; an empty desk when there is none. A damaged file (or one
    /// holding what no desk writes) is kept aside by the store and said, never half-read.
    public static func load(from store: any StateReader) -> DeskState { loadSaying(from: store).state }

    /// The state saved last, and whether a `desk.json` was there but could not be taken (the
    /// store kept it aside): a desk that starts empty over a damaged file must say so.
    public static func loadSaying(from store: any StateReader) -> (state: DeskState, damaged: Bool) {
        let there = store.fileNames().contains(name)
        guard let s = store.load(DeskState.self, from: name, version: version) else { return (DeskState(), there) }
        guard s.isSound else {
            store.notice("\(name) holds matches no desk writes (a side that is not two teams, a score that is not two numbers): started empty, the file left as it is")
            return (DeskState(), true)
        }
        return (s, false)
    }

    public static func save(_ state: DeskState, to store: any StateStore) throws {
        switch StateCodec.encode(state, version: version) {
        case .success(let bytes): try store.write(name, bytes: bytes)
        case .failure(let e): throw e
        }
    }
}

extension DeskState {
    /// What a file must hold to be taken: two sides to every match and result, two numbers
    /// to every game, a winner that is one of the sides, match numbers as the desk takes them.
    var isSound: Bool {
        func teams(_ t: [DeskTeam]) -> Bool { t.count == 2 && t.allSatisfy { (1...2).contains($0.players.count) } }
        return matches.allSatisfy { DeskMatch.isValidNumber($0.number) && teams($0.teams) }
            && results.allSatisfy { teams($0.teams) && (0...1).contains($0.winner) && $0.games.allSatisfy { $0.count == 2 } }
            && calls.allSatisfy { match($0.match) != nil }
    }
}
