import CShim

/// Whether a screen reader (or another assistive technology) listens, as org.a11y.Status
/// says on the session bus (Orca sets ScreenReaderEnabled when it starts). The pages'
/// accessible nodes are made only then (`AccessiblePages`): GNOME keeps an accessibility
/// bus for every session, and the nodes cost CPU while paging and memory that a reader
/// without a screen reader should not pay. Asked once, when a canvas first finds an
/// accessibility bus; followed as it changes.
@MainActor
final class AssistiveListening {
    static let shared = AssistiveListening()

    private(set) var isListening = false
    private var asked = false
    /// Told when `isListening` changes (each canvas's pages; a closed one's does nothing).
    private var watchers: [@MainActor () -> Void] = []

    func watch(_ changed: @escaping @MainActor () -> Void) {
        watchers.append(changed)
        guard !asked else { return }
        asked = true
        quire_assistive_status_watch({ listening, _ in
            MainActor.assumeIsolated { AssistiveListening.shared.changed(listening != 0) }
        }, nil)
    }

    private func changed(_ listening: Bool) {
        guard listening != isListening else { return }
        isListening = listening
        watchers.forEach { $0() }
    }
}
