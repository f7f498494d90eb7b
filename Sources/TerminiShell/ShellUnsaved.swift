import TerminiCore
import TerminiApp

/// A config directory that cannot be written: the frame, the key bar and a notice that stays
/// say so for as long as Termini runs, and an app's first change asks before it goes on in
/// memory only.
extension Shell {
    /// Nothing can be saved, though Termini would save: a config directory that cannot be
    /// written (a `--watch` screen saves nothing by design and says nothing of it).
    var savesNothing: Bool { !store.canWrite && !store.readOnly }

    /// The frame's mark beside the title.
    static let notSavedMark = "not saved"
    static let notSavingID = "not-saving"
    static let notSavingShort = "Not saving: the config directory cannot be written. Nothing is kept."
    static let notSavingShortest = "Not saving. Nothing is kept."

    /// The store's notice ("Not saving: DIR is read-only. Nothing is kept.") stays on the
    /// notice line whatever keys follow.
    func sayNothingIsSaved() {
        if !notices.stick(where: { $0.hasPrefix("Not saving:") }, id: Shell.notSavingID) {
            notices.postBehind(Shell.notSavingShort, sticky: Shell.notSavingID)
        }
    }

    /// The notice as the notice line of a screen `width` wide shows it: the notice that
    /// nothing is saved in shorter words where the whole does not fit, never cut.
    func fitted(_ notice: String, width: Int, more: Int) -> String {
        guard notices.notices.last?.stickyID == Shell.notSavingID else { return notice }
        let room = width - 2 - 3 - (more > 0 ? DisplayWidth.of(" +\(more) more (?) ") : 0)
        return [notice, Shell.notSavingShort].first { DisplayWidth.of($0) <= room } ?? Shell.notSavingShortest
    }

    /// "Go on without saving?", over the app whose change was not done.
    func askToGoOnUnsaved(_ id: String) {
        unsavedAsk = keyInHand.map { (id, $0) }
        guard modals.isEmpty else { return }
        let name = AppRegistry.app(id)?.descriptor.name ?? id
        modals.push(DialogModal<ShellAction>.confirm(title: "Go on without saving?",
            message: "The config directory cannot be written, so \(name) cannot keep this change. "
                + "Go on in \(name) without saving? What you do there is lost when Termini quits.",
            yes: "go on unsaved", action: .goOnUnsaved(app: id)))
    }
}
