import QuireEngine
#if canImport(Glibc)
import Glibc
#endif

extension DocumentFile {
    /// The text store's key for these bytes: the path `identity` resolved, and the file as
    /// the descriptor opened it (so bytes rewritten since are another key). Nil for bytes
    /// that are no local file (a remote copy, a kept version), and for an encrypted
    /// document: its text is not written to the disk in the clear.
    public func textStoreKey(identity: DocumentIdentity, pageCount: Int) -> TextStoreKey? {
        guard isLocalFile, (password ?? "").isEmpty, !namesEncryption else { return nil }
        var facts = stat()
        guard fstat(descriptor.fd, &facts) == 0 else { return nil }
        return TextStoreKey(path: identity.path, facts: facts, pageCount: pageCount)
    }
}
