import CGtk
import QuireEngine
#if canImport(Glibc)
import Glibc
#endif

/// A view's download of a web document (`WebFetchPolicy`): the fetch process started, its
/// progress shown on the view's stack, and its complete copy handed to the view to open
/// exactly as a local file, named by its address. A failure stays on the stack with Try
/// Again; Cancel (or Escape) stops the process and leaves nothing behind.
@MainActor
final class WebOpening {
    private let stack: Stack
    private var page: DownloadPage!
    private var fetch: WebFetch?
    private var address: WebAddress?
    /// The copy to open: a source named by its address, and a notice to show over it.
    var onCopy: ((DocumentSource, _ notice: String?) -> Void)?
    var onCancelled: (() -> Void)?
    var onOpenAnother: (() -> Void)?
    /// A notice over the document shown (a refresh that failed).
    var onNotice: ((String) -> Void)?
    /// A title for the window while downloading or failed.
    var onTitle: ((String) -> Void)?

    init(stack: Stack) {
        self.stack = stack
    }

    /// The cache folder: `$XDG_CACHE_HOME/quire/web`.
    static var cacheFolder: String { String(cString: g_get_user_cache_dir()) + "/quire/web" }

    /// True while a download is under way.
    var isDownloading: Bool { fetch != nil }

    /// Downloads `address` (or takes its stored copy), replacing any download under way.
    func start(_ address: WebAddress) {
        fetch?.cancel()
        self.address = address
        let page = pageMade()
        page.start(name: address.displayName, address: address.description)
        onTitle?(address.displayName)
        stack.shown = "download"
        LaunchTrace.mark("download started")
        let listener: @MainActor (FetchMessage) -> Void = { [weak self] message in self?.heard(message, from: address) }
        fetch = EarlyFetch.take(address, listener: listener) ?? WebFetch(Self.request(address), onMessage: listener)
    }

    /// Asks the server again about the document shown, without leaving it: `done` is told
    /// once the copy is current (with a notice when it could only be the stored one); a
    /// failure is a notice over the document, which stays.
    func refresh(_ address: WebAddress, done: @escaping (_ notice: String?) -> Void) {
        fetch?.cancel()
        self.address = address
        fetch = WebFetch(Self.request(address)) { [weak self] message in
            guard let self, address == self.address, self.fetch != nil else { return }
            switch message {
            case .progress: break
            case .copy(let path, _, _) where !Self.request(address).holds(copy: path):
                self.fetch = nil
                self.onNotice?(WebFailure.fetcher("").title)
            case .copy(_, let freshness, let storedAt):
                self.fetch = nil
                let notice = freshness == .offline ? WebFetchPolicy.offlineNotice(storedOn: Self.localDate(storedAt)) : nil
                if let notice { printError("\(address): \(notice)") }
                done(notice)
            case .failed(let failure):
                self.fetch = nil
                printError("\(address): \(failure.title): \(failure.message(address: address.description))")
                self.onNotice?(failure.title)
            }
        }
    }

    /// Stops the download under way; false when there was none.
    @discardableResult
    func cancel() -> Bool {
        guard let fetch else { return false }
        fetch.cancel()
        self.fetch = nil
        return true
    }

    private func heard(_ message: FetchMessage, from address: WebAddress) {
        guard address == self.address, fetch != nil else { return }
        switch message {
        case .progress(let progress):
            page.show(progress)
        case .copy(let path, _, _) where !Self.request(address).holds(copy: path):
            heard(.failed(.fetcher(tr("it named a file outside Quire’s cache"))), from: address)
        case .copy(let path, let freshness, let storedAt):
            fetch = nil
            LaunchTrace.mark("download complete")
            var source = DocumentSource(path: path)
            source.webAddress = address.description
            let notice = freshness == .offline ? WebFetchPolicy.offlineNotice(storedOn: Self.localDate(storedAt)) : nil
            if let notice { printError("\(address): \(notice)") }
            onCopy?(source, notice)
        case .failed(let failure):
            fetch = nil
            printError("\(address): \(failure.title): \(failure.message(address: address.description))")
            page.show(failure, address: address.description)
            stack.shown = "download-failed"
        }
    }

    private func pageMade() -> DownloadPage {
        if let page { return page }
        let made = DownloadPage(cancel: { [unowned self] in
            self.cancel()
            self.onCancelled?()
        }, retry: { [unowned self] in
            if let address = self.address { self.start(address) }
        }, openAnother: { [unowned self] in self.onOpenAnother?() })
        stack.add(made.progressPage.widget, named: "download")
        stack.add(made.failurePage.widget, named: "download-failed")
        page = made
        return made
    }

    /// A fetch of `address` into the cache, within the reader's size bound.
    static func request(_ address: WebAddress) -> WebFetchRequest {
        WebFetchRequest(address: address, cacheFolder: cacheFolder,
                        policy: WebFetchPolicy(sizeLimit: Settings.shared.preferences.webDownloadLimitBytes))
    }

    /// Seconds since 1970 as the reader's clock shows them.
    private static func localDate(_ seconds: Int) -> CalendarDate {
        var time = time_t(seconds)
        var parts = tm()
        localtime_r(&time, &parts)
        return CalendarDate(year: Int(parts.tm_year) + 1900, month: Int(parts.tm_mon) + 1, day: Int(parts.tm_mday),
                            hour: Int(parts.tm_hour), minute: Int(parts.tm_min))
    }
}
