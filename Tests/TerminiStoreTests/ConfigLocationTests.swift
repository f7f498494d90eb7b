import Testing
@testable import TerminiStore

@Suite struct ConfigLocationTests {
    func resolve(_ env: [String: String], override: String? = nil) -> Result<String, ConfigLocation.Failure> {
        ConfigLocation.resolve(environment: env, override: override)
    }

    @Test func absoluteXDGWins() {
        #expect(resolve(["XDG_CONFIG_HOME": "/x/conf", "HOME": "/home/u"]) == .success("/x/conf/termini"))
        #expect(resolve(["XDG_CONFIG_HOME": "/x/conf/"]) == .success("/x/conf/termini"))
        #expect(resolve(["XDG_CONFIG_HOME": "/x/conf//"]) == .success("/x/conf/termini"))
        #expect(resolve(["XDG_CONFIG_HOME": "/"]) == .success("/termini"))
    }

    @Test func relativeXDGIsIgnored() {
        #expect(resolve(["XDG_CONFIG_HOME": "conf", "HOME": "/home/u"]) == .success("/home/u/.config/termini"))
        #expect(resolve(["XDG_CONFIG_HOME": "./conf", "HOME": "/home/u"]) == .success("/home/u/.config/termini"))
        #expect(resolve(["XDG_CONFIG_HOME": "", "HOME": "/home/u"]) == .success("/home/u/.config/termini"))
        #expect(resolve(["XDG_CONFIG_HOME": "conf"]) == .failure(.noHome))
    }

    @Test func homeFallback() {
        #expect(resolve(["HOME": "/home/u"]) == .success("/home/u/.config/termini"))
        #expect(resolve(["HOME": "/home/u/"]) == .success("/home/u/.config/termini"))
        #expect(resolve(["HOME": "/"]) == .success("/.config/termini"))
    }

    @Test func neitherIsAClearError() {
        #expect(resolve([:]) == .failure(.noHome))
        #expect(resolve(["HOME": ""]) == .failure(.noHome))
        let message = ConfigLocation.Failure.noHome.description
        #expect(message.contains("XDG_CONFIG_HOME"))
        #expect(message.contains("HOME"))
        #expect(message.contains("--config-dir"))
    }

    @Test func overrideWins() {
        #expect(resolve(["XDG_CONFIG_HOME": "/x", "HOME": "/h"], override: "/tmp/t") == .success("/tmp/t"))
        #expect(resolve([:], override: "/tmp/t/") == .success("/tmp/t"))
        #expect(resolve([:], override: "rel") == .success("rel"))
        // An empty override is no override.
        #expect(resolve(["HOME": "/h"], override: "") == .success("/h/.config/termini"))
    }
}
