#if canImport(Glibc)
import Glibc
#endif

/// Which file a remembered state belongs to. Policy: a remembered state applies only at
/// the same path, and only to the same file there: the same inode on the same device
/// (the file rewritten in place) or the same permanent PDF ID (a new build of the same
/// document put in its place). So a copy or a renamed file starts afresh, and a stranger
/// later saved under an old name does not open where someone else's document was left.
public struct DocumentIdentity: Hashable, Sendable {
    /// Absolute, with symbolic links resolved when made from a path.
    public let path: String
    public let device: UInt64
    public let inode: UInt64
    /// The first string of the PDF's /ID array, which a document keeps across revisions;
    /// nil when the document has none (an empty one counts as none).
    public let permanentID: String?

    public init(path: String, device: UInt64, inode: UInt64, permanentID: String? = nil) {
        self.path = path
        self.device = device
        self.inode = inode
        self.permanentID = permanentID?.isEmpty == false ? permanentID : nil
    }

    /// The identity of the file at `path`, reached through any symbolic links; nil when it
    /// cannot be resolved or stat'ed.
    public init?(path: String, permanentID: String? = nil) {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        var facts = stat()
        guard stat(resolved, &facts) == 0 else { return nil }
        self.init(path: String(cString: resolved), device: UInt64(facts.st_dev), inode: UInt64(facts.st_ino),
                  permanentID: permanentID)
    }

    /// Whether a state remembered for `stored` applies to this file.
    public func isSameDocument(as stored: DocumentIdentity) -> Bool {
        guard path == stored.path else { return false }
        if device == stored.device && inode == stored.inode { return true }
        return permanentID != nil && permanentID == stored.permanentID
    }
}
