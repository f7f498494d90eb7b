import TerminiApp

/// The names of badminton's options, in the order of its options table
/// (`BadmintonApp.descriptor`).
enum BadmintonOption: String, OptionName {
    case new = "--new", format = "--format", doubles = "--doubles", names = "--names", matchNumber = "--match-no"
    case event = "--event", round = "--round", watch = "--watch", status = "--status", json = "--json"
    case export = "--export", scoresheet = "--scoresheet", output = "--output", court = "--court", all = "--all"
    case display = "--display"
}

/// What the command line asked of badminton, read once from the parsed options. Values are
/// as typed (the check, `BadmintonCommands.validate`, quotes them back when they are wrong).
struct BadmintonOptions: Equatable, Sendable {
    var new = false
    /// The setup of `--new`.
    var format: String?, doubles = false, names: String?, matchNumber: String?, event: String?, round: String?
    var watch = false
    var status = false, json = false
    var export: String?
    /// "" for `--scoresheet` without a number.
    var scoresheet: String?
    var output: String?
    var court: String?
    var all = false, display = false

    init() {}

    init(_ options: AppOptions) {
        typealias O = BadmintonOption
        new = options.flag(O.new)
        format = options.value(O.format)
        doubles = options.flag(O.doubles)
        names = options.value(O.names)
        matchNumber = options.value(O.matchNumber)
        event = options.value(O.event)
        round = options.value(O.round)
        watch = options.flag(O.watch)
        status = options.flag(O.status)
        json = options.flag(O.json)
        export = options.value(O.export)
        scoresheet = options.value(O.scoresheet)
        output = options.value(O.output)
        court = options.value(O.court)
        all = options.flag(O.all)
        display = options.flag(O.display)
    }
}
