import Foundation
import Testing

/// Coffee Shop in the real binary: quantities by keys, the total, the cart and branch kept
/// across a restart, --receipt, a user's catalog and a broken one.
@Suite(.serialized, .tmux) struct CoffeeEndToEndTests {
    @Test func quantitiesByKeysAndTheCartIsKept() throws {
        let dir = TmuxSession.makeTempDir("termini-coffee")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        do {
            let t = try TmuxSession(arguments: ["coffee"], configDir: dir)
            #expect(t.waitFor("民權創始店"), "\(t.screen)")
            #expect(t.screen.contains("松山區民權東路三段140巷2-1號"))
            // Two House Blend, one washed Ethiopia, three natural: 560 + 450 + 1,350.
            t.send("Down", "+", "+", "Down", "+", "Down", "Right", "Right", "Right")
            #expect(t.waitFor("NT$2,360"), "\(t.screen)")
            #expect(t.screen.contains("6 bags"))
            #expect(t.screen.contains("NT$1,350"))
            // The carousel from the order: ] twice.
            t.send("]", "]")
            #expect(t.waitFor("三號松江店"), "\(t.screen)")
            #expect(t.screen.contains("(02)2571-6845"))
            t.send("q")
            #expect(t.exitStatus() == 0)
        }
        do {
            let t = try TmuxSession(arguments: ["coffee"], configDir: dir)
            #expect(t.waitFor("NT$2,360"), "\(t.screen)")
            #expect(t.screen.contains("三號松江店"))
            #expect(t.screen.contains("6 bags"))
            // The receipt on screen.
            t.send("Enter")
            #expect(t.waitFor("COFFEE SHOP RECEIPT"), "\(t.screen)")
            #expect(t.screen.contains("Ethiopia (natural)   3 × NT$450"))
            #expect(t.screen.contains("any key closes"), "\(t.screen)")
            // q closes the receipt, as any key but the arrows does; it does not quit.
            t.send("q")
            #expect(t.wait { !$0.contains("COFFEE SHOP RECEIPT") }.ok, "\(t.screen)")
            #expect(t.screen.contains("NT$2,360"), "\(t.screen)")
            t.send("q")
            #expect(t.exitStatus() == 0)
        }
        // --receipt follows the locale: the shop's own name and × under UTF-8; Latin letters
        // and x under LANG=C or with --ascii.
        let utf8 = ["LANG": "C.UTF-8", "PATH": "/usr/bin:/bin"]
        let out = try Subprocess.run([TmuxSession.binary, "coffee", "--receipt", "--config-dir", dir], environment: utf8)
        #expect(out.status == 0)
        #expect(out.output.contains("三號松江店"))
        #expect(out.output.contains("House Blend          2 × NT$280     NT$560\n"), "\(out.output)")
        #expect(out.output.hasSuffix("Total  6 bags                     NT$2,360\n"), "\(out.output)")
        for (args, env) in [(["--receipt"], ["LANG": "C", "PATH": "/usr/bin:/bin"]), (["--receipt", "--ascii"], utf8)] {
            let plain = try Subprocess.run([TmuxSession.binary, "coffee"] + args + ["--config-dir", dir], environment: env)
            #expect(plain.status == 0)
            #expect(plain.output.contains("No. 3 Songjiang"), "\(args) \(env)\n\(plain.output)")
            #expect(plain.output.contains("2 x NT$280"), "\(args) \(env)\n\(plain.output)")
            #expect(plain.output.unicodeScalars.allSatisfy { $0.isASCII }, "\(args) \(env)\n\(plain.output)")
        }

        // Clear asks first, then empties the cart for good.
        do {
            let t = try TmuxSession(arguments: ["coffee"], configDir: dir)
            #expect(t.waitFor("NT$2,360"), "\(t.screen)")
            t.send("c")
            #expect(t.waitFor("Set every quantity back to 0?"), "\(t.screen)")
            t.send("y")
            #expect(t.waitFor("0 bags"), "\(t.screen)")
            t.send("q")
            #expect(t.exitStatus() == 0)
        }
        let empty = try Subprocess.run([TmuxSession.binary, "coffee", "--receipt", "--config-dir", dir])
        #expect(empty.output.contains("(nothing ordered)"))
    }

    /// Issue 25: Backspace emptied Geisha's 10 bags at 80x24 with no word and no undo; and
    /// digits typed in the order did nothing. Now the notice says what went and that u puts
    /// it back, u does, and 1 2 types 12 bags; at 80x24 and 200x60.
    @Test(arguments: [(80, 24), (200, 60)])
    func backspaceSaysWhatWentAndUndoes(width: Int, height: Int) throws {
        let t = try TmuxSession(width: width, height: height, arguments: ["coffee"])
        #expect(t.waitFor("民權創始店"), "\(t.screen)")
        t.send("Tab", "Down", "Down", "Down", "1", "2")
        #expect(t.wait { $0.contains("12 bags") && $0.contains("NT$6,600") }.ok, "\(t.screen)")
        t.send("BSpace")
        #expect(t.waitFor("Geisha: 12 bags taken off the order; u puts them back."), "\(t.screen)")
        #expect(t.screen.contains("0 bags"), "\(t.screen)")
        t.send("u")
        #expect(t.wait { $0.contains("12 bags") && $0.contains("NT$6,600") }.ok, "\(t.screen)")
        t.send("q")
        #expect(t.exitStatus() == 0)
    }

    @Test func ownCatalogAndABrokenOne() throws {
        let dir = TmuxSession.makeTempDir("termini-coffee")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let good = """
        {
          "currency": "¥",
          "branches": [ { "name": "銀座店", "phone": "03-1234-5678", "address": "中央区銀座1-2-3", "latinName": "Ginza" } ],
          "products": [ { "name": "Blend", "price": 1200 }, { "name": "Mocha", "price": 1500 } ]
        }
        """
        try good.write(toFile: dir + "/coffee-catalog.json", atomically: true, encoding: .utf8)
        do {
            let t = try TmuxSession(arguments: ["coffee"], configDir: dir)
            #expect(t.waitFor("銀座店"), "\(t.screen)")
            #expect(t.screen.contains("own catalog"))
            t.send("Down", "+", "Down", "+", "+")
            #expect(t.waitFor("¥4,200"), "\(t.screen)")
            t.send("q")
            #expect(t.exitStatus() == 0)
        }
        let bad = "{\n  \"branches\": [ { \"name\": \"a\", \"phone\": \"1\", \"address\": \"x\" } ],\n  \"products\": [ { \"name\": \"Blend\", \"price\": \"1200\" } ]\n}\n"
        try bad.write(toFile: dir + "/coffee-catalog.json", atomically: true, encoding: .utf8)
        let t = try TmuxSession(arguments: ["coffee"], configDir: dir)
        #expect(t.waitFor("coffee-catalog.json line 3"), "\(t.screen)")
        #expect(t.screen.contains("民權創始店"))
        #expect(t.screen.contains("Total"), "the notice covers no content")
        // The whole message is in the help.
        t.send("?")
        #expect(t.wait { squeezedLines($0).contains("using the built-in catalog") }.ok, "\(t.screen)")
        t.send("x")
        t.send("q")
        #expect(t.exitStatus() == 0)
    }

    @Test func asciiAndPlainLocaleKeepTheLayout() throws {
        for (args, env) in [(["coffee", "--ascii"], [String: String]()), (["coffee"], ["LANG": "C"])] {
            let t = try TmuxSession(arguments: args, environment: env)
            #expect(t.waitFor("Minquan Original"), "\(t.screen)")
            // The whole first frame: a large one can reach tmux in more than one read.
            #expect(t.waitFor("q Quit"), "\(t.screen)")
            let lines = t.capture()
            // Every line is exactly as wide as the terminal: the borders line up.
            #expect(lines.count == 24)
            for (i, line) in lines.prefix(23).enumerated() {
                #expect(line.count == 80 && line.hasSuffix(i == 0 || i == 22 ? "+" : "|"), "\(line)\n\(t.screen)")
            }
            // No character the terminal cannot show: the branch is in Latin letters.
            #expect(!t.screen.contains("??"), "\(t.screen)")
            #expect(t.screen.contains("q Quit"), "\(t.screen)")
            t.send("q")
            #expect(t.exitStatus() == 0)
        }
    }

    @Test func wideTerminalShowsStoresAndOrderSideBySide() throws {
        let t = try TmuxSession(width: 160, height: 40, arguments: ["coffee"])
        #expect(t.waitFor("民權創始店"), "\(t.screen)")
        let lines = t.capture()
        #expect(lines.contains { $0.contains("COFFEE 1") && !$0.contains("House Blend") })
        #expect(lines.contains { $0.contains("House Blend") && $0.contains("│") && $0.hasPrefix("│ ") })
        // Both titles on the first row inside the window.
        #expect(lines[1].contains("Stores") && lines[1].contains("Order"), "\(t.screen)")
        t.send("q")
        #expect(t.exitStatus() == 0)
    }
}
