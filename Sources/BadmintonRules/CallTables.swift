/// The calls tables Termini ships, as the text a user's own `LANG.calls` holds (README,
/// "Calls in the hall's language", says where each table's wording comes from). Data, not
/// code: each is read by `CallTable.parse`, as a user's file is, and tested against the
/// moment list (every moment, exactly its placeholders).
public enum CallTables {
    /// The shipped languages, English first.
    public static let codes = ["en", "de", "fr", "nl"]

    public static func text(_ code: String) -> String? {
        switch code {
        case "en": return en
        case "de": return de
        case "fr": return fr
        case "nl": return nl
        default: return nil
        }
    }

    /// BWF Instructions to Technical Officials, Appendix 4 (the umpire's vocabulary); Law 16.
    static let en = """
    # Termini calls table: English (BWF ITTO, Appendix 4; Law 16 for misconduct)
    name = English
    voice = en
    introduction = ladies and gentlemen, on my right, {right}, and on my left, {left}
    pair = {first} and {second}
    to_serve = {server} to serve
    to_serve_to = {server} to serve to {receiver}
    love_all = love all
    play = play
    ready_to_play = ready to play
    love = love
    score = {server}-{receiver}
    score_all = {score} all
    game_point = {server} game point {receiver}
    game_point_all = {score} game point all
    match_point = {server} match point {receiver}
    match_point_all = {score} match point all
    service_over = service over, {score}
    interval = {score} interval
    change_ends = change ends
    twenty_seconds = 20 seconds
    court_twenty_seconds = court {court}, 20 seconds
    game = game
    game_won = {ordinal} game won by {side}, {scores}
    games_all_1 = one game all
    games_all_2 = two games all
    games_all_3 = three games all
    games_all_4 = four games all
    leads = {side} leads {won} games to {lost}
    leads_pair = {side} lead {won} games to {lost}
    count_0 = love
    count_1 = one
    count_2 = two
    count_3 = three
    count_4 = four
    ordinal_1 = first
    ordinal_2 = second
    ordinal_3 = third
    ordinal_4 = fourth
    ordinal_5 = fifth
    ordinal_6 = sixth
    ordinal_7 = seventh
    ordinal_8 = eighth
    ordinal_9 = ninth
    game_number = game {n}
    next_game_2 = second game
    next_game_3 = third game
    next_game_4 = fourth game
    next_game_5 = fifth game
    next_game_6 = sixth game
    next_game_7 = seventh game
    next_game_8 = eighth game
    next_game_9 = ninth game
    next_game_number = game {n}
    final_game = final game
    match_won = match won by {side}, {scores}
    match_won_alone = match won by {side}
    walkover = walkover
    retired = {side} retired
    warning = {player}, warning for misconduct
    fault = {player}, fault for misconduct
    disqualified = {player}, disqualified for misconduct
    faulted = {player}, faulted for misconduct
    won_by_disqualification = match won by {side} by disqualification
    as_they_stood = the games as they stood: {scores}
    unfinished = {score} unfinished
    suspended = play is suspended
    # The tournament desk's call to court (termini desk).
    desk_call = Match {match}, {event}, {round}: {sides}, court {court}.
    desk_and = and
    event_ms = men's singles
    event_ws = women's singles
    event_md = men's doubles
    event_wd = women's doubles
    event_xd = mixed doubles
    round_f = final
    round_sf = semi-final
    round_qf = quarter-final
    round_n = round {n}
    """

    /// The German umpire's calls of the Deutscher Badminton-Verband ("beide",
    /// "Aufschlagwechsel", "Satzpunkt", "Bitte spielen").
    static let de = """
    # Termini calls table: Deutsch (Ansagen der Schiedsrichter des DBV)
    name = Deutsch
    voice = de
    introduction = meine Damen und Herren, zu meiner Rechten, {right}, und zu meiner Linken, {left}
    pair = {first} und {second}
    to_serve = {server} schlägt auf
    to_serve_to = {server} schlägt auf zu {receiver}
    love_all = 0 beide
    play = bitte spielen
    ready_to_play = spielbereit machen
    love = 0
    score = {server}-{receiver}
    score_all = {score} beide
    game_point = {server} Satzpunkt {receiver}
    game_point_all = {score} Satzpunkt beide
    match_point = {server} Spielpunkt {receiver}
    match_point_all = {score} Spielpunkt beide
    service_over = Aufschlagwechsel, {score}
    interval = {score} Pause
    change_ends = Feldseiten wechseln
    twenty_seconds = 20 Sekunden
    court_twenty_seconds = Feld {court}, 20 Sekunden
    game = Satz
    game_won = der {ordinal} Satz wurde gewonnen von {side}, {scores}
    games_all_1 = einen Satz beide
    games_all_2 = zwei Sätze beide
    games_all_3 = drei Sätze beide
    games_all_4 = vier Sätze beide
    leads = {side} führt mit {won}:{lost} Sätzen
    leads_pair = {side} führen mit {won}:{lost} Sätzen
    count_0 = 0
    count_1 = 1
    count_2 = 2
    count_3 = 3
    count_4 = 4
    ordinal_1 = erste
    ordinal_2 = zweite
    ordinal_3 = dritte
    ordinal_4 = vierte
    ordinal_5 = fünfte
    ordinal_6 = sechste
    ordinal_7 = siebte
    ordinal_8 = achte
    ordinal_9 = neunte
    game_number = Satz {n}
    next_game_2 = zweiter Satz
    next_game_3 = dritter Satz
    next_game_4 = vierter Satz
    next_game_5 = fünfter Satz
    next_game_6 = sechster Satz
    next_game_7 = siebter Satz
    next_game_8 = achter Satz
    next_game_9 = neunter Satz
    next_game_number = Satz {n}
    final_game = Entscheidungssatz
    match_won = das Spiel wurde gewonnen von {side}, {scores}
    match_won_alone = das Spiel wurde gewonnen von {side}
    walkover = Walkover
    retired = Aufgabe von {side}
    warning = {player}, Verwarnung wegen unsportlichen Verhaltens
    fault = {player}, Fehler wegen unsportlichen Verhaltens
    disqualified = {player}, disqualifiziert wegen unsportlichen Verhaltens
    faulted = {player}, Fehler wegen unsportlichen Verhaltens
    won_by_disqualification = das Spiel wurde durch Disqualifikation gewonnen von {side}
    as_they_stood = Spielstand beim Abbruch: {scores}
    unfinished = {score} nicht beendet
    suspended = das Spiel ist unterbrochen
    # Der Aufruf der Turnierleitung (termini desk).
    desk_call = Spiel {match}, {event}, {round}: {sides}, Feld {court}.
    desk_and = und
    event_ms = Herreneinzel
    event_ws = Dameneinzel
    event_md = Herrendoppel
    event_wd = Damendoppel
    event_xd = Mixed
    round_f = Finale
    round_sf = Halbfinale
    round_qf = Viertelfinale
    round_n = Runde {n}
    """

    /// French umpires' calls as in Swiss Badminton and the FFBaD ("partout",
    /// "changement de service", "point de set", "jouez").
    static let fr = """
    # Termini calls table: français (annonces de l'arbitre, Swiss Badminton / FFBaD)
    name = Français
    voice = fr
    introduction = mesdames et messieurs, à ma droite, {right}, et à ma gauche, {left}
    pair = {first} et {second}
    to_serve = {server} au service
    to_serve_to = {server} sert sur {receiver}
    love_all = 0 partout
    play = jouez
    ready_to_play = prêts à jouer
    love = 0
    score = {server}-{receiver}
    score_all = {score} partout
    game_point = {server} point de set {receiver}
    game_point_all = {score} point de set partout
    match_point = {server} point de match {receiver}
    match_point_all = {score} point de match partout
    service_over = changement de service, {score}
    interval = {score} pause
    change_ends = changez de côté
    twenty_seconds = 20 secondes
    court_twenty_seconds = terrain {court}, 20 secondes
    game = set
    game_won = {ordinal} set gagné par {side}, {scores}
    games_all_1 = un set partout
    games_all_2 = deux sets partout
    games_all_3 = trois sets partout
    games_all_4 = quatre sets partout
    leads = {side} mène {won} sets à {lost}
    leads_pair = {side} mènent {won} sets à {lost}
    count_0 = zéro
    count_1 = un
    count_2 = deux
    count_3 = trois
    count_4 = quatre
    ordinal_1 = premier
    ordinal_2 = deuxième
    ordinal_3 = troisième
    ordinal_4 = quatrième
    ordinal_5 = cinquième
    ordinal_6 = sixième
    ordinal_7 = septième
    ordinal_8 = huitième
    ordinal_9 = neuvième
    game_number = set {n}
    next_game_2 = deuxième set
    next_game_3 = troisième set
    next_game_4 = quatrième set
    next_game_5 = cinquième set
    next_game_6 = sixième set
    next_game_7 = septième set
    next_game_8 = huitième set
    next_game_9 = neuvième set
    next_game_number = set {n}
    final_game = set décisif
    match_won = match gagné par {side}, {scores}
    match_won_alone = match gagné par {side}
    walkover = forfait
    retired = abandon de {side}
    warning = {player}, avertissement pour mauvais comportement
    fault = {player}, faute pour mauvais comportement
    disqualified = {player}, disqualifié pour mauvais comportement
    faulted = {player}, faute pour mauvais comportement
    won_by_disqualification = match gagné par {side} par disqualification
    as_they_stood = score à l'arrêt du jeu : {scores}
    unfinished = {score} non terminé
    suspended = le match est suspendu
    # L'appel du juge-arbitre (termini desk).
    desk_call = Match {match}, {event}, {round} : {sides}, terrain {court}.
    desk_and = et
    event_ms = simple messieurs
    event_ws = simple dames
    event_md = double messieurs
    event_wd = double dames
    event_xd = double mixte
    round_f = finale
    round_sf = demi-finale
    round_qf = quart de finale
    round_n = tour {n}
    """

    /// Dutch umpires' calls as in Badminton Vlaanderen ("beiden", "wissel van speelhelft",
    /// "speel"); the moments its vocabulary leaves in English stay so ("service over").
    static let nl = """
    # Termini calls table: Nederlands (scheidsrechtersaankondigingen, Badminton Vlaanderen)
    name = Nederlands
    voice = nl
    introduction = dames en heren, rechts van mij, {right}, en links van mij, {left}
    pair = {first} en {second}
    to_serve = {server} serveert
    to_serve_to = {server} serveert naar {receiver}
    love_all = 0 beiden
    play = speel
    ready_to_play = klaar om te spelen
    love = 0
    score = {server}-{receiver}
    score_all = {score} beiden
    game_point = {server} game point {receiver}
    game_point_all = {score} game point beiden
    match_point = {server} match point {receiver}
    match_point_all = {score} match point beiden
    service_over = service over, {score}
    interval = {score} interval
    change_ends = wissel van speelhelft
    twenty_seconds = 20 seconden
    court_twenty_seconds = baan {court}, 20 seconden
    game = game
    game_won = {ordinal} game gewonnen door {side}, {scores}
    games_all_1 = één game beiden
    games_all_2 = twee games beiden
    games_all_3 = drie games beiden
    games_all_4 = vier games beiden
    leads = {side} leidt met {won} games tegen {lost}
    leads_pair = {side} leiden met {won} games tegen {lost}
    count_0 = nul
    count_1 = één
    count_2 = twee
    count_3 = drie
    count_4 = vier
    ordinal_1 = eerste
    ordinal_2 = tweede
    ordinal_3 = derde
    ordinal_4 = vierde
    ordinal_5 = vijfde
    ordinal_6 = zesde
    ordinal_7 = zevende
    ordinal_8 = achtste
    ordinal_9 = negende
    game_number = game {n}
    next_game_2 = tweede game
    next_game_3 = derde game
    next_game_4 = vierde game
    next_game_5 = vijfde game
    next_game_6 = zesde game
    next_game_7 = zevende game
    next_game_8 = achtste game
    next_game_9 = negende game
    next_game_number = game {n}
    final_game = beslissende game
    match_won = wedstrijd gewonnen door {side}, {scores}
    match_won_alone = wedstrijd gewonnen door {side}
    walkover = walkover
    retired = opgave van {side}
    warning = {player}, waarschuwing wegens wangedrag
    fault = {player}, fout wegens wangedrag
    disqualified = {player}, gediskwalificeerd wegens wangedrag
    faulted = {player}, fout wegens wangedrag
    won_by_disqualification = wedstrijd gewonnen door {side} door diskwalificatie
    as_they_stood = stand bij het stoppen van het spel: {scores}
    unfinished = {score} niet uitgespeeld
    suspended = het spel wordt onderbroken
    # De oproep van de wedstrijdtafel (termini desk).
    desk_call = Wedstrijd {match}, {event}, {round}: {sides}, baan {court}.
    desk_and = en
    event_ms = herenenkel
    event_ws = damesenkel
    event_md = herendubbel
    event_wd = damesdubbel
    event_xd = gemengd dubbel
    round_f = finale
    round_sf = halve finale
    round_qf = kwartfinale
    round_n = ronde {n}
    """
}
