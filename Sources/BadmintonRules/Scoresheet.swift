/// A match as BWF's scoresheet records it, for any renderer (the printable HTML page; the
/// terminal's scrollable view): per game a grid with one row per player and a column per
/// rally. The running score is written on the row of the player of the side that won the
/// rally who serves next (in singles simply the winner's row); each rally column also knows who
/// served it. A game opens with its start column (the score when play was called, usually love
/// all, on the server's and the receiver's rows) and the `S` and `R` marks beside the names;
/// it closes with its result, circled. Between rallies stand the umpire's marks: cards (`W`
/// warning, `F` fault, `Disqualified`), the interval and the changes of ends, injuries (`I`,
/// and how long play stood still) and suspensions, corrections (a column of its own showing
/// where the correction left the score, so the sheet never pretends the game went so), a
/// retirement or a walkover.
///
/// Widths are in grid units: a score or a mark takes one, a written word or the circled
/// result several. `lines(units:)` cuts the games into lines of a given width for a page or a
/// screen, each game starting on a line of its own.
public struct Scoresheet: Equatable, Sendable {
    public struct Row: Equatable, Sendable {
        public var player: MatchPlayer
        public var name: String
    }

    /// A letter or word the umpire writes in a player's row.
    public enum Mark: String, Equatable, Sendable, CaseIterable {
        case server = "S", receiver = "R"
        case warning = "W", fault = "F"
        case injury = "I"
        case overrule = "O"
        /// Written `R`, as the receiver's mark: one in the grid, the other beside the names.
        case referee = "referee"
        case disqualified = "Disqualified", retired = "Retired", walkover = "Walkover"

        /// As written on the sheet.
        public var text: String { self == .referee ? "R" : rawValue }
    }

    public enum Cell: Equatable, Sendable {
        case empty
        case score(Int)
        case mark(Mark)
    }

    /// Written across the rows a column leaves free (upright in print, it runs down the column).
    public enum Band: Equatable, Sendable {
        case interval
        case changeOfEnds
        /// How long play stood still (nil: it still does).
        case injury(Double?)
        case suspension(Double?)
    }

    public struct Column: Equatable, Sendable {
        public enum Kind: Equatable, Sendable {
            /// Play called: the score then on the server's and the receiver's rows.
            case start
            /// A rally won.
            case rally
            /// A point given for a fault for misconduct (`F` on the offender's row).
            case fault
            /// A card that scored nothing now.
            case card
            case interval
            case changeOfEnds
            case stop
            /// An overrule or the referee called (`O`, `R`).
            case note
            /// A correction by the umpire: the score and positions it left.
            case correction(MatchTimeline.Correction.Kind)
            /// The game's result, circled: `score` holds it, side 0 first.
            case result
            /// A retirement, walkover or disqualification.
            case ending
        }
        public var kind: Kind
        /// One per row of the sheet.
        public var cells: [Cell]
        /// The row of the player who served the rally of this column.
        public var served: Int?
        public var band: Band?
        /// Grid units wide.
        public var span = 1
        /// The result of a `.result` column, side 0 first.
        public var score: [Int]?
        public var time: Double
    }

    public struct Game: Equatable, Sendable {
        public var number: Int
        public var columns: [Column]
        /// The `S` and `R` beside the names where play was called (one per row).
        public var serviceMarks: [Cell]
        public var start: Double?
        public var end: Double?
        public var duration: Double?
        public var score: [Int]
        public var winner: Int?
        /// The side on the left half when play began.
        public var leftAtStart: Int
        public var shuttles: Int
        /// Where play was called late (after a break), for the game's caption.
        public var lateResumptions: [MatchTimeline.LateResumption] = []
    }

    /// What a game's caption says after `Game N`, for every renderer: its times (`time` writes
    /// a moment), length, who was on the left, the shuttles, and each late call of play
    /// (`play resumed 0:07 late after the mid-game interval`).
    public func caption(_ g: Game, time: (Double) -> String) -> [String] {
        var parts: [String] = []
        if let s = g.start { parts.append(g.end.map { "\(time(s))–\(time($0))" } ?? "from \(time(s))") }
        if let d = g.duration, g.end != nil { parts.append(MatchReport.minutes(d)) }
        if g.end == nil && g.winner == nil && winner == nil && g.start != nil { parts.append("in play") }
        if g.start != nil { parts.append("\(side(g.leftAtStart)) on the left") }
        if g.shuttles > 0 { parts.append("\(g.shuttles) shuttle\(g.shuttles == 1 ? "" : "s")") }
        for l in g.lateResumptions {
            let clock = MatchReport.clock(Int(saturating: l.seconds.rounded(.down)))
            parts.append(l.after == .warmUp ? "play began \(clock) after the warm-up" : "play resumed \(clock) late after the \(l.after.rawValue)")
        }
        return parts
    }

    /// The head of the sheet.
    public var officials: MatchOfficials
    public var format: MatchFormat
    public var discipline: Discipline
    public var teams: [TeamInfo]
    /// When play was first called and when the match ended (nil while it goes on).
    public var start: Double?
    public var end: Double?
    public var shuttles: Int
    public var winner: Int?
    public var ending: Ending?
    public var rows: [Row]
    public var games: [Game]
    /// The result in words, the winner first: `Lin beat Lee 21-15 19-21 21-17`,
    /// `Lin beat Lee 11-5 (retired)`; a match not over: `Lin v Lee 21-15 5-3 · not finished`.
    public var result: String

    /// The grid units the circled result takes, and the words written in a row.
    public static let resultSpan = 3
    static func span(of mark: Mark) -> Int {
        switch mark {
        case .disqualified: return 4
        case .retired, .walkover: return 3
        default: return 1
        }
    }

    /// The sheet of a match. `court` is the court's name when the match's setup names none
    /// (the config's `badminton.court`).
    public init(_ log: MatchLog, court: String? = nil) {
        let state = log.state
        let timeline = MatchTimeline(log)
        var officials = log.setup?.officials ?? MatchOfficials()
        if officials.court == nil { officials.court = MatchOfficials.clean(court) }
        self.officials = officials
        format = state.format
        discipline = state.discipline
        teams = state.teams
        start = timeline.start
        end = timeline.end
        shuttles = state.shuttles
        winner = state.winner
        ending = state.ending
        let rows = (0..<2).flatMap { t in state.teams[t].players.indices.map { Row(player: MatchPlayer(team: t, player: $0), name: state.teams[t].fullName($0)) } }
        self.rows = rows
        games = timeline.games.filter { $0.start != nil || !$0.moments.isEmpty }.map { Scoresheet.game($0, rows: rows) }
        if state.isOver {
            result = MatchReport.outcome(state)
        } else {
            let scores = state.hasRallies ? (state.games + (state.unfinishedScore.map { [$0] } ?? [])).map { "\($0[0])-\($0[1])" } : []
            result = ([state.teams[0].name, "v", state.teams[1].name] + scores).joined(separator: " ") + " · not finished"
        }
    }

    static func game(_ g: MatchTimeline.Game, rows: [Row]) -> Game {
        func row(_ p: MatchPlayer?) -> Int? { p.flatMap { p in rows.firstIndex { $0.player == p } } }
        var out = Game(number: g.number, columns: [], serviceMarks: Array(repeating: .empty, count: rows.count), start: g.start, end: g.end,
                       duration: g.duration, score: g.score, winner: g.winner, leftAtStart: g.leftAtStart, shuttles: g.shuttles,
                       lateResumptions: g.lateResumptions)
        func column(_ kind: Column.Kind, _ time: Double, served: Int? = nil, band: Band? = nil, span: Int = 1,
                    _ cells: [(Int?, Cell)] = []) {
            var c = Column(kind: kind, cells: Array(repeating: .empty, count: rows.count), served: served, band: band, span: span, time: time)
            for (r, cell) in cells { if let r { c.cells[r] = cell } }
            out.columns.append(c)
        }
        /// The rows of a side: a retirement or a walkover is the side's, not one player's.
        func firstRow(of team: Int) -> Int? { rows.firstIndex { $0.player.team == team } }
        for m in g.moments {
            switch m {
            case let .begin(score, server, receiver, time):
                if let s = row(server) { out.serviceMarks[s] = .mark(.server) }
                if let r = row(receiver) { out.serviceMarks[r] = .mark(.receiver) }
                column(.start, time, [(row(server), .score(score[server.team])), (row(receiver), .score(score[receiver.team]))])
            case .point(let p):
                let scoreCell: (Int?, Cell) = (row(p.nextServer), .score(p.score[p.team]))
                if let offender = p.fault {
                    column(.fault, p.time, served: row(p.server), [(row(offender), .mark(.fault)), scoreCell])
                } else {
                    column(.rally, p.time, served: row(p.server), [scoreCell])
                }
            case let .card(who, card, time, scoresInNextGame):
                // A fault given between games is written where it scores: at the next game.
                guard !scoresInNextGame else { continue }
                let mark: Mark = card == .warning ? .warning : card == .fault ? .fault : .disqualified
                column(.card, time, span: span(of: mark), [(row(who), .mark(mark))])
            case .interval(let time):
                column(.interval, time, band: .interval)
            case .changeOfEnds(let time, _):
                column(.changeOfEnds, time, band: .changeOfEnds)
            case let .stop(kind, who, start, end):
                let length = end.map { $0 - start }
                column(.stop, start, band: kind == .injury ? .injury(length) : .suspension(length),
                       who.map { [(row($0), .mark(.injury))] } ?? [])
            case let .note(note, server, time):
                column(.note, time, [(row(server) ?? 0, .mark(note == .overrule ? .overrule : .referee))])
            case .correction(let c):
                column(.correction(c.kind), c.time, [(row(c.server), .score(c.score[c.server.team])), (row(c.receiver), .score(c.score[c.receiver.team]))])
            case let .gameWon(score, _, time):
                var c = Column(kind: .result, cells: Array(repeating: .empty, count: rows.count), span: resultSpan, time: time)
                c.score = score
                out.columns.append(c)
            case let .ended(ending, player, time):
                switch ending {
                case .retired(let t):
                    // On the row of the player who retired, when one was named.
                    column(.ending, time, span: span(of: .retired), [(row(player) ?? firstRow(of: t), .mark(.retired))])
                case .walkover(let t):
                    column(.ending, time, span: span(of: .walkover), [(firstRow(of: t), .mark(.walkover))])
                case .disqualified(let t):
                    column(.ending, time, span: span(of: .disqualified), [(row(player) ?? firstRow(of: t), .mark(.disqualified))])
                case .played:
                    break
                }
            }
        }
        return out
    }

    // MARK: Lines

    /// A stretch of one game's columns that fits a line of the sheet.
    public struct Line: Equatable, Sendable {
        /// Index into `games`.
        public var game: Int
        /// Indices into that game's columns.
        public var columns: Range<Int>
        /// The game's first line (it carries the `S` and `R` marks).
        public var isFirst: Bool
        /// Grid units the columns take.
        public var units: Int
    }

    /// The games cut into lines of at most `units` grid units (a column wider than a line
    /// gets one of its own); each game starts a new line, and a game with no column still has
    /// one (the names, ready to be filled in).
    public func lines(units: Int) -> [Line] {
        var out: [Line] = []
        for (g, game) in games.enumerated() {
            var start = 0, used = 0, first = true
            for (i, c) in game.columns.enumerated() {
                if used > 0 && used + c.span > units {
                    out.append(Line(game: g, columns: start..<i, isFirst: first, units: used))
                    first = false
                    start = i
                    used = 0
                }
                used += c.span
            }
            out.append(Line(game: g, columns: start..<game.columns.count, isFirst: first, units: used))
        }
        return out
    }

    // MARK: Words

    /// `Ann/Bob`, `Lee` (the head's side names).
    public func side(_ t: Int) -> String { teams[t].name }

    /// Each game's score from side 0's view, the unfinished one last: `[[21, 15], [5, 3]]`.
    public var scores: [[Int]] { games.filter { $0.start != nil || $0.score != [0, 0] }.map(\.score) }

    /// The line under the result: `Lee won`, `Lee won, Lin retired`, `Lee won by walkover`.
    public var outcome: String {
        guard let w = winner else { return "Not finished" }
        switch ending ?? .played {
        case .played: return "\(side(w)) won"
        case .retired(let t): return "\(side(w)) won, \(side(t)) retired"
        case .walkover(let t): return "\(side(w)) won by walkover (\(side(t)) did not play)"
        case .disqualified(let t): return "\(side(w)) won, \(side(t)) disqualified"
        }
    }
}
