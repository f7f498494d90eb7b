import TerminiApp

/// The names of badminton's options, in the order of its options table
/// (`BadmintonApp.descriptor`).
enum BadmintonOption: String, OptionName {
    case new = "--new", format = "--format", doubles = "--doubles", names = "--names", matchNumber = "--match-no"
    case event = "--event", round = "--round", watch = "--watch", status = "--status", json = "--json"
    case export = "--export", scoresheet = "--scoresheet", output = "--output", court = "--court", all = "--all"
    case display = "--display", noCourt = "--no-court", hall = "--hall", hallCredentials = "--hall-credentials"
    case hallCA = "--hall-ca"
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
    /// `--display --no-court`: the hall TV without the court's number (finals).
    var noCourt = false
    /// The hall's broker as typed (`mqtt://HOST[:PORT][/HALL]`, checked by the shell, which
    /// has the hall's code) and the file of the user and password for it.
    var hall: String?, hallCredentials: String?
    /// The CA file that signed the broker's certificate (mqtts://).
    var hallCA: String?

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
        noCourt = options.flag(O.noCourt)
        hall = options.value(O.hall)
        hallCredentials = options.value(O.hallCredentials)
        hallCA = options.value(O.hallCA)
    }

    /// Keeps a court (neither follows one nor prints).
    var keeps: Bool { !watch && !status && export == nil && scoresheet == nil }
}

/// What the hall's code (in the shell) needs of a badminton command line: the hall asked
/// for and the court, and what the command does with them.
public struct BadmintonHallRequest: Equatable, Sendable {
    public enum Role: Equatable, Sendable {
        /// Keeps `court`: publishes it.
        case keeper
        /// `--watch --all`: the recording desk.
        case desk
        /// `--watch --court N [--display]`: a screen anywhere.
        case follower
        /// `--status --all`: the hall printed.
        case status
        /// `--export`, `--scoresheet`, `--status` of one court: the local files (the desk's copies).
        case files
    }
    public var hall: String?
    public var credentials: String?
    public var ca: String?
    public var court: String?
    public var role: Role

    public init(_ options: AppOptions) {
        let o = BadmintonOptions(options)
        hall = o.hall
        credentials = o.hallCredentials
        ca = o.hallCA
        court = o.court
        if o.keeps {
            role = .keeper
        } else if o.watch {
            role = o.all ? .desk : .follower
        } else if o.status && o.all {
            role = .status
        } else {
            role = .files
        }
    }
}
