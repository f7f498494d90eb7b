import TerminiCore
import BadmintonRules
import TerminiWidgets
import TerminiApp

/// The screen: two halves in the team colours (the colours follow the players when ends
/// change), each with the names, games, the server and the score in the largest digits that
/// fit; a prompt line at the bottom; intervals, the service choice and dialogs on top.
extension BadmintonApp {
    public func renderScreen(in rect: Rect, on canvas: inout Canvas, theme: Theme, context: AppContext) {
        if let board { return renderBoard(board, in: rect, on: &canvas, theme: theme, context: context) }
        if display { return renderDisplay(in: rect, on: &canvas, theme: theme, context: context) }
        guard let log else {
            renderNoMatch(in: rect, on: &canvas, theme: theme)
            return
        }
        // While the keeper chooses who serves (doubles), the halves and the court diagram
        // show the choice as it stands: they follow 1-4 before Enter.
        let s = !watching && log.state.phase == .choosingService ? servicePreview(log.state) : log.state
        let now = context.now
        // The call takes as many lines as it needs (never cut), the prompt one.
        let callLines = self.callLines(state: s, now: now, width: rect.width, height: rect.height, glyphs: theme.glyphs,
                                      speechAvailable: context.speechAvailable)
        let main = rect.inset(bottom: max(BoardLayout.footerRows, callLines.count + 1))
        let split = SplitPane.layout(main, axis: .horizontal, sizing: .ratio(0.5), divider: true)
        let halves = [split.first, split.second]
        let halfWidth = min(halves[0].width, halves[1].width)
        let layout = BoardLayout.of(height: main.height, halfWidth: halfWidth, doubles: s.isDoubles, glyphs: theme.glyphs)
        // Both halves get the same digits: fitted to the narrower half.
        let variant = BigText.fit("88", in: Size(width: halfWidth - 2, height: layout.digitRows))
        let nameLetters = BadmintonApp.nameLetters(s.teams, width: halfWidth - 8, height: main.height, glyphs: theme.glyphs)
        for (i, half) in halves.enumerated() {
            let team = i == 0 ? s.left : s.right
            renderHalf(team: team, onLeft: i == 0, in: half, layout: layout, variant: variant, nameLetters: nameLetters, state: s,
                       on: &canvas, theme: theme)
        }
        if let d = split.divider {
            canvas.fill(d, with: theme.glyphs.vertical, style: theme[.border])
        }
        let clock = s.timer(at: now)
        let choosing = !watching && s.phase == .choosingService && modals.isEmpty
        // The band's letters half hidden by a box would read as noise: the box speaks then.
        if modals.isEmpty && !choosing && clock == nil {
            let bandY = main.y + layout.nameRows + 1 + layout.serviceRows
            renderBand(state: s, halves: halves, band: Rect(x: main.x, y: bandY, width: main.width, height: max(1, layout.bandRows)),
                       layout: layout, on: &canvas, theme: theme)
        }
        renderCall(callLines, in: rect.bottom(callLines.count + 1).inset(bottom: 1), on: &canvas, theme: theme)
        renderPrompt(in: rect.bottom(1), state: s, on: &canvas, theme: theme, now: now)
        let clockArea = main.inset(top: BadmintonApp.nameRows(main.height) + 1, bottom: layout.courtRows)
        if choosing {
            renderServiceChoice(in: main, state: s, on: &canvas, theme: theme, now: now)
        } else if let t = clock {
            switch t.kind {
            case .midGame, .betweenGames:
                if let iv = s.interval { renderInterval(iv, in: clockArea, state: s, on: &canvas, theme: theme, now: now) }
            case .warmUp, .injury, .suspension:
                renderClock(t, in: clockArea, state: s, on: &canvas, theme: theme, now: now)
            }
        }
    }

    /// Rows above the digits at a main area of `height` rows (see `BoardLayout`).
    static func headerRows(_ height: Int, doubles: Bool = false, halfWidth: Int = 38, glyphs: Glyphs = .unicode) -> Int {
        BoardLayout(height: height, halfWidth: halfWidth, doubles: doubles, glyphs: glyphs).header
    }

    static func serviceRows(doubles: Bool) -> Int { doubles ? 2 : 1 }

    /// The state as it will be once the service choice on screen is taken.
    func servicePreview(_ s: MatchState) -> MatchState {
        var p = s
        p.serverPlayer = service.server
        p.rightCourt[s.server] = service.server
        p.rightCourt[s.receiver] = service.receiver
        return p
    }

    /// The name band: one row, or seven with the name in block letters on tall screens.
    static func nameRows(_ height: Int) -> Int { height >= 40 ? 7 : 1 }

    /// Characters the block font has (others would be drawn as blanks).
    static func blockLettersCanShow(_ name: String) -> Bool {
        name.allSatisfy { c in c.isASCII && (c.isLetter || c.isNumber || " -/.:+!?".contains(c)) }
    }

    static func role(_ team: Int) -> Role { team == 0 ? .team1 : .team2 }

    /// `theme` with `role` drawn in `style`.
    static func theme(_ theme: Theme, _ role: Role, _ style: Style) -> Theme {
        var t = theme
        t.styles[role] = style
        return t
    }

    /// The style of big digits and letters: the role's colour and attributes over the
    /// background of `over`, so their blank cells carry the same attributes as the strokes.
    static func bigStyle(_ role: Role, over: Style, theme: Theme) -> Style {
        let own = theme[role]
        return Style(foreground: own.foreground, background: over.background, attributes: own.attributes.subtracting([.reverse, .underline, .italic]))
    }

    /// Big digits whose blank cells carry the digits' own colour and attributes (over the
    /// background of `over`): when a score changes, the terminal gets the changed cells
    /// without a colour change at every edge of a stroke, several times fewer bytes.
    static func bigDigits(_ text: String, role: Role, variant: BigText.Variant?, in rect: Rect, over: Style,
                          on canvas: inout Canvas, theme: Theme) {
        let style = bigStyle(role, over: over, theme: theme)
        canvas.fill(rect, style: style)
        BigText(text, role: role, alignment: .center, variant: variant, style: style).render(in: rect, on: &canvas, theme: theme)
    }

    /// How the names are drawn on a tall screen (the umpire's at 40 rows or more, the hall
    /// display): both sides the same size.
    enum NameLetters: Equatable {
        /// Each side's name on one line of block letters.
        case block(BigText.Variant)
        /// Doubles names too long for that: a line per player, letters three rows high (half
        /// blocks `scaleX` wide, or ASCII's `_ | / \` capitals).
        case perPlayer(scaleX: Int)
    }

    /// Block letters for both names, the same size on both halves (else, in doubles, a line of
    /// smaller letters per player); nil when the screen is not tall enough or a name has
    /// characters the letters lack.
    static func nameLetters(_ teams: [TeamInfo], width: Int, height: Int, glyphs: Glyphs) -> NameLetters? {
        guard nameRows(height) > 1 else { return nil }
        let names = teams.map { TextLayout.sanitized($0.name) }
        if names.allSatisfy(blockLettersCanShow) {
            let fits = names.map { BigText.fit($0, in: Size(width: width, height: 5), maxHeight: 5) }
            if fits.allSatisfy({ $0 != nil }), let v = fits.compactMap({ $0 }).min(by: { $0.scaleX < $1.scaleX }) { return .block(v) }
        }
        let players = teams.flatMap { $0.players.map(TextLayout.sanitized) }
        guard teams.allSatisfy({ $0.players.count == 2 }), players.allSatisfy(blockLettersCanShow) else { return nil }
        if !glyphs.isUnicode {
            return players.allSatisfy { AsciiLetters.measure($0).width <= width } ? .perPlayer(scaleX: 1) : nil
        }
        let scales = players.map { HalfBlockText.fit($0, width: width, glyphs: glyphs) }
        guard scales.allSatisfy({ $0 != nil }), let scale = scales.compactMap({ $0 }).min() else { return nil }
        return .perPlayer(scaleX: scale)
    }

    func renderHalf(team t: Int, onLeft: Bool, in r: Rect, layout: BoardLayout, variant: BigText.Variant?,
                    nameLetters: NameLetters?, state s: MatchState, on canvas: inout Canvas, theme: Theme) {
        let g = theme.glyphs
        let role = BadmintonApp.role(t)
        let teamStyle = theme[role]
        let serving = s.server == t && (s.phase == .playing || s.phase == .choosingService)
        let marker = g.isUnicode ? "🏸" : ">"
        // Name bar: the team colour as background; bold and reverse in monochrome.
        let nameRows = layout.nameRows
        let band = r.top(nameRows)
        canvas.fill(band, style: teamStyle.with(.reverse))
        let plainName = TextLayout.sanitized(s.teams[t].name)
        let nameStyle = teamStyle.with([.reverse, .bold])
        if let v = nameLetters {
            renderBlockName(team: t, state: s, letters: v, serving: serving, in: band, on: &canvas, theme: theme)
        } else {
            // The name stays put whether or not the side serves: only the marker cells change
            // when the service passes, so a rally redraws as little as it can.
            let bar = band.row(nameRows / 2)
            if s.cards.contains(where: { $0.team == t }) {
                // The cards as marks beside the carded player; the name keeps its place.
                renderMarkedBar(team: t, state: s, serving: serving, in: bar, style: nameStyle, on: &canvas, theme: theme)
            } else {
                let room = max(1, bar.width - 2 - DisplayWidth.of(marker) - 1)
                // Laid out once for the name, its room and the bar's width, not at every rally.
                let key = NameBarKey(name: plainName, room: room, width: bar.width, unicode: g.isUnicode, ellipsis: g.ellipsis)
                let laid = BadmintonApp.nameBars.value(key) { BadmintonApp.nameBar(key, marker: marker, glyphs: g) }
                let x = bar.x + laid.offset
                canvas.fit(serving ? laid.serving : laid.idle, in: Rect(x: x, y: bar.y, width: bar.maxX - x, height: 1), style: nameStyle, glyphs: g)
            }
        }
        // Worded for the narrower half, so both halves say it alike.
        canvas.fit(BadmintonApp.gamesLine(team: t, state: s, width: min(r.width, layout.halfWidth), glyphs: g), in: r.row(nameRows), alignment: .center,
                   style: theme[.text], glyphs: g)
        // The server or the receiver, and the service court in words.
        renderService(team: t, in: Rect(x: r.x, y: r.y + nameRows + 1, width: r.width, height: layout.serviceRows), state: s,
                      on: &canvas, theme: theme)
        // The score.
        let digits = Rect(x: r.x + 1, y: r.y + layout.header, width: r.width - 2, height: layout.digitRows)
        BadmintonApp.bigDigits(String(s.score[t]), role: role, variant: variant, in: digits, over: theme[.background], on: &canvas, theme: theme)
        if layout.courtRows > 0 {
            renderCourt(team: t, onLeft: onLeft, in: r.bottom(layout.courtRows), state: s, on: &canvas, theme: theme)
        }
    }

    /// A side's name in block letters cut out of the team colour (reverse video: readable in
    /// monochrome), the service marker before it (before the server's line when a line is a
    /// player's), the card marks in the band's last row; on the umpire's tall screen and on the
    /// hall display.
    func renderBlockName(team t: Int, state s: MatchState, letters: NameLetters, serving: Bool, in band: Rect,
                         on canvas: inout Canvas, theme: Theme) {
        let role = BadmintonApp.role(t)
        let nameStyle = theme[role].with([.reverse, .bold])
        let inner = band.inset(horizontal: 4, vertical: 1)
        let lettersTheme = BadmintonApp.theme(theme, role, nameStyle)
        // Each line of letters and the row its service marker goes on.
        var lines: [(text: String, width: Int, markRow: Int)] = []
        switch letters {
        case .block(let v):
            let name = TextLayout.sanitized(s.teams[t].name)
            BigText(name, role: role, alignment: .center, variant: v).render(in: inner, on: &canvas, theme: lettersTheme)
            lines = [(name, BigText.measure(name, v).width, band.y + band.height / 2)]
        case .perPlayer(let scaleX):
            for (i, player) in s.teams[t].players.prefix(2).enumerated() {
                let name = TextLayout.sanitized(player)
                let row = Rect(x: inner.x, y: band.y + i * 3, width: inner.width, height: 3).intersection(band)
                if theme.glyphs.isUnicode {
                    HalfBlockText(name, role: role, alignment: .center, scaleX: scaleX).render(in: row, on: &canvas, theme: lettersTheme)
                    lines.append((name, HalfBlockText.measure(name, scaleX: scaleX).width, row.y + 1))
                } else {
                    AsciiLetters(name, role: role, alignment: .center).render(in: row, on: &canvas, theme: lettersTheme)
                    lines.append((name, AsciiLetters.measure(name).width, row.y + 1))
                }
            }
        }
        let markLine = lines.count > 1 ? min(s.serverPlayer, lines.count - 1) : 0
        if serving, lines.indices.contains(markLine) {
            let line = lines[markLine]
            let mx = inner.x + (inner.width - line.width) / 2 - 3
            canvas.fit(theme.glyphs.isUnicode ? "🏸" : ">", in: Rect(x: mx, y: line.markRow, width: 2, height: 1), style: nameStyle, glyphs: theme.glyphs)
        }
        let marks = MarkedName.marks(team: t, state: s), row = band.row(band.height - 1)
        marks.render(x: row.x + max(0, (row.width - marks.width) / 2), row: row, barStyle: nameStyle, on: &canvas, theme: theme)
    }

    static let nameBars = Memo<NameBarKey, NameBar>(capacity: 64)

    /// The name bar's text with the service marker and with blanks in its place, placed as
    /// `Canvas.steady` places it (centred for the marked form) in the bar's width.
    static func nameBar(_ key: NameBarKey, marker: String, glyphs g: Glyphs) -> NameBar {
        let name = TextLayout.truncate(key.name, to: key.room, ellipsis: key.ellipsis)
        let blank = String(repeating: " ", count: DisplayWidth.of(marker))
        let serving = marker + " " + name, idle = blank + " " + name
        let width = DisplayWidth.of(serving)
        let w = min(key.width, max(DisplayWidth.of(serving.glyphed(g)), DisplayWidth.of(idle.glyphed(g))))
        return NameBar(serving: serving, idle: idle, offset: max(0, (key.width - w) / 2), width: width)
    }

    /// Games won and the finished games' scores (this side's points first), labelled so they
    /// cannot be taken for the score: `Games won: 1 · game 1: 21-15`, shorter when narrow.
    static func gamesLine(team t: Int, state s: MatchState, width: Int, glyphs g: Glyphs) -> String {
        // Worked out when a game ends or the width changes, not at every rally.
        var points: [Int] = []
        points.reserveCapacity(s.games.count * 2)
        for game in s.games { points += [game[t], game[1 - t]] }
        let key = GamesLineKey(won: s.gamesWon[t], points: points, width: width, unicode: g.isUnicode)
        return gamesLines.value(key) { gamesLineWorkedOut(team: t, state: s, width: width, glyphs: g) }
    }

    static let gamesLines = Memo<GamesLineKey, String>(capacity: 64)

    static func gamesLineWorkedOut(team t: Int, state s: MatchState, width: Int, glyphs g: Glyphs) -> String {
        let won = s.gamesWon[t]
        let scores = s.games.map { "\($0[t])-\($0[1 - t])" }
        // In ASCII the middle dot would be a dash beside the scores' dashes: two spaces instead.
        let sep = g.isUnicode ? " · " : "  "
        let games = scores.enumerated()
        var forms = [
            (["Games won: \(won)"] + games.map { "game \($0.offset + 1): \($0.element)" }).joined(separator: sep),
            (["Games won: \(won)"] + games.map { "G\($0.offset + 1) \($0.element)" }).joined(separator: sep),
            "Won \(won)" + sep + games.map { "G\($0.offset + 1) \($0.element)" }.joined(separator: " "),
            "Games won: \(won)",
        ]
        if scores.isEmpty { forms = ["Games won: \(won)"] }
        return forms.first { DisplayWidth.of($0) <= width } ?? "Won \(won)"
    }

    /// Who serves or receives, and from which court, in words whatever the width: singles on
    /// one row (`🏸 serves from the RIGHT court`); doubles on two, the player on the first
    /// (`🏸 Chen Qingchen serves`) and the court on the second (`from the RIGHT court`), the
    /// name cut before the words are. Each line is placed for its widest form, so a rally
    /// redraws only the words that change.
    func renderService(team t: Int, in rect: Rect, state s: MatchState, on canvas: inout Canvas, theme: Theme) {
        let g = theme.glyphs
        let marker = g.isUnicode ? "🏸" : ">"
        let choosing = s.phase == .choosingService
        guard s.phase == .playing || choosing, rect.height > 0 else { return }
        let serving = s.server == t
        let style = serving ? theme[.accent].with(.bold) : theme[.muted]
        let width = rect.width
        /// The first form that fits for both courts, placed steadily: worked out once for each
        /// court, width and glyph set, since a rally changes at most the court.
        func put(_ kind: ServiceLineKey.Kind, row: Int) {
            let key = ServiceLineKey(kind: kind, court: s.serviceCourt, width: width, unicode: g.isUnicode)
            let line = BadmintonApp.serviceLines.value(key) { BadmintonApp.serviceLine(key, glyphs: g) }
            let r = rect.row(row)
            let x = r.x + max(0, (r.width - line.width) / 2)
            canvas.fit(line.text, in: Rect(x: x, y: r.y, width: r.maxX - x, height: 1), style: style, glyphs: g)
        }
        guard s.isDoubles else {
            put(serving ? .serves : .receives, row: 0)
            return
        }
        if choosing && watching {
            // The keeper is choosing: nothing to say yet but who serves first.
            if serving { canvas.fit("\(marker) serves first", in: rect.row(0), alignment: .center, style: style, glyphs: g) }
            return
        }
        // The player: both of the side's names cut alike, so the line stays put.
        let suffix = serving ? " serves" : " receives"
        let prefix = serving ? marker + " " : ""
        let room = max(1, width - DisplayWidth.of(prefix) - DisplayWidth.of(suffix))
        let players = s.teams[t].players.map { prefix + TextLayout.truncate(TextLayout.sanitized($0), to: room, ellipsis: g.ellipsis) + suffix }
        let player = serving ? s.serverPlayer : s.receiverPlayer
        canvas.steady(players[min(player, players.count - 1)], widest: players, in: rect.row(0), style: style, glyphs: g)
        if rect.height > 1 {
            put(serving ? .servesFrom : .receivesIn, row: 1)
        }
    }

    static let serviceLines = Memo<ServiceLineKey, (text: String, width: Int)>(capacity: 64)

    /// A service line (see `renderService`): the text for the key's court in the first of its
    /// forms that fits the width for both courts, and the width it is placed for (its widest
    /// form's, as `Canvas.steady` places it).
    static func serviceLine(_ key: ServiceLineKey, glyphs g: Glyphs) -> (text: String, width: Int) {
        let marker = key.unicode ? "🏸" : ">"
        let serving = key.kind == .serves || key.kind == .servesFrom
        func court(_ c: ServiceCourt) -> String { serving ? c.rawValue.uppercased() : c.rawValue }
        let forms: [(ServiceCourt) -> String]
        switch key.kind {
        case .serves: forms = [{ "\(marker) serves from the \(court($0)) court" }, { "\(marker) serves, \(court($0)) court" }, { "\(marker) \(court($0)) court" }]
        case .receives: forms = [{ "receives in the \(court($0)) court" }, { "receives, \(court($0)) court" }, { "\(court($0)) court" }]
        case .servesFrom: forms = [{ "from the \(court($0)) court" }, { "\(court($0)) court" }]
        case .receivesIn: forms = [{ "in the \(court($0)) court" }, { "\(court($0)) court" }]
        }
        let width = key.width
        let chosen = forms.first { f in [ServiceCourt.right, .left].allSatisfy { DisplayWidth.of(f($0).glyphed(g)) <= width } } ?? forms[forms.count - 1]
        let text = chosen(key.court)
        let widest = [chosen(.right), chosen(.left), text].map { DisplayWidth.of($0.glyphed(g)) }.max() ?? 0
        return (text, min(width, widest))
    }

    func banner(for t: Int, state s: MatchState) -> (String, Role)? {
        switch s.phase {
        case .matchOver:
            guard s.winner == t else {
                switch s.ending {
                case .retired(t)?: return ("RETIRED", .muted)
                case .walkover(t)?: return ("DID NOT PLAY", .muted)
                case .disqualified(t)?: return ("DISQUALIFIED", .danger)
                default: return nil
                }
            }
            return ("MATCH WON", .success)
        case .gameOver:
            return s.gameWinners.last == t ? ("GAME WON", .success) : nil
        case .playing:
            if s.hasMatchPoint(t) { return ("MATCH POINT", .warning) }
            if s.hasGamePoint(t) { return ("GAME POINT", .warning) }
            return nil
        case .choosingService:
            return nil
        }
    }

    /// This side's half of the court seen from the umpire's chair: the left team faces the
    /// net to its right, so its left court is the upper row; the right team's is the lower.
    func renderCourt(team t: Int, onLeft: Bool, in r: Rect, state s: MatchState, on canvas: inout Canvas, theme: Theme) {
        let g = theme.glyphs
        // Next to the net (the divider), at most 44 cells wide.
        let w = min(r.width - 1, 44)
        let box = Rect(x: onLeft ? r.maxX - w : r.x, y: r.y, width: w, height: r.height)
        Box.draw(box, on: &canvas, glyphs: g, style: theme[.border])
        let courts: [ServiceCourt] = onLeft ? [.left, .right] : [.right, .left]
        let marker = g.isUnicode ? "🏸" : ">"
        for (i, court) in courts.enumerated() {
            let row = box.inset(horizontal: 2, vertical: 0).row(1 + i)
            let p = s.player(of: t, in: court)
            let fullName = TextLayout.sanitized(s.teams[t].players[p])
            var note = ""
            var style = theme[BadmintonApp.role(t)]
            // While the keeper chooses, the diagram previews the choice; a watcher waits for it.
            if s.phase == .playing || (s.phase == .choosingService && !watching) {
                if s.server == t && s.serverPlayer == p {
                    note = " \(marker) serves"
                } else if s.receiver == t && s.receiverPlayer == p {
                    note = " receives"
                } else {
                    style = theme[.muted]
                }
            }
            // The player's cards, as the name bar marks them (Y R B), beside the name, in
            // brackets: a red card's R is not the right court's R on the same row.
            let cards = s.cards.filter { $0.team == t && $0.player == p }.map { MarkedName.letter($0.card) }
            if !cards.isEmpty { note += " [" + cards.joined(separator: " ") + "]" }
            let label = court == .right ? "R" : "L"
            // The name is cut, never the court letter or the role.
            let name = TextLayout.truncate(fullName, to: max(1, row.width - 2 - DisplayWidth.of(note)), ellipsis: g.ellipsis)
            let text = onLeft ? "\(label) \(name)\(note)" : "\(name)\(note) \(label)"
            canvas.fit(text, in: row, alignment: onLeft ? .left : .right, style: style, glyphs: theme.glyphs)
        }
    }

    /// The bottom line: what Enter does next, or what the last key did. When it is too long
    /// for the row, the least important parts go first (the message's details, then the
    /// key reminders), so the result is never the part that is cut; a cell of margin each side.
    func renderPrompt(in row: Rect, state s: MatchState, on canvas: inout Canvas, theme: Theme, now: Double) {
        let names = s.teams.map { TextLayout.sanitized($0.name) }
        let m = message.map { [$0.text, $0.short] } ?? [nil, nil]
        var candidates: [[String?]] = []
        var play: PlayPromptKey?
        var role = Role.muted
        var loud = false
        switch s.phase {
        case .gameOver:
            let w = s.gameWinners.last ?? 0
            let last = s.games.last ?? [0, 0]
            let result = "Game \(s.gameNumber) to \(names[w]) \(last[w])-\(last[1 - w])"
            let enter: [String?] = watching ? [nil, nil] : ["Enter: next game (ends change)", "Enter: next game"]
            candidates = [[m[0], result, enter[0]], [m[0], result, enter[1]], [m[1], result, enter[1]], [result, enter[1]], [result]]
            role = .success
            loud = true
        case .matchOver:
            let w = s.winner ?? 0
            let won = s.gamesWon
            let wins = s.teams[w].verb("wins", "win")
            let result: String
            switch s.ending ?? .played {
            case .played: result = "\(names[w]) \(wins) the match \(won[w])-\(won[1 - w])"
            case .retired(let t): result = "\(names[w]) \(wins): \(TextLayout.sanitized(s.whoRetired(t))) retired"
            case .walkover(let t): result = "\(names[w]) \(wins) by walkover: \(names[t]) did not play"
            case .disqualified(let t): result = "\(names[w]) \(wins): \(names[t]) disqualified"
            }
            let keys: [String?] = watching ? [nil, nil] : ["n: new match", "u: undo"]
            candidates = [[m[0], result] + keys, [m[1], result] + keys, [result] + keys, [m[1], result, keys[0]], [result, keys[0]], [result]]
            role = .success
            loud = true
        case .choosingService:
            let n = s.gameNumber
            candidates = [[m[0], "Game \(n): choose who serves and who receives, then Enter"], [m[0], "Game \(n): choose server and receiver"],
                          [m[1], "Game \(n): choose server and receiver"], [m[0]], ["Game \(n): choose server and receiver"]]
            role = .accent
        case .playing:
            if m[0] != nil {
                candidates = [[m[0]], [m[1]]]
                role = .text
            } else if s.endsChangedInGame && s.interval != nil {
                let plays = s.teams[s.left].verb("plays", "play")
                candidates = [["Change of ends: \(names[s.left]) now \(plays) on the left"], ["Ends changed: \(names[s.left]) on the left"]]
                role = .warning
            } else if let next = openCall?.call, callIsNext {
                // The desk's call waits for this match: said where the format would be.
                candidates = [["next: " + next.title], ["next: Match \(next.match) · \(next.event) \(next.round)"], ["next: Match \(next.match)"]]
                role = .accent
            } else {
                play = PlayPromptKey(format: s.format, game: s.gameNumber, discipline: s.discipline)
            }
        }
        let g = theme.glyphs
        let room = row.inset(horizontal: 1, vertical: 0)
        let text: String
        if var key = play {
            // The line of play, the same from rally to rally: worked out when the game or the
            // width changes.
            (key.width, key.unicode) = (room.width, g.isUnicode)
            text = BadmintonApp.playPrompts.value(key) { BadmintonApp.promptText(BadmintonApp.playCandidates(s), width: room.width, glyphs: g) }
        } else {
            text = BadmintonApp.promptText(candidates, width: room.width, glyphs: g)
        }
        let style = loud ? theme[role].with([.reverse, .bold]) : theme[role]
        if loud { canvas.fill(row, style: style) }
        canvas.fit(text, in: room, alignment: .center, style: style, glyphs: g)
    }

    static let playPrompts = Memo<PlayPromptKey, String>(capacity: 64)

    /// The prompt's forms during play, with nothing else to say: the format and the game.
    static func playCandidates(_ s: MatchState) -> [[String?]] {
        let game = s.format.games == 1 ? "one game" : "game \(s.gameNumber) of up to \(s.format.games)"
        return [["\(s.format) · \(game) · \(s.discipline.rawValue)"], ["\(s.format) · game \(s.gameNumber)"]]
    }

    /// The first of the prompt's forms that fits `width`, its parts joined by middle dots.
    static func promptText(_ candidates: [[String?]], width: Int, glyphs g: Glyphs) -> String {
        let lines = candidates.map { $0.compactMap { $0 }.joined(separator: " · ").glyphed(g) }.filter { !$0.isEmpty }
        return lines.first { DisplayWidth.of($0) <= width } ?? lines.last ?? ""
    }

    /// Doubles, before the first rally of a game: who serves and who receives. The interval
    /// between games runs on meanwhile, so its countdown is in the box (big on tall screens).
    func renderServiceChoice(in area: Rect, state s: MatchState, on canvas: inout Canvas, theme: Theme, now: Double) {
        let g = theme.glyphs
        // The clock that runs meanwhile: the interval between games, the warm-up, a stop.
        let clock = s.timer(at: now)
        let bigRows = clock != nil && area.height >= 30 ? max(5, area.height / 4) : 0
        let innerRows = 5 + (clock == nil ? 0 : 2) + bigRows
        let words = clock.map { clockWords($0, state: s, now: now) }
        let warning = words?.warning ?? false
        let box = area.centered(Size(width: min(area.width - 2, 60), height: min(area.height, innerRows + 2)))
        let borderRole: Role = warning ? .warning : .dialogBorder
        canvas.fill(box, style: theme[.dialog])
        Box.draw(box, on: &canvas, glyphs: g, style: theme[borderRole], title: "Game \(s.gameNumber) · who serves?".glyphed(g), titleStyle: theme[borderRole])
        let inner = box.inset(horizontal: 2, vertical: 1)
        let st = s.server, rt = s.receiver
        canvas.fit("\(TextLayout.sanitized(s.teams[st].name)) serve\(s.games.isEmpty ? " first" : ": they won the last game")",
                   in: inner.row(0), style: theme[.text], glyphs: theme.glyphs)
        // Numbered as every umpire dialog numbers them: by where they are on screen.
        let numbered = NumberedPlayers(s)
        let rows: [(String, Int, Int)] = [("Server", st, service.server), ("Receiver", rt, service.receiver)]
        // Both players' names get the same room: whatever is left after the keys and marks.
        let room = max(4, (inner.width - 12 - 2 * 4 - 3) / 2)
        for (i, (label, team, chosen)) in rows.enumerated() {
            let row = inner.row(2 + i)
            let focused = service.row == i
            var x = canvas.put((focused ? String(g.pointer) : " ") + " " + label, x: row.x, y: row.y,
                               style: focused ? theme[.accent] : theme[.text], clip: row)
            x = max(x + 1, row.x + 12)
            for p in 0..<2 {
                let mark = p == chosen ? g.dotOn : g.dotOff
                let name = TextLayout.truncate(TextLayout.sanitized(s.teams[team].players[p]), to: room, ellipsis: g.ellipsis)
                let style = p == chosen ? (focused ? theme[.focus] : theme[.selected]) : theme[.muted]
                x = canvas.put("\(numbered.number(team, p)) \(mark) \(name)", x: x, y: row.y, style: style, clip: row)
                x += 3
            }
        }
        canvas.fit("1 2 the left pair, 3 4 the right, as in every dialog", in: inner.row(4), style: theme[.muted], glyphs: g)
        guard let clock, let words, inner.height >= 7 else { return }
        let secs = clock.clockText(at: now)
        if bigRows > 0 {
            let bigRect = Rect(x: inner.x, y: inner.y + 5, width: inner.width, height: bigRows)
            let big = BigText.fit(secs, in: bigRect.size, maxHeight: bigRows)
            BadmintonApp.bigDigits(secs, role: warning ? .warning : .text, variant: big, in: bigRect, over: theme[.dialog],
                                   on: &canvas, theme: theme)
        }
        canvas.fit(words.text.glyphed(g), in: inner.row(inner.height - 1), alignment: .center,
                   style: warning ? theme[.warning].with(.bold) : theme[.text], glyphs: g)
    }

    func renderNoMatch(in rect: Rect, on canvas: inout Canvas, theme: Theme) {
        let lines = watching
            ? ["No match yet.", "This screen follows the match as soon as one starts."]
            : ["No match in progress.", "n: new match"]
        let box = rect.centered(Size(width: rect.width, height: lines.count))
        for (i, l) in lines.enumerated() {
            canvas.fit(l, in: box.row(i), alignment: .center, style: i == 0 ? theme[.accent] : theme[.muted], glyphs: theme.glyphs)
        }
    }
}

/// What a service line says, for `BadmintonApp.serviceLines`: small values, cheap to hash.
struct ServiceLineKey: Hashable, Sendable {
    enum Kind: Hashable, Sendable { case serves, receives, servesFrom, receivesIn }
    var kind: Kind
    var court: ServiceCourt
    var width: Int
    var unicode: Bool
}

/// What the prompt during play (`BadmintonApp.playCandidates`) depends on, with the room for
/// it and the glyph set.
struct PlayPromptKey: Hashable, Sendable {
    var format: MatchFormat
    var game: Int
    var discipline: Discipline
    var width = 0
    var unicode = true
}

/// What a name bar depends on: the name, the room it is cut to, the bar's width and the glyphs.
struct NameBarKey: Hashable, Sendable {
    var name: String
    var room: Int
    var width: Int
    var unicode: Bool
    var ellipsis: String
}

/// A name bar laid out: the text when the side serves and when not, where it starts in the
/// bar, and the width of the served form.
struct NameBar: Sendable {
    var serving: String
    var idle: String
    var offset: Int
    var width: Int
}

/// What a games line (`BadmintonApp.gamesLine`) depends on: games won, this side's and the
/// other's points of each finished game, the width and the glyph set.
struct GamesLineKey: Hashable, Sendable {
    var won: Int
    var points: [Int]
    var width: Int
    var unicode: Bool
}

extension String {
    /// The text with its middle dots in the glyph set's form (`-` in ASCII).
    func glyphed(_ g: Glyphs) -> String {
        g.isUnicode ? self : String(map { $0 == "·" ? g.middleDot : $0 })
    }
}

extension Canvas {
    /// Text that changes in place: placed where the widest of its `widest` forms would be
    /// centred, so a change redraws only the cells that differ.
    mutating func steady(_ text: String, widest forms: [String], in rect: Rect, style: Style, glyphs g: Glyphs) {
        let w = min(rect.width, (forms + [text]).map { DisplayWidth.of($0.glyphed(g)) }.max() ?? 0)
        let x = rect.x + max(0, (rect.width - w) / 2)
        fit(text, in: Rect(x: x, y: rect.y, width: rect.maxX - x, height: 1), style: style, glyphs: g)
    }

    /// Text in a one-line rectangle, cut with the glyph set's ellipsis (never a Unicode one in
    /// ASCII) and with its middle dots in the glyph set's form.
    mutating func fit(_ text: String, in rect: Rect, alignment: Alignment = .left, style: Style, glyphs g: Glyphs) {
        // `put(_:in:)` cuts the text to the rectangle with the ellipsis given.
        put(text.glyphed(g), in: rect, alignment: alignment, style: style, ellipsis: g.ellipsis)
    }
}
