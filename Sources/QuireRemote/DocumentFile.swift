import QuireEngine
import QuireWire
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// The document's bytes as the window opened them, once: a descriptor that every helper
/// is given, so that all of them read the same file even if its path comes to name
/// another one. A reload opens a new `DocumentFile`; the old one lives while anything
/// still uses it.
public final class DocumentFile: Sendable {
    public let descriptor: Descriptor
    public let displayPath: String
    public let password: String?
    /// How long its helpers may take before they count as hung.
    public let watchdogs: HelperWatchdogs
    /// Counts the helpers that failed on this document (ended or ran past their time),
    /// across all render slots: past `RemoteRenderer.restartLimit` no more are made.
    let faults = Faults()
    /// Counts the document helpers that failed (ended, or ran past their time), across
    /// the threads that read the document: past `RemoteDocument.restartLimit` no more are made.
    let readerFaults = Faults()
    /// Pages whose text a document helper failed on (it crashed or ran past its time):
    /// no helper is asked for them again, so one bad page costs one helper, not six.
    let unreadablePages = Mutex<Set<Int>>([])
    /// Page sizes document helpers have told (zero where none has yet): a render slot
    /// sizes a tile's pixels from them and sends them with the question (`RemoteRenderer`).
    let knownSizes = Mutex<[Size]>([])
    /// The memory this document's pictures are drawn into, kept from tile to tile.
    let pixelPool = PixelPool()
    /// Scanned pages' recognised words (`RemoteRecognizer`), by page: every reader of the
    /// document's text (search, selection, caret mode, screen readers) takes a page's from
    /// here before asking a helper, which would find none.
    public let recognised = Mutex<[Int: RecognisedPage]>([:])

    /// Whether page 1 is known to be a page of images (a scan's first view, drawn one at a
    /// time): the look made while the document opened says so.
    public var firstPageIsImages: Bool { rasterizers.withLock { $0.hasLargeImages(page: 0) } == true }

    /// Which rasterizer draws which page, as the render slots have learnt it.
    let rasterizers = Mutex(RasterizerChoice())

    /// The reader's changes, as every render helper is to draw them, and their revision:
    /// each change counts one, and the pictures drawn say which they show.
    let changes = Mutex<(revision: Int, changes: DocumentChanges)>((0, DocumentChanges()))

    /// The reader's changes now (all of them): render helpers draw them from their next
    /// tile on. Returns their revision, which the pictures drawn with them carry.
    public func show(_ now: DocumentChanges) -> Int {
        changes.withLock { state in
            state = (state.revision + 1, now)
            return state.revision
        }
    }

    /// Keeps `sizes`, checked, as those of pages `first...`.
    func learn(_ sizes: [Size], from first: Int) {
        guard first >= 0, !sizes.isEmpty else { return }
        knownSizes.withLock { known in
            if known.count < first + sizes.count { known += Array(repeating: .zero, count: first + sizes.count - known.count) }
            known.replaceSubrange(first..<first + sizes.count, with: sizes)
        }
    }

    func knownSize(of page: Int) -> Size? {
        knownSizes.withLock { known in known.indices.contains(page) && known[page] != .zero ? known[page] : nil }
    }

    /// Whether the descriptor is a file others may write (not a sealed or kept copy).
    let isLocalFile: Bool
    /// The bytes' version when opened (`DocumentFile+KeptVersion`).
    let openedVersion: FileVersion?

    init(taking descriptor: Descriptor, displayPath: String, password: String?, watchdogs: HelperWatchdogs, isLocalFile: Bool) {
        self.descriptor = descriptor
        self.displayPath = displayPath
        self.password = password
        self.watchdogs = watchdogs
        self.isLocalFile = isLocalFile
        openedVersion = Self.version(of: descriptor.fd)
    }

    /// Bytes loaded from elsewhere (a remote location) in a sealed memfd.
    private static func sealedCopy(of bytes: UnsafeRawBufferPointer) throws(ChannelError) -> Descriptor {
        let pixels = try SharedPixels(byteCount: max(bytes.count, 1))
        if let base = bytes.baseAddress { pixels.address.copyMemory(from: base, byteCount: bytes.count) }
        return pixels.descriptor
    }
}

extension DocumentFile {
    /// Opens the document `source` names, or says why it cannot, as a reader would be
    /// told: what needs no parser (a missing file, a folder, no permission, no bytes).
    public convenience init(opening source: DocumentSource, cancel: OpeningCancel? = nil,
                            watchdogs: HelperWatchdogs = .standard) throws(DocumentError) {
        switch source.location {
        case .file(let path):
            let fd = open(path, O_RDONLY | O_CLOEXEC)
            guard fd >= 0 else { throw errno == EACCES ? .notReadable(path: path) : .notFound(path: path) }
            var info = stat()
            guard fstat(fd, &info) == 0 else { close(fd); throw .notReadable(path: path) }
            if (info.st_mode & S_IFMT) == S_IFDIR { close(fd); throw .isDirectory(path: path) }
            if info.st_size == 0 && (info.st_mode & S_IFMT) == S_IFREG { close(fd); throw .empty(path: path) }
            self.init(taking: Descriptor(taking: fd), displayPath: path, password: source.password, watchdogs: watchdogs, isLocalFile: true)
        case .bytes(let bytes, let uri):
            try self.init(copying: bytes, uri: uri, password: source.password, watchdogs: watchdogs)
        case .remote(let uri):
            try self.init(copying: LoadedBytes(RemoteLocation.load(uri, cancel: cancel)), uri: uri, password: source.password,
                          watchdogs: watchdogs)
        }
    }

    private convenience init(copying bytes: LoadedBytes, uri: String, password: String?, watchdogs: HelperWatchdogs) throws(DocumentError) {
        if bytes.count == 0 { throw .empty(path: uri) }
        let copy: Descriptor
        do {
            copy = try bytes.withUnsafeBytes { raw throws(ChannelError) in try Self.sealedCopy(of: raw) }
        } catch {
            throw .unsupportedLocation(uri: uri, detail: "\(error)")
        }
        self.init(taking: copy, displayPath: uri, password: password, watchdogs: watchdogs, isLocalFile: false)
    }

    /// The file's size in bytes, now.
    public var byteCount: Int? {
        var info = stat()
        return fstat(descriptor.fd, &info) == 0 ? Int(info.st_size) : nil
    }

    /// Whether a trailer of the file names an encryption dictionary (`PDFBytes`): read
    /// from the descriptor, no parser involved.
    public var namesEncryption: Bool {
        let window = PDFBytes.encryptionWindow
        func read(at offset: Int) -> [UInt8] {
            var buffer = [UInt8](repeating: 0, count: window)
            let count = buffer.withUnsafeMutableBytes { pread(descriptor.fd, $0.baseAddress, window, off_t(offset)) }
            return Array(buffer.prefix(max(0, count)))
        }
        guard let size = byteCount else { return false }
        return PDFBytes.namesEncryption(read(at: 0)) || (size > window && PDFBytes.namesEncryption(read(at: size - window)))
    }
}

/// Failed helpers of one document, counted across its render slots.
final class Faults: Sendable {
    private let count = Atomic<Int>(0)
    /// Counts one more failed helper and returns how many there have been.
    func add() -> Int { count.add(1, ordering: .relaxed).newValue }
    var total: Int { count.load(ordering: .relaxed) }
}
