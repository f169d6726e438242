#if canImport(Glibc)
import Glibc
#endif

/// Which bytes a stored text was read from. Policy: the same path (`DocumentIdentity`'s),
/// the same file there (device and inode), and the same bytes as far as the file system
/// says (size and modification time to the nanosecond) — a file rewritten in place or
/// rebuilt under its name is a different key, so its text is read again.
public struct TextStoreKey: Hashable, Sendable {
    public let path: String
    public let device: UInt64
    public let inode: UInt64
    public let size: Int64
    public let modifiedSeconds: Int64
    public let modifiedNanoseconds: Int64
    public let pageCount: Int

    public init(path: String, device: UInt64, inode: UInt64, size: Int64, modifiedSeconds: Int64, modifiedNanoseconds: Int64, pageCount: Int) {
        self.path = path
        self.device = device
        self.inode = inode
        self.size = size
        self.modifiedSeconds = modifiedSeconds
        self.modifiedNanoseconds = modifiedNanoseconds
        self.pageCount = pageCount
    }

    /// The key of the file at `path` as it is now (no links followed: the store's paths are
    /// resolved); nil when it cannot be stat'ed or is not a regular file.
    public init?(statingPath path: String, pageCount: Int) {
        var facts = stat()
        guard lstat(path, &facts) == 0, facts.st_mode & S_IFMT == S_IFREG else { return nil }
        self.init(path: path, facts: facts, pageCount: pageCount)
    }

    /// The key of a file of these facts (`fstat`'s or `stat`'s) at `path`.
    public init(path: String, facts: stat, pageCount: Int) {
        self.init(path: path, device: UInt64(facts.st_dev), inode: UInt64(facts.st_ino), size: Int64(facts.st_size),
                  modifiedSeconds: Int64(facts.st_mtim.tv_sec), modifiedNanoseconds: Int64(facts.st_mtim.tv_nsec), pageCount: pageCount)
    }

    /// The entry's file name: a hash of the path (the entry itself holds the whole key,
    /// so two paths with one hash only replace each other's entries).
    var entryName: String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325 // FNV-1a
        for byte in path.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return String(hash, radix: 16) + TextStore.entrySuffix
    }
}

/// A document's text as the store keeps it: each page's search text (`PageText`), whether
/// it was recognised from the page's pictures rather than read from its fonts, and where
/// known its characters with their boxes (`PageCharacters`' text and boxes, as caret mode
/// and recognised words give them).
public struct StoredText: Sendable {
    public struct Page: Sendable {
        public let text: PageText
        /// Recognised (OCR) rather than read: kept apart so that it can be told and replaced.
        public let recognised: Bool
        public let characters: Characters?
        public init(_ text: PageText, recognised: Bool = false, characters: Characters? = nil) {
            self.text = text
            self.recognised = recognised
            self.characters = characters
        }
    }

    /// A page's characters and one box each (points from the page's top-left as shown).
    public struct Characters: Sendable, Equatable {
        public let text: String
        public let boxes: [Rect]
        /// Nil unless as many boxes as characters (Unicode scalars), at most
        /// `PageCharacters.limit`, every box finite: what `PageCharacters` would take.
        public init?(text: String, boxes: [Rect]) {
            guard boxes.count <= PageCharacters.limit, text.unicodeScalars.count == boxes.count,
                  boxes.allSatisfy({ [$0.x, $0.y, $0.width, $0.height].allSatisfy(\.isFinite) }) else { return nil }
            self.text = text
            self.boxes = boxes
        }
    }

    public let key: TextStoreKey
    /// One per page of `key.pageCount`.
    public let pages: [Page]

    public init?(key: TextStoreKey, pages: [Page]) {
        guard pages.count == key.pageCount else { return nil }
        self.key = key
        self.pages = pages
    }
}
