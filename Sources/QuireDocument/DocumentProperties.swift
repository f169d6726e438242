import CPoppler
import QuireEngine
#if canImport(Glibc)
import Glibc
#endif

extension DocumentProperties {
    /// Reads them from a document, on the thread that owns it.
    public init(reading document: Document) {
        let poppler = document.document
        // Display-safe and bounded: metadata is whatever the file's writer put there.
        func text(_ read: (OpaquePointer) -> UnsafeMutablePointer<gchar>?) -> String? {
            guard let raw = read(poppler) else { return nil }
            defer { g_free(raw) }
            let value = PopplerText.line(raw, limit: BoundedText.Limit.property) ?? ""
            return value.isEmpty ? nil : value
        }
        let fileSize: Int?
        var isEncrypted: Bool
        switch document.source.location {
        case .file(let path):
            var info = stat()
            fileSize = stat(path, &info) == 0 ? Int(info.st_size) : nil
            isEncrypted = FileCheck.namesEncryption(path)
        case .remote:
            fileSize = nil
            isEncrypted = false
        case .bytes(let bytes, _):
            fileSize = bytes.count
            isEncrypted = PDFBytes.namesEncryption(bytes.prefix(PDFBytes.encryptionWindow)) || PDFBytes.namesEncryption(bytes.suffix(PDFBytes.encryptionWindow))
        }
        // A password that opened it proves it, whatever the file's layout.
        if !(document.source.password ?? "").isEmpty { isEncrypted = true }
        self.init(title: text(poppler_document_get_title), author: text(poppler_document_get_author),
                  subject: text(poppler_document_get_subject), keywords: text(poppler_document_get_keywords),
                  creator: text(poppler_document_get_creator), producer: text(poppler_document_get_producer),
                  created: Self.localDate(poppler_document_get_creation_date_time(poppler)),
                  modified: Self.localDate(poppler_document_get_modification_date_time(poppler)),
                  pdfVersion: text(poppler_document_get_pdf_version_string).map { $0.hasPrefix("PDF-") ? String($0.dropFirst(4)) : $0 },
                  pageCount: document.pageCount, firstPageSize: document.pageSize(at: 0), fileSize: fileSize,
                  isEncrypted: isEncrypted, location: document.source.displayPath)
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
