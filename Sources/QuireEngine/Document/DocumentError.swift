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
        case .notFound: tr("File not found")
        case .isDirectory: tr("This is a folder, not a document")
        case .notReadable: tr("The file cannot be read")
        case .empty: tr("The file is empty")
        case .notAPDF: tr("This file is not a PDF document")
        case .damaged: tr("The document is damaged")
        case .needsPassword: tr("This document is locked")
        case .wrongPassword: tr("The password is incorrect")
        case .noPages: tr("The document has no pages")
        case .unsupportedLocation: tr("The location cannot be opened")
        case .crashedReader: tr("The document crashes the PDF reader")
        case .tooSlowToOpen: tr("The document takes too long to open")
        case .noReader: tr("Quire cannot read documents now")
        }
    }

    /// What happened to which file, and what can be done.
    public var message: String {
        switch self {
        case .notFound(let path): tr("“{path}” does not exist. It may have been moved or deleted.", ["path": path])
        case .isDirectory(let path): tr("“{path}” is a folder. Choose a PDF file inside it.", ["path": path])
        case .notReadable(let path): tr("You do not have permission to read “{path}”.", ["path": path])
        case .empty(let path): tr("“{path}” contains no data (0 bytes).", ["path": path])
        case .notAPDF(let path): tr("“{path}” does not start like a PDF file; it is some other kind of file.", ["path": path])
        case .damaged(let path, let detail): tr("“{path}” looks like a PDF but could not be read: {detail}.", ["path": path, "detail": detail])
        case .needsPassword(let path): tr("“{path}” is encrypted. Enter its password to open it.", ["path": path])
        case .wrongPassword(let path): tr("The password does not open “{path}”. Try again.", ["path": path])
        case .noPages(let path): tr("“{path}” opened, but contains no pages to show.", ["path": path])
        case .unsupportedLocation(let uri, let detail): tr("“{uri}” could not be loaded: {detail}.", ["uri": uri, "detail": detail])
        case .crashedReader(let path, let signal):
            tr("Reading “{path}” crashed poppler, the PDF library ({signal}). Quire reads documents in separate processes, so nothing else was affected. The file is damaged, or made to attack PDF readers.", ["path": path, "signal": signalName(signal)])
        case .tooSlowToOpen(let path, let seconds):
            trn("Reading the first page of “{path}” took over {count} second, so Quire stopped. The file may be damaged, or made to exhaust PDF readers.", "Reading the first page of “{path}” took over {count} seconds, so Quire stopped. The file may be damaged, or made to exhaust PDF readers.", seconds, ["path": path])
        case .noReader(let path, let detail): tr("“{path}” was not opened: {detail}.", ["path": path, "detail": detail])
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
    case 6: tr("signal 6, aborted: often memory it could not have")
    case 7: tr("signal 7, bus error")
    case 8: tr("signal 8, arithmetic error")
    case 9: tr("signal 9, killed")
    case 11: tr("signal 11, segmentation fault")
    default: tr("signal {number}", ["number": String(signal)])
    }
}
