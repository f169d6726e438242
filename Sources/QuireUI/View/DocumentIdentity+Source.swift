import QuireEngine
import QuireRemote

extension DocumentIdentity {
    /// The identity `document`'s remembered state is kept under: its path or web address
    /// with the document's own ID; nil for a document from neither.
    init?(of document: RemoteDocument, from source: DocumentSource) {
        if let address = source.webAddress {
            self.init(webAddress: address, permanentID: document.permanentID)
        } else if case .file(let path) = source.location {
            self.init(path: path, permanentID: document.permanentID)
        } else {
            return nil
        }
    }
}
