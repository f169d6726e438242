/// What the Properties dialog shows about a document: its metadata, format and size. Read
/// in a helper (cheap: no page is rendered, only the first page's size is read); the
/// window fills in what it knows of the file itself (size, location).
public struct DocumentProperties: Equatable, Sendable {
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

    public init(title: String?, author: String?, subject: String?, keywords: String?, creator: String?, producer: String?, created: CalendarDate?, modified: CalendarDate?, pdfVersion: String?, pageCount: Int, firstPageSize: Size, fileSize: Int?, isEncrypted: Bool, location: String) {
        self.title = title
        self.author = author
        self.subject = subject
        self.keywords = keywords
        self.creator = creator
        self.producer = producer
        self.created = created
        self.modified = modified
        self.pdfVersion = pdfVersion
        self.pageCount = pageCount
        self.firstPageSize = firstPageSize
        self.fileSize = fileSize
        self.isEncrypted = isEncrypted
        self.location = location
    }

    /// Each row of the dialog, label and text, in order; "—" where the document says nothing.
    public var rows: [(label: String, value: String)] {
        let none = "—"
        return [
            (tr("Title"), title ?? none), (tr("Author"), author ?? none), (tr("Subject"), subject ?? none),
            (tr("Keywords"), keywords ?? none), (tr("Creator"), creator ?? none), (tr("Producer"), producer ?? none),
            (tr("Created"), created.map(PropertyText.date) ?? none), (tr("Modified"), modified.map(PropertyText.date) ?? none),
            (tr("PDF version"), pdfVersion ?? none), (tr("Pages"), PropertyText.grouped(pageCount)),
            (tr("Page size"), PropertyText.pageSize(firstPageSize)), (tr("File size"), fileSize.map { PropertyText.byteCount($0) } ?? none),
            (tr("Encrypted"), isEncrypted ? tr("Yes") : tr("No")), (tr("Location"), location),
        ]
    }
}
