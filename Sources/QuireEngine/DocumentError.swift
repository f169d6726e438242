/// Why a document could not be opened, in terms a person can act on.
public enum DocumentError: Error, Equatable, Sendable {
    case notFound(path: String)
    case isDirectory(path: String)
    case notReadable(path: String)
    case empty(path: String)
    case notAPDF(path: String)
    case damaged(path: String, detail: String)
    case needsPassword(path: String)
    case wrongPassword(path: String)
    case noPages(path: String)
    case unsupportedLocation(uri: String, detail: String)
    /// The helper process reading the file crashed while opening it.
    case crashedReader(path: String, signal: Int32)
    /// The helper process reading the file did not open it in time.
    case tooSlowToOpen(path: String, seconds: Int)
    /// Quire's helper processes, which alone read documents, are not there to read it.
    case noReader(path: String, detail: String)

    /// A one-line headline for the window.
    public var title: String {
        switch self {
        case .notFound: "File not found"
        case .isDirectory: "This is a folder, not a document"
        case .notReadable: "The file cannot be read"
        case .empty: "The file is empty"
        case .notAPDF: "This file is not a PDF document"
        case .damaged: "The document is damaged"
        case .needsPassword: "This document is locked"
        case .wrongPassword: "The password is incorrect"
        case .noPages: "The document has no pages"
        case .unsupportedLocation: "The location cannot be opened"
        case .crashedReader: "The document crashes the PDF reader"
        case .tooSlowToOpen: "The document takes too long to open"
        case .noReader: "Quire cannot read documents now"
        }
    }

    /// What happened to which file, and what can be done.
    public var message: String {
        switch self {
        case .notFound(let path): "“\(path)” does not exist. It may have been moved or deleted."
        case .isDirectory(let path): "“\(path)” is a folder. Choose a PDF file inside it."
        case .notReadable(let path): "You do not have permission to read “\(path)”."
        case .empty(let path): "“\(path)” contains no data (0 bytes)."
        case .notAPDF(let path): "“\(path)” does not start like a PDF file; it is some other kind of file."
        case .damaged(let path, let detail): "“\(path)” looks like a PDF but could not be read: \(detail)."
        case .needsPassword(let path): "“\(path)” is encrypted. Enter its password to open it."
        case .wrongPassword(let path): "The password does not open “\(path)”. Try again."
        case .noPages(let path): "“\(path)” opened, but contains no pages to show."
        case .unsupportedLocation(let uri, let detail): "“\(uri)” could not be loaded: \(detail)."
        case .crashedReader(let path, let signal):
            "Reading “\(path)” crashed poppler, the PDF library (\(signalName(signal))). Quire reads documents in separate processes, so nothing else was affected. The file is damaged, or made to attack PDF readers."
        case .tooSlowToOpen(let path, let seconds):
            "Reading the first page of “\(path)” took over \(seconds) seconds, so Quire stopped. The file may be damaged, or made to exhaust PDF readers."
        case .noReader(let path, let detail): "“\(path)” was not opened: \(detail)."
        }
    }

    public var asksForPassword: Bool {
        switch self {
        case .needsPassword, .wrongPassword: true
        default: false
        }
    }
}

extension DocumentError: CustomStringConvertible {
    public var description: String { "\(title): \(message)" }
}

private func signalName(_ signal: Int32) -> String {
    switch signal {
    case 6: "signal 6, aborted: often memory it could not have"
    case 7: "signal 7, bus error"
    case 8: "signal 8, arithmetic error"
    case 9: "signal 9, killed"
    case 11: "signal 11, segmentation fault"
    default: "signal \(signal)"
    }
}
