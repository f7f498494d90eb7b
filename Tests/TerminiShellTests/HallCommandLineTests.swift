import Testing
import TerminiApp
import TerminiStore
import TerminiHall
import TerminiTestSupport
@testable import TerminiShell

/// `--hall URL` and `--hall-credentials FILE` on every badminton command, and `hall = URL`,
/// `hall.credentials = FILE` in the config (issue 26).
@Suite struct HallCommandLineTests: ParsesCommandLines {
    func settings(_ args: [String], config: String = "", directory: String? = "/cfg") -> Result<HallSettings?, UsageError> {
        guard let inv = try? CommandLineParser.parse(args).get() else { return .failure(UsageError(message: "did not parse")) }
        return HallSettings.resolve(inv, config: ConfigFile(text: config), directory: directory)
    }

    @Test func everyBadmintonCommandTakesAHall() {
        for extra in [["--court", "3"], ["--watch", "--all"], ["--status", "--all"], ["--status", "--all", "--json"],
                      ["--watch", "--court", "3"], ["--watch", "--court", "3", "--display"], ["--export", "csv"],
                      ["--scoresheet", "--court", "3"], ["--new", "--court", "3"]] {
            let inv = try? CommandLineParser.parse(["badminton", "--hall", "mqtt://10.0.0.5:1884"] + extra).get()
            #expect(inv?.appOptions.values["--hall"] == "mqtt://10.0.0.5:1884", "\(extra)")
        }
        #expect(parsed("badminton", "--court", "3", "--hall=mqtt://h", "--hall-credentials", "c.creds")?.appOptions.values["--hall-credentials"] == "c.creds")
    }

    @Test func badHallsAreUsageErrors() {
        #expect(error("badminton", "--court", "3", "--hall", "http://h")?.hasPrefix("--hall: hall address 'http://h': expected mqtts://") == true)
        #expect(error("badminton", "--court", "3", "--hall", "mqtt://user:secret@h")?.contains("--hall-credentials FILE") == true)
        #expect(error("badminton", "--court", "3", "--hall", "mqtt://h:99999")?.contains("port") == true)
        #expect(error("badminton", "--court", "3", "--hall") == "option '--hall' needs a value (URL)")
        // A keeper publishes a court: it names it.
        #expect(error("badminton", "--hall", "mqtt://h") == "--hall: the court kept here is published by its name: add --court NAME")
        #expect(error("badminton", "--hall", "mqtt://h", "--new") == "--hall: the court kept here is published by its name: add --court NAME")
        #expect(error("badminton", "--hall-credentials", "c.creds", "--court", "3") == nil)
        #expect(error("badminton", "--hall", "mqtt://h", "--watch") == "--hall with --watch follows a court of the hall: add --court NAME (or --all, the recording desk)")
        #expect(error("badminton", "--hall", "mqtt://h", "--watch", "--display") != nil)
        #expect(error("memory", "--hall", "mqtt://h") == "'--hall' is not an option of memory")
    }

    @Test func theCommandLineWinsOverTheConfig() throws {
        let none = try settings(["badminton"]).get()
        #expect(none == nil)
        let fromConfig = try settings(["badminton", "--court", "3"], config: "hall = mqtt://hall.local\nhall.credentials = court-3.creds\n").get()
        #expect(fromConfig == HallSettings(address: HallAddress(host: "hall.local"), credentials: "/cfg/court-3.creds"))
        let given = try settings(["badminton", "--court", "3", "--hall", "mqtt://10.0.0.9:1999/club", "--hall-credentials", "/etc/c3"],
                                 config: "hall = mqtt://hall.local\nhall.credentials = court-3.creds\n").get()
        #expect(given == HallSettings(address: HallAddress(host: "10.0.0.9", port: 1999, hall: "club"), credentials: "/etc/c3"))
        // Other apps never look at the hall.
        #expect(try settings(["memory"], config: "hall = mqtt://hall.local\n").get() == nil)
        #expect(try settings([], config: "hall = mqtt://hall.local\n").get() == nil)
    }

    /// The CA file: `--hall-ca`, else `hall.ca` (relative: in the config directory); only with
    /// an mqtts:// hall, and never without a hall.
    @Test func theHallsCAFile() throws {
        let fromConfig = try settings(["badminton", "--court", "3"], config: "hall = mqtts://10.0.0.5\nhall.ca = hall-ca.crt\n").get()
        #expect(fromConfig?.address == HallAddress(host: "10.0.0.5", port: 8883, tls: true, caFile: "/cfg/hall-ca.crt"))
        let given = try settings(["badminton", "--court", "3", "--hall-ca", "/etc/ca.crt"], config: "hall = mqtts://h\nhall.ca = hall-ca.crt\n").get()
        #expect(given?.address.caFile == "/etc/ca.crt" && given?.address.clientTLS == MQTTClient.TLS(caFile: "/etc/ca.crt"))
        let desk = try settings(["desk", "--hall", "mqtts://h", "--hall-ca", "ca.crt"]).get()
        #expect(desk?.address.caFile == "ca.crt")
        guard case .failure(let plain) = settings(["badminton", "--court", "3", "--hall", "mqtt://h", "--hall-ca", "ca.crt"]),
              case .failure(let none) = settings(["badminton", "--court", "3", "--hall-ca", "ca.crt"]) else {
            Issue.record("--hall-ca taken without an mqtts:// hall")
            return
        }
        #expect(plain.message.contains("--hall-ca goes with an mqtts:// hall") && none.message.contains("--hall-ca goes with a hall"))
        #expect(parsed("badminton", "--court", "3", "--hall", "mqtts://h", "--hall-ca", "c.crt")?.appOptions.values["--hall-ca"] == "c.crt")
    }

    @Test func aBadConfigHallIsSaid() {
        guard case .failure(let e) = settings(["badminton", "--court", "3"], config: "hall = mqtt://a:b@h\n") else {
            Issue.record("accepted")
            return
        }
        #expect(e.message.hasPrefix("config: hall = "))
        #expect(e.message.contains("--hall-credentials FILE"))
        guard case .failure(let c) = settings(["badminton", "--court", "3", "--hall-credentials", "c.creds"]) else {
            Issue.record("accepted")
            return
        }
        #expect(c.message == "--hall-credentials goes with a hall: --hall URL, or hall = URL in the config")
    }

    @Test func aKeeperWithTheConfigsHallButNoCourtPublishesNothing() throws {
        // A one-court user with a hall in the config sees no change: no court name, no hall.
        #expect(try settings(["badminton"], config: "hall = mqtt://hall.local\n").get() == nil)
    }

    @Test func helpCompletionsAndConfigKeysKnowTheHall() {
        let help = CommandLineParser.allHelpTexts.joined()
        #expect(help.contains("--hall URL") && help.contains("--hall-credentials FILE"))
        for shell in Completions.Shell.allCases {
            #expect(Completions.script(for: shell).contains("hall-credentials"))
        }
        #expect(PreferenceKey.all.contains("hall") && PreferenceKey.all.contains("hall.credentials"))
    }

    @Test func hallInitIsACommand() {
        let inv = parsed("hall", "init", "/srv/hall", "--courts", "8")
        #expect(inv?.command == "hall" && inv?.app == nil && inv?.operands == ["init", "/srv/hall"])
        #expect(inv.map { HallCommandOptions($0.appOptions) }?.courts == "8")
        let all = parsed("hall", "init", "h", "--courts=2", "--host", "10.0.0.5", "--port", "1884", "--name", "club")
        #expect(all.map { HallCommandOptions($0.appOptions) } == HallCommandOptions(courts: "2", host: "10.0.0.5", port: "1884", name: "club"))
        #expect(HallOption.isTheTable(HallCommand.descriptor.options))
        #expect(optionsUnread(HallOption.self, by: HallCommandOptions.init) == [])
    }

    @Test func badHallInitLinesAreUsageErrors() {
        let usage = "termini hall init DIR --courts N [--host HOST] [--port PORT] [--name HALL]\n"
            + "   or: termini hall live DIR --hall URL [--hall-credentials FILE] [--hall-ca FILE]"
        #expect(error("hall") == "termini hall needs: \(usage)")
        #expect(error("hall", "init") == "termini hall needs: \(usage)")
        #expect(error("hall", "init", "d") == "termini hall init needs --courts N (1 to 99)")
        #expect(error("hall", "start", "d", "--courts", "2") == "termini hall needs: \(usage)")
        #expect(error("hall", "init", "d", "e", "--courts", "2") == "unexpected argument 'e' (termini hall init DIR)")
        for n in ["0", "100", "x", "-1"] {
            #expect(error("hall", "init", "d", "--courts", n) == "--courts takes a number of courts from 1 to 99, not '\(n)'", "\(n)")
        }
        #expect(error("hall", "init", "d", "--courts", "2", "--port", "0")?.contains("--port") == true)
        #expect(error("hall", "init", "d", "--courts", "2", "--name", "a b")?.contains("--name") == true)
        #expect(error("hall", "init", "d", "--courts", "2", "--host", "a/b")?.contains("--host") == true)
        #expect(error("badminton", "init") == "unexpected argument 'init' (one app at a time)")
    }

    @Test func hallLiveIsACommand() {
        let inv = parsed("hall", "live", "/srv/www", "--hall", "mqtts://10.0.0.5/club", "--hall-credentials", "display.credentials",
                         "--hall-ca", "hall-ca.crt")
        #expect(inv?.command == "hall" && inv?.operands == ["live", "/srv/www"])
        #expect(inv.map(HallCommand.isLive) == true && parsed("hall", "init", "d", "--courts", "2").map(HallCommand.isLive) == false)
        #expect(inv.map { HallCommandOptions($0.appOptions) } == HallCommandOptions(hall: "mqtts://10.0.0.5/club", hallCredentials: "display.credentials", hallCA: "hall-ca.crt"))
    }

    @Test func badHallLiveLinesAreUsageErrors() {
        #expect(error("hall", "live") == "termini hall live needs a directory: termini hall live DIR --hall URL [--hall-credentials FILE] [--hall-ca FILE]")
        #expect(error("hall", "live", "d") == "termini hall live needs --hall URL (the hall's broker, mqtts://HOST[:PORT][/HALL])")
        #expect(error("hall", "live", "d", "e", "--hall", "mqtt://h") == "unexpected argument 'e' (termini hall live DIR)")
        #expect(error("hall", "live", "d", "--hall", "http://h")?.hasPrefix("--hall: ") == true)
        #expect(error("hall", "live", "d", "--hall", "mqtt://u:p@h")?.contains("--hall-credentials FILE") == true)
        #expect(error("hall", "live", "d", "--hall", "mqtt://h", "--courts", "2") == "--courts goes with termini hall init, not live")
        #expect(error("hall", "init", "d", "--courts", "2", "--hall", "mqtt://h") == "--hall goes with termini hall live, not init")
        #expect(error("hall", "init", "d", "--courts", "2", "--hall-ca", "ca.crt") == "--hall-ca goes with termini hall live, not init")
        #expect(error("hall", "live", "d", "--hall") == "option '--hall' needs a value (URL)")
    }
}
