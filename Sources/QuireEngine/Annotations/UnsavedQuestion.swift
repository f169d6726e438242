import Foundation

/// What the question asked before annotations not saved are lost says. The policy:
///  1. The heading names the file by its name, as the file manager and the window's
///     chooser show it: two copies of one document share its title, not their names.
///  2. The detail says where the file is (its folder; the address of a document that is
///     not a file here), and the document's title when it has one besides its name.
public struct UnsavedQuestion: Equatable, Sendable {
    public let heading: String
    public let detail: String

    /// The question about `source`, whose document is titled `title` (nil: none).
    public init(source: DocumentSource, title: String?) {
        let name = source.displayName
        heading = tr("Save your annotations to “{file}”?", ["file": name])
        let titled = title.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }.flatMap { $0.isEmpty || $0 == name ? nil : $0 }
        let what = titled.map { tr("Your highlights and other annotations on “{title}” are not saved yet.", ["title": $0]) }
            ?? tr("Your highlights and other annotations are not saved yet.")
        let place = switch source.location {
        case .file(let path): tr("The file is in {folder}.", ["folder": Self.folder(of: path)])
        case .bytes(_, let uri), .remote(let uri): tr("The document comes from {address}.", ["address": uri])
        }
        detail = [what, tr("If you do not save them, they are lost."), place].joined(separator: " ")
    }

    /// The folder of `path`: all before its last component ("/" for a file at the root).
    static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }
}
