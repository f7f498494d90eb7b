#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Testing
import TerminiCore
import TerminiApp
import TerminiTestSupport
@testable import TerminiShell
@testable import TerminiStore
@testable import Stamps

/// Every app's files have one keeper: a second copy of the same app is read-only, says so in
/// the title bar, shows the keeper's saves, and keeps the files itself once the keeper goes.
@Suite struct KeeperTests {
    func stamps(_ shell: Shell) -> Int { ((shell.apps["stamps"] as? StampsApp)?.card.count) ?? -1 }

    @Test func aSecondCopyFollowsReadOnlyAndTakesOverWhenTheKeeperGoes() {
        let store = InMemoryStore()
        let keeper = makeShell(store: store, open: "stamps")
        keeper.press(.char(" "))
        // The keeper holds the lock: for the second copy it is another process's.
        store.foreignLocks = ["stamps"]
        let second = makeShell(store: store, open: "stamps")
        #expect(second.keeping["stamps"] == .following)
        #expect(second.screen()[0].contains("read-only"), "\(second.screen()[0])")
        #expect(second.watchedFiles.contains("stamps.json") && second.watchedFiles.contains("stamps.lock"))
        #expect(stamps(second) == 1)
        // Its keys change nothing on disk, and it says why.
        second.press(.char(" "))
        #expect(stamps(second) == 1 && stamps(makeShell(store: store, open: "stamps")) == 1)
        #expect(second.notices.texts.contains { $0.hasPrefix("Read-only: another termini keeps Stamp Card") }, "\(second.notices.texts)")
        // The keeper's saves show.
        keeper.press(.char(" "))
        _ = second.filesChanged(["stamps.json"], now: 0)
        #expect(stamps(second) == 2)
        // The keeper goes: its lock is free, and the second copy keeps the card now.
        store.foreignLocks = []
        _ = second.filesChanged(["stamps.lock"], now: 0)
        #expect(second.keeping["stamps"] == .keeper)
        #expect(!second.screen()[0].contains("read-only"), "\(second.screen()[0])")
        #expect(second.notices.texts.contains("The other termini has gone: this one keeps Stamp Card now."), "\(second.notices.texts)")
        #expect(!second.notices.texts.contains { $0.hasPrefix("Read-only") || $0.hasPrefix("Another termini") }, "stale: \(second.notices.texts)")
        second.press(.char(" "))
        #expect(stamps(second) == 3)
        let fresh = makeShell(store: store, open: "stamps")
        #expect(stamps(fresh) == 3)
    }

    /// Two copies on one config directory, each changing a different setting: both kept
    /// (the one setting read, changed and written under the config's lock).
    @Test func twoCopiesChangingDifferentSettingsKeepBoth() throws {
        let tmp = TempDir("termini-keepers")
        let dir = tmp.path
        defer { withExtendedLifetime(tmp) {} }
        func shell(_ app: String?) -> Shell {
            let store = FileStore(directory: dir)
            let config = store.readBytes("config").map { ConfigFile(text: String(decoding: $0, as: UTF8.self)) } ?? ConfigFile()
            return Shell(store: store, config: config, theme: .builtinDefault, themeName: "default", unicode: true, monochrome: false,
                         catalog: nil, open: app, notices: [], now: 0)
        }
        let a = shell("stamps")
        let b = shell(nil)
        a.press(.char("d"))  // daily mode on
        b.press(.function(3))  // Boxing Time: last_app = boxing
        _ = b.apply(.sound("no"), now: 0)
        a.press(.char("d"), .char("d"))  // off and on again
        let config = try String(contentsOfFile: dir + "/config", encoding: .utf8)
        #expect(config.contains("stamps.daily = on"), "\(config)")
        #expect(config.contains("sound = no"), "\(config)")
        #expect(config.contains("last_app = boxing"), "\(config)")
    }
}
