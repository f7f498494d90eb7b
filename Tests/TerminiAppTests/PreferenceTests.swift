import Testing
import TerminiCore
import TerminiWidgets
import TerminiApp
import TerminiTestSupport

@Suite struct PreferenceTests {
    @Test func booleans() {
        for yes in ["yes", "YES", "true", "on", "1"] { #expect(PreferenceValue.bool(yes) == true) }
        for no in ["no", "False", "off", "0"] { #expect(PreferenceValue.bool(no) == false) }
        for other in [nil, "", "maybe", "2"] { #expect(PreferenceValue.bool(other) == nil) }
    }

    @Test func soundUnsetRingsAlertsOnly() {
        let unset = SoundPreference(nil)
        #expect(!unset.effects && unset.alerts && unset.alertBell == [.bell])
        let on = SoundPreference("yes")
        #expect(on.effects && on.alerts)
        let off = SoundPreference("no")
        #expect(!off.effects && !off.alerts && off.alertBell.isEmpty)
        let store = InMemoryStore()
        store.preferences["sound"] = "off"
        #expect(SoundPreference(store: store) == off)
    }
}
