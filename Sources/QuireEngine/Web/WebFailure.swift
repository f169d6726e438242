/// Why a document could not be downloaded, in terms a person can act on; travels from the
/// fetch process as a line (`FetchMessage`).
public enum WebFailure: Error, Equatable, Sendable {
    /// Not an http or https address Quire would fetch.
    case badAddress
    /// The server's name is unknown, or it does not answer: no network, or a wrong address.
    case unreachable(String)
    case certificate(String)
    case notFound
    /// Any other answer than a document: the status and its reason.
    case status(Int, String)
    /// A web page (or anything else not starting like a PDF).
    case notAPDF(contentType: String)
    case tooLarge(limit: Int)
    case stalled(seconds: Int)
    case tooManyRedirects
    case insecureRedirect(String)
    case badRedirect
    /// The copy could not be written into the cache folder.
    case cache(String)
    /// The fetch process could not run, or ended without an answer.
    case fetcher(String)

    /// A one-line headline for the window.
    public var title: String {
        switch self {
        case .badAddress: tr("This is not a web address Quire can open")
        case .unreachable: tr("The server cannot be reached")
        case .certificate: tr("The server’s certificate is not trusted")
        case .notFound: tr("The document was not found on the server")
        case .status: tr("The server did not send the document")
        case .notAPDF: tr("The address is not a PDF document")
        case .tooLarge: tr("The document is too large")
        case .stalled: tr("The download stopped")
        case .tooManyRedirects: tr("The server redirects too many times")
        case .insecureRedirect: tr("The server redirects to an insecure address")
        case .badRedirect: tr("The server redirects to an address Quire cannot open")
        case .cache: tr("The download cannot be stored")
        case .fetcher: tr("Quire cannot download now")
        }
    }

    /// What happened at `address`, and what can be done.
    public func message(address: String) -> String {
        switch self {
        case .badAddress:
            tr("“{address}” is not an http or https address. Addresses with a user name or password are not opened.", ["address": address])
        case .unreachable(let detail):
            tr("“{address}” could not be reached ({detail}). Check the network connection and the address.", ["address": address, "detail": detail])
        case .certificate(let detail):
            tr("The secure connection to “{address}” was refused: {detail}.", ["address": address, "detail": detail])
        case .notFound: tr("The server answered that “{address}” does not exist (404). The address may be wrong or out of date.", ["address": address])
        case .status(let code, let reason):
            tr("The server answered “{address}” with {code} {reason}.", ["address": address, "code": String(code), "reason": reason])
        case .notAPDF(let type):
            type.lowercased().contains("html")
                ? tr("“{address}” is a web page, not a PDF file. Open it in a web browser.", ["address": address])
                : tr("What “{address}” sends does not start like a PDF file.", ["address": address])
        case .tooLarge(let limit):
            tr("“{address}” is larger than {size}, the largest download Quire takes (the web-download-limit-mb setting).", ["address": address, "size": DownloadProgress.size(limit)])
        case .stalled(let seconds):
            trn("Nothing arrived from “{address}” for {count} second.", "Nothing arrived from “{address}” for {count} seconds.", seconds, ["address": address])
        case .tooManyRedirects:
            tr("“{address}” sends Quire on to another address more than {count} times.", ["address": address, "count": String(WebFetchPolicy.maxRedirects)])
        case .insecureRedirect(let target):
            tr("“{address}” sends Quire on to “{target}”, which is not encrypted, so Quire did not follow.", ["address": address, "target": target])
        case .badRedirect: tr("“{address}” sends Quire on to an address that is not http or https.", ["address": address])
        case .cache(let detail): tr("“{address}” could not be saved in Quire’s cache: {detail}.", ["address": address, "detail": detail])
        case .fetcher(let detail): tr("“{address}” was not downloaded: {detail}.", ["address": address, "detail": detail])
        }
    }

    /// A stored copy stands in for the document when the server is out of reach, not when
    /// it answers (a 404 is the server's word that the document is gone).
    public var allowsStoredCopy: Bool {
        switch self {
        case .unreachable, .stalled, .certificate: true
        default: false
        }
    }
}
