import TerminiData

/// The match as JSON values (`--status --json`, `--export json`, the hall's retained state),
/// written by the one JSON writer (TerminiData's `JSON`): members in the documented order
/// (docs/formats.md), strings escaped in one place.
extension MatchReport {
    /// The one object of `--status --json`, keys in the documented order: the fields it
    /// always had, then the umpire's (receiver, positions, cards, shuttles, call, timer).
    /// `namingCourt`: the court's name first (`--status --all --json`; null for the default court).
    public static func status(_ s: MatchState, now: Double, court: String? = nil, namingCourt: Bool = false, calls: CallTable = .english) -> JSON {
        let won = s.gamesWon
        let teams = (0..<2).map { t in team(s.teams[t], then: [("games", .int(won[t])), ("score", .int(s.score[t]))]) }
        let playing = s.phase == .playing
        var interval = JSON.null
        if let iv = s.interval, iv.remaining(at: now) > 0 {
            interval = .object(["kind": .string(iv.kind.rawValue), "remaining": .int(iv.shownSeconds(at: now))])
        }
        let positions = JSON.array((0..<2).map { t in
            .array(s.teams[t].players.indices.map { p in
                .object(["player": .string(s.teams[t].players[p]), "court": .string(s.court(ofPlayer: p, team: t).rawValue)])
            })
        })
        var timer = JSON.null
        if let t = s.timer(at: now) {
            var members: [(String, JSON)] = [("kind", .string(t.kind.rawValue)), (t.runsUp ? "elapsed" : "remaining", .int(t.shownSeconds(at: now)))]
            if t.isOverrunning(at: now) { members.append(("overrun", .int(t.overrunSeconds(at: now)))) }
            timer = .object(members)
        }
        let server: JSON = playing ? .object(["team": .int(s.server), "player": .string(s.serverName()), "court": .string(s.serviceCourt.rawValue)]) : .null
        let receiver: JSON = playing ? .object(["team": .int(s.receiver), "player": .string(s.receiverName()), "court": .string(s.serviceCourt.rawValue)]) : .null
        let fields: [(String, JSON)] = [
            ("format", .string(s.format.description)), ("discipline", .string(s.discipline.rawValue)), ("teams", .array(teams)),
            ("games", games(s)), ("game", .int(s.gameNumber)), ("server", server), ("left", .int(s.left)), ("winner", .int(s.winner)),
            ("interval", interval), ("receiver", receiver), ("positions", playing ? positions : .null), ("cards", cards(s)),
            ("shuttles", .int(s.shuttles)), ("call", .string(UmpireCall.text(s, now: now, court: court, calls: calls))), ("timer", timer),
        ]
        return .object((namingCourt ? [("court", .string(court))] : []) + fields)
    }

    /// `--status --json` as text, one line; its `call` in the umpire's language (`calls`).
    public static func statusJSON(_ s: MatchState, now: Double, court: String? = nil, calls: CallTable = .english) -> String {
        status(s, now: now, court: court, calls: calls).text()
    }

    /// The finished games' scores: `[[21,19],[17,21]]`.
    /// A side as both reports write it: its name, its players, their countries or clubs when
    /// the match has any (one a player, "" for none), then `more`.
    static func team(_ team: TeamInfo, then more: [(String, JSON)] = []) -> JSON {
        var members: [(String, JSON)] = [("name", .string(team.name)), ("players", .array(team.players.map(JSON.string)))]
        if !team.countries.isEmpty { members.append(("countries", .array(team.countries.map(JSON.string)))) }
        return .object(members + more)
    }

    static func games(_ s: MatchState) -> JSON { .array(s.games.map { .array([.int($0[0]), .int($0[1])]) }) }

    /// `[{"team":1,"player":"Dan","card":"warning","t":1764412345.5}]`
    static func cards(_ s: MatchState) -> JSON {
        .array(s.cards.map { c in
            .object(["team": .int(c.team), "player": .string(UmpireCall.player(c.team, c.player, s)),
                     "card": .string(c.card.rawValue), "t": time(c.time)])
        })
    }

    /// `[{"kind":"injury","team":1,"player":"Lee","t":…,"duration":100}]` (null while it lasts)
    static func stoppages(_ s: MatchState) -> JSON {
        .array(s.stoppages.map { st in
            var members: [(String, JSON)] = [("kind", .string(st.kind.rawValue))]
            if let t = st.team, let p = st.player { members += [("team", .int(t)), ("player", .string(UmpireCall.player(t, p, s)))] }
            members += [("t", time(st.start)), ("duration", st.end.map { time($0 - st.start) } ?? .null)]
            return .object(members)
        })
    }

    /// A timestamp or a length of time: seconds to the millisecond, no exponent.
    static func time(_ t: Double) -> JSON { .number(decimal(clamped(t), places: 3)) }

    /// One match of `--export json`.
    static func match(_ log: MatchLog) -> JSON {
        let s = log.state
        let teams = s.teams.map { team($0) }
        let ending: String?
        switch s.ending {
        case nil: ending = nil
        case .played?: ending = "played"
        case .retired?: ending = "retired"
        case .walkover?: ending = "walkover"
        case .disqualified?: ending = "disqualified"
        }
        let events = rows(log).map { r -> JSON in
            let st = r.state
            var e: [(String, JSON)] = [("time", .string(isoTime(r.event.time))), ("t", time(r.event.time)), ("event", .string(r.event.name))]
            if let t = eventTeam(r.event) { e.append(("team", .int(t))) }
            e += [("score", .array([.int(st.score[0]), .int(st.score[1])])), ("game", .int(st.gameNumber))]
            if st.phase == .playing {
                e.append(("server", .object(["team": .int(st.server), "player": .string(st.serverName()), "court": .string(st.serviceCourt.rawValue)])))
            }
            let d = details(r.event, after: st)
            if let p = d.player { e.append(("player", .string(p))) }
            switch r.event.action {
            case .card: e.append(("card", .string(d.detail ?? "")))
            case .stop, .resume: e.append(("kind", .string(d.detail ?? "")))
            case .correctCourts: e.append(("court", .string("right")))
            case .shuttle: e.append(("shuttles", .int(st.shuttles)))
            default: break
            }
            if let duration = d.duration { e.append(("duration", time(duration))) }
            return .object(e)
        }
        return .object([
            "started": .string(isoTime(log.startedAt)), "format": .string(s.format.description), "discipline": .string(s.discipline.rawValue),
            "teams": .array(teams), "games": games(s),
            // A game in play when a retirement or a disqualification ended the match, as it stood.
            "unfinished": (s.isOver ? s.unfinishedScore : nil).map { JSON.array([.int($0[0]), .int($0[1])]) } ?? .null,
            "winner": .int(s.winner), "ending": .string(ending), "finished": .bool(s.isOver),
            "cards": cards(s), "shuttles": .int(s.shuttles), "stoppages": stoppages(s),
            "stats": stats(MatchStats(log), s), "events": .array(events),
        ])
    }

    /// The `"stats"` object of a match in `--export json` (docs/formats.md: the schema).
    static func stats(_ stats: MatchStats, _ s: MatchState) -> JSON {
        func moment(_ t: Double?) -> JSON { .string(t.map(isoTime)) }
        func seconds(_ t: Double?) -> JSON { t.map(time) ?? .null }
        func side(_ x: MatchStats.Side) -> JSON {
            let players = x.players.map { p in
                JSON.object(["player": .string(UmpireCall.player(p.player.team, p.player.player, s)), "served": .int(p.served), "won_on_serve": .int(p.won)])
            }
            return .object([
                "points": .int(x.points), "won_on_serve": .int(x.wonOnServe), "won_on_receive": .int(x.wonOnReceive), "from_faults": .int(x.fromFaults),
                "served": .int(x.served), "longest_run": .int(x.longestRun), "biggest_lead": .int(x.biggestLead),
                "cards": .object(["warning": .int(x.warnings), "fault": .int(x.faults), "disqualification": .int(x.disqualifications)]),
                "players": .array(players),
            ])
        }
        /// The fields a game and the match share.
        func common(_ g: MatchStats.Game) -> [(String, JSON)] {
            [("start", moment(g.start)), ("end", moment(g.end)), ("duration", seconds(g.duration)), ("playing", seconds(g.playingSeconds)),
             ("rallies", .int(g.rallies)), ("rallies_per_minute", g.ralliesPerMinute.map { .number(decimal($0, places: 2)) } ?? .null),
             ("shuttles", .int(g.shuttles)), ("teams", .array([side(g.sides[0]), side(g.sides[1])]))]
        }
        let games = stats.games.map { g in
            JSON.object([("game", .int(g.number)), ("score", .array([.int(g.score[0]), .int(g.score[1])])), ("winner", .int(g.winner))]
                        + common(g) + [("momentum", .array(g.momentum.map(JSON.int)))])
        }
        return .object(common(stats.match) + [("games", .array(games))])
    }
}
