import CPoppler
import CSplash
import QuireEngine
#if canImport(Glibc)
import Glibc
#endif

/// An open PDF document. Confined to the thread that opened it: poppler crashes when two
/// threads use one document, so every thread opens its own from the `DocumentSource`.
public final class Document: PageGeometry, PageLabelSource {
    public let source: DocumentSource
    let document: OpaquePointer // PopplerDocument, owned
    public let pageCount: Int
    /// The last few pages searched, kept with the text poppler extracted for them, so
    /// that finding the rectangles of a page just matched costs no second extraction.
    var keptPages: [(index: Int, page: OpaquePointer)] = []
    /// How many bytes of label poppler has written for `pageLabels`: past
    /// `labelBytesRead`, pages show their numbers.
    private var labelBytesWritten = 0

    init(source: DocumentSource) throws(DocumentError) {
        self.source = source
        document = try Self.openPoppler(source)
        pageCount = Int(poppler_document_get_n_pages(document))
        // Every property is set: a throw from here runs deinit, which releases the document.
        if pageCount <= 0 { throw .noPages(path: source.displayPath) }
    }

    deinit {
        for kept in keptPages { g_object_unref(UnsafeMutableRawPointer(kept.page)) }
        g_object_unref(UnsafeMutableRawPointer(document))
    }

    /// The document's own title, display-safe, if it has a non-blank one.
    public var title: String? {
        guard let raw = poppler_document_get_title(document) else { return nil }
        defer { g_free(raw) }
        let title = PopplerText.line(raw, limit: BoundedText.Limit.documentTitle) ?? ""
        return title.isEmpty ? nil : title
    }

    /// The catalog's /Lang ("ru", "de-AT"): letters, digits and hyphens only; nil when none.
    public var language: String? {
        withPage(0) { page -> String? in
            var tag = [CChar](repeating: 0, count: 36) // BCP 47's 35 characters
            return csplash_document_language(UnsafeMutableRawPointer(page), &tag, tag.count) > 0 ? String(cString: tag) : nil
        }
    }

    /// The first string of the trailer's /ID, in hex: kept by a document across its
    /// revisions; nil when it has none.
    public var permanentID: String? {
        var permanent: UnsafeMutablePointer<CChar>?
        guard poppler_document_get_id(document, &permanent, nil) != 0, let permanent else { return nil }
        defer { g_free(permanent) }
        // poppler hands over exactly 32 hex digits, without a terminating zero.
        let digits = UnsafeRawBufferPointer(start: permanent, count: 32)
        return String(decoding: digits, as: UTF8.self)
    }

    /// The page's size in points as displayed, its /Rotate applied; for a page no paper
    /// could be (`pageProblem`), a stand-in: the first page's size, or Letter's.
    public func pageSize(at index: Int) -> Size {
        PageGeometryLimits.shownSize(withPage(index, Self.declaredSize) ?? .zero) {
            withPage(0, Self.declaredSize) ?? .zero
        }
    }

    /// Why page `index` is not shown, in words for the reader; nil when it is shown (or
    /// cannot be loaded at all, which rendering reports).
    public func pageProblem(at index: Int) -> String? {
        withPage(index) { page in
            PageGeometryLimits.problem(with: Self.declaredSize(of: page)).map { "Page \(index + 1) is not shown: \($0)." }
        }
    }

    /// What poppler makes of the page's boxes, whatever numbers they hold (poppler 22.12
    /// reads 1e23 and infinity as they are, and ignores /UserUnit).
    static func declaredSize(of page: OpaquePointer) -> Size {
        var width = 0.0, height = 0.0
        poppler_page_get_size(page, &width, &height)
        return Size(width: width, height: height)
    }

    /// Every page the size of the first: the layout's estimate until real sizes are read
    /// (about 20 µs a page, on a thread of their own: see `PageTableReader`).
    public func estimatedPageSizes() -> [Size] { Array(repeating: pageSize(at: 0), count: pageCount) }

    /// The page's label ("iv", "A-3"), display-safe, or its number when it has none (or
    /// nothing of it is left to show).
    public func pageLabel(at index: Int) -> String {
        label(at: index).flatMap { $0.shown.isEmpty ? nil : $0.shown } ?? String(index + 1)
    }

    /// The labels of a run of pages, nil where a page's label is its number or nothing of
    /// it is left to show; once poppler has written `labelBytesRead` bytes of them
    /// (a label 1 MB long costs it 3 ms a page), nil for the rest.
    public func pageLabels(_ range: Range<Int>) -> [String?] {
        range.map { index in
            guard labelBytesWritten < Self.labelBytesRead, let label = label(at: index) else { return nil }
            labelBytesWritten += label.written
            return label.shown.isEmpty || label.shown == String(index + 1) ? nil : label.shown
        }
    }

    /// How much label text `pageLabels` lets poppler write: 0.2 s of huge labels; 16
    /// million pages of ordinary ones.
    static let labelBytesRead = 64 << 20

    /// The page's label as shown (empty when nothing of it is left), and how many bytes
    /// poppler wrote for it; nil when it has none.
    private func label(at index: Int) -> (shown: String, written: Int)? {
        withPage(index) { page in
            guard let raw = poppler_page_get_label(page) else { return nil }
            defer { g_free(raw) }
            return (PopplerText.line(raw, limit: BoundedText.Limit.pageLabel) ?? "", strlen(raw))
        }
    }

    /// The page's text in reading order, lines separated by newlines: poppler's text layout
    /// as pdftotext writes it (`csplash_page_text`), the words its find searches. Not
    /// poppler-glib's text, a selection of the whole page from its top-left corner: on a
    /// right-to-left or rotated page that selection starts or ends at the wrong block and
    /// leaves lines out (the corpus's Arabic page gave 2 of its 4 lines).
    public func text(at index: Int) -> String {
        withKeptPage(index) { page in
            guard let raw = csplash_page_text(UnsafeMutableRawPointer(page)) else { return "" }
            defer { free(raw) }
            return String(cString: raw)
        } ?? ""
    }

    /// Runs `body` with a page object that lives only for the call; nil if the page cannot be loaded.
    func withPage<T>(_ index: Int, _ body: (OpaquePointer) -> T?) -> T? {
        guard (0..<pageCount).contains(index), let page = poppler_document_get_page(document, Int32(index)) else { return nil }
        defer { g_object_unref(UnsafeMutableRawPointer(page)) }
        return body(page)
    }

    /// Like `withPage`, but the page object (and the text poppler keeps on it) stays for
    /// the next calls on the same page; three are kept, about 1.7 MB each for dense text.
    func withKeptPage<T>(_ index: Int, _ body: (OpaquePointer) -> T?) -> T? {
        if let at = keptPages.firstIndex(where: { $0.index == index }) {
            let kept = keptPages.remove(at: at)
            keptPages.append(kept)
            return body(kept.page)
        }
        guard (0..<pageCount).contains(index), let page = poppler_document_get_page(document, Int32(index)) else { return nil }
        keptPages.append((index, page))
        if keptPages.count > 3 { g_object_unref(UnsafeMutableRawPointer(keptPages.removeFirst().page)) }
        return body(page)
    }

    private static func openPoppler(_ source: DocumentSource) throws(DocumentError) -> OpaquePointer {
        var error: UnsafeMutablePointer<GError>?
        let opened: OpaquePointer?
        let header: [UInt8]
        switch source.location {
        case .file(let path):
            try FileCheck.readableFile(path)
            header = FileCheck.header(path)
            guard let uri = g_filename_to_uri(path, nil, nil) else { throw .notFound(path: path) }
            defer { g_free(uri) }
            // new_from_file, not _from_bytes: the latter crashes on a wrong password (poppler 22.12).
            opened = poppler_document_new_from_file(uri, source.password, &error)
        case .bytes(let bytes, let uri):
            if bytes.count == 0 { throw .empty(path: uri) }
            header = bytes.prefix(PDFBytes.headerWindow)
            let copy = bytes.withUnsafeBytes { g_bytes_new($0.baseAddress, gsize($0.count)) }
            defer { g_bytes_unref(copy) }
            let stream = g_memory_input_stream_new_from_bytes(copy)
            defer { g_object_unref(UnsafeMutableRawPointer(stream)) }
            opened = poppler_document_new_from_stream(stream, goffset(bytes.count), source.password, nil, &error)
        case .remote(let uri):
            throw .unsupportedLocation(uri: uri, detail: "it has to be loaded first")
        }
        if let opened { return opened }
        throw openingError(error, source: source, header: header)
    }

    /// What a failed opening means, from poppler's error and the file's first bytes.
    private static func openingError(_ failure: UnsafeMutablePointer<GError>?, source: DocumentSource, header: [UInt8]) -> DocumentError {
        var error = failure
        let code = error?.pointee.code ?? 0
        let detail = error.map { String(cString: $0.pointee.message) } ?? "unknown error"
        let isPoppler = error?.pointee.domain == poppler_error_quark()
        g_clear_error(&error)
        let path = source.displayPath
        if isPoppler && code == Int32(POPPLER_ERROR_ENCRYPTED.rawValue) {
            return (source.password ?? "").isEmpty ? .needsPassword(path: path) : .wrongPassword(path: path)
        }
        if !PDFBytes.looksLikePDF(header) { return .notAPDF(path: path) }
        return .damaged(path: path, detail: detail.lowercasedFirst)
    }
}

extension String {
    func trimmingCharacters(in set: String) -> String {
        let scalars = Set(set.unicodeScalars)
        var view = Substring(self)
        while let first = view.unicodeScalars.first, scalars.contains(first) { view = view.dropFirst() }
        while let last = view.unicodeScalars.last, scalars.contains(last) { view = view.dropLast() }
        return String(view)
    }

    /// "Bad xref" → "bad xref", but "PDF document is damaged" stays as it is.
    var lowercasedFirst: String {
        let second = dropFirst().first
        return second.map { $0.isUppercase } == true ? self : prefix(1).lowercased() + dropFirst()
    }
}

extension DocumentSource {
    /// Opens a new document confined to the calling thread.
    public func open() throws(DocumentError) -> Document {
        try Document(source: self)
    }
}
