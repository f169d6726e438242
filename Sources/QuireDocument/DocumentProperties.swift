import CPoppler
import QuireEngine
#if canImport(Glibc)
import Glibc
#endif

/// What the Properties dialog shows about a document: its metadata, format and size. Read
/// from a `Document` on the thread that owns it (cheap: no page is rendered, only the first
/// page's size is read), then a value any thread may keep.
public struct DocumentProperties: Sendable {
    public var title: String?
    public var author: String?
    public var subject: String?
    public var keywords: String?
    public var creator: String?
    public var producer: String?
    /// In the reader's local time.
    public var created: CalendarDate?
    public var modified: CalendarDate?
    /// "1.7"
    public var pdfVersion: String?
    public var pageCount: Int
    public var firstPageSize: Size
    public var fileSize: Int?
    public var isEncrypted: Bool
    public var location: String

    public init(reading document: Document) {
        let poppler = document.document
        // Display-safe and bounded: metadata is whatever the file's writer put there.
        func text(_ read: (OpaquePointer) -> UnsafeMutablePointer<gchar>?) -> String? {
            guard let raw = read(poppler) else { return nil }
            defer { g_free(raw) }
            let value = PopplerText.line(raw, limit: BoundedText.Limit.property) ?? ""
            return value.isEmpty ? nil : value
        }
        title = text(poppler_document_get_title)
        author = text(poppler_document_get_author)
        subject = text(poppler_document_get_subject)
        keywords = text(poppler_document_get_keywords)
        creator = text(poppler_document_get_creator)
        producer = text(poppler_document_get_producer)
        created = Self.localDate(poppler_document_get_creation_date_time(poppler))
        modified = Self.localDate(poppler_document_get_modification_date_time(poppler))
        pdfVersion = text(poppler_document_get_pdf_version_string).map { $0.hasPrefix("PDF-") ? String($0.dropFirst(4)) : $0 }
        pageCount = document.pageCount
        firstPageSize = document.pageSize(at: 0)
        location = document.source.displayPath
        switch document.source.location {
        case .file(let path):
            var info = stat()
            fileSize = stat(path, &info) == 0 ? Int(info.st_size) : nil
            isEncrypted = FileCheck.namesEncryption(path)
        case .bytes(let bytes, _):
            fileSize = bytes.count
            isEncrypted = FileCheck.namesEncryption(bytes.prefix(FileCheck.encryptionWindow)) || FileCheck.namesEncryption(bytes.suffix(FileCheck.encryptionWindow))
        }
        // A password that opened it proves it, whatever the file's layout.
        if !(document.source.password ?? "").isEmpty { isEncrypted = true }
    }

    /// Each row of the dialog, label and text, in order; "—" where the document says nothing.
    public var rows: [(label: String, value: String)] {
        let none = "—"
        return [
            ("Title", title ?? none), ("Author", author ?? none), ("Subject", subject ?? none),
            ("Keywords", keywords ?? none), ("Creator", creator ?? none), ("Producer", producer ?? none),
            ("Created", created.map(PropertyText.date) ?? none), ("Modified", modified.map(PropertyText.date) ?? none),
            ("PDF version", pdfVersion ?? none), ("Pages", PropertyText.grouped(pageCount)),
            ("Page size", PropertyText.pageSize(firstPageSize)), ("File size", fileSize.map(PropertyText.byteCount) ?? none),
            ("Encrypted", isEncrypted ? "Yes" : "No"), ("Location", location),
        ]
    }

    /// A GDateTime (taken) as the wall clock here shows it.
    private static func localDate(_ taken: OpaquePointer?) -> CalendarDate? {
        guard let taken else { return nil }
        defer { g_date_time_unref(taken) }
        guard let local = g_date_time_to_local(taken) else { return nil }
        defer { g_date_time_unref(local) }
        return CalendarDate(year: Int(g_date_time_get_year(local)), month: Int(g_date_time_get_month(local)),
                            day: Int(g_date_time_get_day_of_month(local)), hour: Int(g_date_time_get_hour(local)),
                            minute: Int(g_date_time_get_minute(local)))
    }
}
