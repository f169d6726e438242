import QuireEngine
import QuireWire

/// What the window believes of a document helper's answers: only what it could be. Page
/// numbers are in the document, numbers finite, sizes paper could be, areas within the
/// largest page, strings display-safe and bounded (the wire already bounded their bytes
/// and the counts). A value that fails is dropped or made inert, never trusted.
public enum DocumentReplyCheck {
    /// The most pages a document may have: what poppler's own page numbers hold.
    public static let maximumPages = Int(Int32.max)

    static func summary(_ summary: DocumentSummary) -> DocumentSummary? {
        guard (1...maximumPages).contains(summary.pageCount) else { return nil }
        var checked = summary
        checked.firstPageSize = size(summary.firstPageSize, standIn: PageGeometryLimits.letter)
        checked.title = summary.title.map { BoundedText.line($0, limit: BoundedText.Limit.documentTitle) }.flatMap { $0.isEmpty ? nil : $0 }
        checked.permanentID = summary.permanentID.flatMap { id in id.utf8.allSatisfy(\.isHexDigit) ? id : nil }
        checked.language = summary.language.flatMap { tag in
            !tag.isEmpty && tag.utf8.count <= DocumentSummary.languageLimit && tag.utf8.allSatisfy { $0.isASCIILetterOrDigit || $0 == UInt8(ascii: "-") } ? tag : nil
        }
        return checked
    }

    static func size(_ size: Size, standIn: Size) -> Size { PageGeometryLimits.shownSize(size) { standIn } }

    /// Areas within the largest page a document may have; those that are not are dropped.
    static func areas(_ rects: [Rect]) -> [Rect] {
        let largest = Size(width: PageGeometryLimits.largestSide, height: PageGeometryLimits.largestSide)
        return rects.compactMap { PageGeometryLimits.area($0, onPageOf: largest) }
    }

    static func link(_ link: Link, pageCount: Int) -> Link? {
        guard let area = areas([link.area]).first else { return nil }
        switch link.target {
        case .page(let page, let top):
            guard (0..<pageCount).contains(page) else { return Link(area: area, target: .unsupported("broken destination")) }
            return Link(area: area, target: .page(page, top: top.flatMap(finiteTop)))
        case .uri, .launch, .unsupported:
            // Judged by `URIPolicy` when followed; shown only through `shownAddress`.
            return Link(area: area, target: link.target)
        }
    }

    static func entry(_ entry: OutlineTree.Entry, pageCount: Int) -> OutlineTree.Entry {
        var checked = entry
        checked.title = BoundedText.line(entry.title, limit: BoundedText.Limit.outlineTitle)
        checked.depth = min(max(entry.depth, 0), BoundedCount.outlineEntries)
        if let target = entry.target {
            checked.target = (0..<pageCount).contains(target.page) ? OutlineTarget(page: target.page, top: target.top.flatMap(finiteTop)) : nil
        }
        return checked
    }

    static func properties(_ properties: DocumentProperties) -> DocumentProperties {
        var checked = properties
        func line(_ text: String?) -> String? { text.map { BoundedText.line($0, limit: BoundedText.Limit.property) }.flatMap { $0.isEmpty ? nil : $0 } }
        checked.title = line(properties.title)
        checked.author = line(properties.author)
        checked.subject = line(properties.subject)
        checked.keywords = line(properties.keywords)
        checked.creator = line(properties.creator)
        checked.producer = line(properties.producer)
        checked.pdfVersion = line(properties.pdfVersion)
        checked.created = properties.created.flatMap(date)
        checked.modified = properties.modified.flatMap(date)
        return checked
    }

    static func font(_ font: DocumentFont) -> DocumentFont {
        func line(_ text: String) -> String { BoundedText.line(text, limit: BoundedText.Limit.fontName) }
        return DocumentFont(name: line(font.name), kind: line(font.kind), isEmbedded: font.isEmbedded, isSubset: font.isSubset,
                            substitute: font.substitute.map(line))
    }

    /// A form widget as the window may believe it: on the page asked for, its area on
    /// paper, its strings display-safe, its value of its own kind. Nil when it is not.
    static func formField(_ field: FormField, page: Int) -> FormField? {
        guard field.page == page, let area = areas([field.area]).first else { return nil }
        func line(_ text: String, _ limit: Int) -> String { BoundedText.line(text, limit: limit) }
        var kind = field.kind
        var value = field.value
        switch field.kind {
        case .text(let multiline, let password, let maxLength):
            let limit = maxLength > 0 ? min(maxLength, FormField.textLimit) : FormField.textLimit
            kind = .text(multiline: multiline, password: password, maxLength: maxLength > 0 ? limit : 0)
            guard case .text(let text) = value else { return nil }
            value = .text(FormValue.safeText(text, limit: limit))
        case .checkBox, .radio:
            guard case .on = value else { return nil }
        case .choice(var choice):
            choice.items = choice.items.map { line($0, FormField.nameLimit) }
            kind = .choice(choice)
            if case .on = value { return nil }
            value = value.bounded(items: choice.items.count)
        case .pushButton, .signature:
            break
        }
        return FormField(id: field.id, page: page, area: area, kind: kind, name: line(field.name, FormField.nameLimit),
                         label: line(field.label, FormField.nameLimit), readOnly: field.readOnly, scripted: field.scripted,
                         fontSize: field.fontSize, value: value, pageTurn: field.pageTurn)
    }

    /// A file's annotation as the window may believe it: on the page asked for, on paper,
    /// its strings display-safe.
    static func fileAnnotation(_ annotation: FileAnnotation, page: Int) -> FileAnnotation? {
        guard annotation.page == page, (0..<Int(Int32.max)).contains(annotation.index), let area = areas([annotation.area]).first else { return nil }
        return FileAnnotation(page: page, index: annotation.index, area: area, kind: annotation.kind, colour: annotation.colour,
                              text: FormValue.safeText(annotation.text, limit: FileAnnotation.textLimit),
                              author: BoundedText.line(annotation.author, limit: FormField.nameLimit))
    }

    private static func finiteTop(_ top: Double) -> Double? {
        top.isFinite ? min(max(top, 0), PageGeometryLimits.largestSide) : nil
    }

    private static func date(_ date: CalendarDate) -> CalendarDate? {
        guard (1...12).contains(date.month), (1...31).contains(date.day), (0...23).contains(date.hour),
              (0...59).contains(date.minute), (-9999...9999).contains(date.year) else { return nil }
        return date
    }
}

private extension UInt8 {
    var isHexDigit: Bool { (0x30...0x39).contains(self) || (0x41...0x46).contains(self) || (0x61...0x66).contains(self) }
    var isASCIILetterOrDigit: Bool { (0x30...0x39).contains(self) || (0x41...0x5A).contains(self) || (0x61...0x7A).contains(self) }
}
