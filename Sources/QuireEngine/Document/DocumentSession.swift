/// What a window shows of its document while it is opened, refused, unlocked and read
/// again. The rules:
/// - One opening at a time: a new one replaces the one under way, whose outcome, should it
///   still come, changes nothing (each opening has its ticket).
/// - While no document is shown, the window says which file it is opening (its name as
///   the title); a typed password is checked under its prompt, which keeps the keys.
/// - A document shown stays until the version replacing it has opened: a version that
///   cannot be opened (half written, say) leaves it in place, with a notice, and so does
///   the file being deleted.
/// - A reload keeps the view (`ViewStart.Kept`) and does not count as opening the file
///   (the recent files are not told).
/// - A document that could not be opened is tried again on a reload, and, for a local
///   file, when the file changes (a download or a LaTeX run finishing). A password
///   prompt waits for the password instead.
/// - Escape gives up an opening or a password prompt while no document is shown.
public struct DocumentSession: Sendable {
    public enum Phase: Equatable, Sendable {
        case welcome
        /// Being opened, with no document shown.
        case opening
        /// Waiting for the password (or checking a typed one under the prompt).
        case password(DocumentError)
        case document
        case failed(DocumentError)
    }

    /// What the window does, in order.
    public enum Effect: Sendable {
        /// Start opening the source, dropping any opening under way.
        case startOpening(DocumentSource, ticket: Int)
        /// Drop the opening under way.
        case cancelOpening
        /// Show that the file is being opened, titled with its name.
        case showOpening(title: String)
        case showWelcome
        case showPassword(DocumentError)
        case showError(DocumentError)
        /// Show the document just opened in place of anything shown; `kept` is the view a
        /// reload keeps (nil: the view it starts with).
        case load(DocumentSource, kept: ViewStart.Kept?)
        /// Tell the recent files that the reader opened this file.
        case addRecent(path: String)
        /// Watch this file for changes, or nothing (nil), instead of what was watched.
        case watch(path: String?)
        /// Say this over the document for a few seconds.
        case notice(String)
    }

    private struct Pending {
        let source: DocumentSource
        let kept: ViewStart.Kept?
        let ticket: Int
    }

    public private(set) var phase = Phase.welcome
    /// The source of the document shown.
    public private(set) var shown: DocumentSource?
    private var pending: Pending?
    /// What could not be opened: retried by a reload, or opened with the typed password.
    private var refused: DocumentSource?
    private var lastTicket = 0
    private var watched: String?

    public init() {}

    /// True while the window can take another document: it shows none and opens none.
    public var isEmpty: Bool {
        switch phase {
        case .document, .opening: false
        case .welcome, .password, .failed: true
        }
    }

    /// True while what could not be opened can be tried again (`reload`).
    public var canRetry: Bool {
        guard case .failed = phase else { return false }
        return refused != nil
    }

    /// Opens a document chosen by the reader.
    public mutating func open(_ source: DocumentSource) -> [Effect] {
        start(source, kept: nil)
    }

    /// Reads the document again, keeping `kept` (the view shown); or tries again what could
    /// not be opened. Nothing while there is nothing to read again, or while a password is asked.
    public mutating func reload(keeping kept: ViewStart.Kept?) -> [Effect] {
        switch phase {
        case .document:
            guard let shown else { return [] }
            return start(shown, kept: kept)
        case .failed:
            guard let refused else { return [] }
            return start(refused, kept: nil)
        case .welcome, .opening, .password:
            return []
        }
    }

    /// The reader typed a password at the prompt: the document is opened with it, unless a
    /// check is already under way.
    public mutating func passwordTyped(_ password: String) -> [Effect] {
        guard case .password = phase, pending == nil, var source = refused else { return [] }
        source.password = password
        return start(source, kept: nil)
    }

    /// The opening `ticket` succeeded.
    public mutating func opened(ticket: Int) -> [Effect] {
        guard let done = pending, done.ticket == ticket else { return [] }
        pending = nil
        refused = nil
        shown = done.source
        phase = .document
        var effects: [Effect] = [.load(done.source, kept: done.kept)]
        if let address = done.source.webAddress {
            // A web document's copy is replaced only by a fetch the window makes: nothing to watch.
            if done.kept == nil { effects.append(.addRecent(path: address)) }
            effects += watch(nil)
        } else if case .file(let path) = done.source.location {
            if done.kept == nil { effects.append(.addRecent(path: path)) }
            effects += watch(path)
        } else {
            effects += watch(nil)
        }
        return effects
    }

    /// The opening `ticket` failed.
    public mutating func failed(_ error: DocumentError, ticket: Int) -> [Effect] {
        guard let done = pending, done.ticket == ticket else { return [] }
        pending = nil
        return refuse(error, source: done.source, reloading: done.kept != nil)
    }

    /// What the reader named cannot even be a source (a URI scheme not supported, say).
    public mutating func cannotOpen(_ error: DocumentError) -> [Effect] {
        let dropped: [Effect] = pending == nil ? [] : [.cancelOpening]
        pending = nil
        return dropped + refuse(error, source: nil, reloading: false)
    }

    /// Escape while nothing is shown: the opening or the prompt is given up, and the window
    /// is empty again. Nil when there was nothing to give up.
    public mutating func giveUp() -> [Effect]? {
        guard shown == nil else { return nil }
        switch phase {
        case .opening, .password: break
        case .welcome, .document, .failed: return nil
        }
        pending = nil
        refused = nil
        phase = .welcome
        return [.cancelOpening, .showWelcome] + watch(nil)
    }

    /// The file shown was deleted or moved away.
    public mutating func fileDeleted() -> [Effect] {
        guard case .document = phase, let shown else { return [] }
        return [.notice(tr("“{name}” was deleted or moved. Still showing the version opened before.", ["name": shown.displayName]))]
    }

    private mutating func start(_ source: DocumentSource, kept: ViewStart.Kept?) -> [Effect] {
        lastTicket += 1
        pending = Pending(source: source, kept: kept, ticket: lastTicket)
        var effects: [Effect] = []
        switch phase {
        case .document, .password:
            break
        case .welcome, .opening, .failed:
            phase = .opening
            effects.append(.showOpening(title: source.displayName))
        }
        return effects + [.startOpening(source, ticket: lastTicket)]
    }

    private mutating func refuse(_ error: DocumentError, source: DocumentSource?, reloading: Bool) -> [Effect] {
        if case .document = phase, let shown {
            if reloading {
                return [.notice(tr("{problem}. Still showing the version opened before; it will be read again when the file changes.", ["problem": error.title]))]
            }
            return [.notice(tr("{problem}. Still showing “{name}”.", ["problem": error.title, "name": shown.displayName]))]
        }
        refused = source
        if error.asksForPassword {
            phase = .password(error)
            return [.showPassword(error)] + watch(nil)
        }
        phase = .failed(error)
        let path: String? = if case .file(let path) = source?.location, source?.webAddress == nil { path } else { nil }
        return [.showError(error)] + watch(path)
    }

    private mutating func watch(_ path: String?) -> [Effect] {
        guard path != watched else { return [] }
        watched = path
        return [.watch(path: path)]
    }
}
