import QuireEngine

/// The engine's values on the wire. Reading checks only the shape (lengths, counts within
/// `limit`, known cases); what the numbers mean is checked by the window
/// (`DocumentReplyCheck`), which knows the document.
extension WireWriter {
    public mutating func size(_ value: Size) { f64(value.width); f64(value.height) }
    public mutating func point(_ value: Point) { f64(value.x); f64(value.y) }
    public mutating func rect(_ value: Rect) { f64(value.x); f64(value.y); f64(value.width); f64(value.height) }
    public mutating func optionalString(_ value: String?, limit: Int) {
        bool(value != nil)
        if let value { string(value, limit: limit) }
    }
    public mutating func optionalInt(_ value: Int?) {
        bool(value != nil)
        int(value ?? 0)
    }
    public mutating func optionalDouble(_ value: Double?) {
        bool(value != nil)
        f64(value ?? 0)
    }
    public mutating func rects(_ values: [Rect]) {
        int(values.count)
        for value in values { rect(value) }
    }
    public mutating func list<T>(_ values: [T], _ each: (inout WireWriter, T) -> Void) {
        int(values.count)
        for value in values { each(&self, value) }
    }
}

extension WireReader {
    public mutating func size() throws(WireError) -> Size { Size(width: try f64(), height: try f64()) }
    public mutating func point() throws(WireError) -> Point { Point(x: try f64(), y: try f64()) }
    public mutating func rect() throws(WireError) -> Rect {
        Rect(x: try f64(), y: try f64(), width: try f64(), height: try f64())
    }
    public mutating func optionalString(limit: Int) throws(WireError) -> String? {
        try bool() ? try string(limit: limit) : nil
    }
    public mutating func optionalInt() throws(WireError) -> Int? {
        let present = try bool(), value = try int()
        return present ? value : nil
    }
    public mutating func optionalDouble() throws(WireError) -> Double? {
        let present = try bool(), value = try f64()
        return present ? value : nil
    }
    /// A count no larger than `limit` (and no larger than the bytes left could hold, at
    /// `least` bytes an item), so that a hostile count reserves nothing.
    public mutating func count(limit: Int, least: Int = 1) throws(WireError) -> Int {
        let count = try int()
        guard count >= 0, count <= limit, count <= remaining / max(least, 1) else { throw .badValue("a count of \(count)") }
        return count
    }
    public mutating func rects(limit: Int) throws(WireError) -> [Rect] {
        let count = try count(limit: limit, least: 32)
        var rects: [Rect] = []
        rects.reserveCapacity(count)
        for _ in 0..<count { rects.append(try rect()) }
        return rects
    }
    public mutating func list<T>(limit: Int, least: Int, _ each: (inout WireReader) throws(WireError) -> T) throws(WireError) -> [T] {
        let count = try count(limit: limit, least: least)
        var values: [T] = []
        values.reserveCapacity(count)
        for _ in 0..<count { values.append(try each(&self)) }
        return values
    }
}

// MARK: Links, outline, properties, fonts, errors

extension WireWriter {
    public mutating func link(_ link: Link) {
        rect(link.area)
        switch link.target {
        case .page(let page, let top): u8(1); int(page); optionalDouble(top)
        case .uri(let uri): u8(2); string(uri, limit: WireLimit.address)
        case .launch(let program): u8(3); string(program, limit: WireLimit.line)
        case .unsupported(let what): u8(4); string(what, limit: WireLimit.line)
        }
    }

    public mutating func outlineEntry(_ entry: OutlineTree.Entry, open: Bool) {
        string(entry.title, limit: WireLimit.line)
        bool(entry.target != nil); int(entry.target?.page ?? 0); optionalDouble(entry.target?.top)
        int(entry.depth); bool(open)
    }

    public mutating func date(_ date: CalendarDate?) {
        bool(date != nil)
        guard let date else { return }
        int(date.year); int(date.month); int(date.day); int(date.hour); int(date.minute)
    }

    /// The metadata only: the page count, first page's size, file size, encryption and
    /// location are the window's own (`RemoteDocument.properties`).
    public mutating func properties(_ value: DocumentProperties) {
        for text in [value.title, value.author, value.subject, value.keywords, value.creator, value.producer] {
            optionalString(text, limit: WireLimit.property)
        }
        date(value.created); date(value.modified)
        optionalString(value.pdfVersion, limit: WireLimit.line)
    }

    public mutating func font(_ font: DocumentFont) {
        string(font.name, limit: WireLimit.line); string(font.kind, limit: WireLimit.line)
        bool(font.isEmbedded); bool(font.isSubset); optionalString(font.substitute, limit: WireLimit.line)
    }

    /// An error without its path: the window puts its own in (`DocumentError.at`).
    public mutating func documentError(_ error: DocumentError) {
        switch error {
        case .notFound: u8(1)
        case .isDirectory: u8(2)
        case .notReadable: u8(3)
        case .empty: u8(4)
        case .notAPDF: u8(5)
        case .damaged(_, let detail): u8(6); string(detail, limit: WireLimit.line)
        case .needsPassword: u8(7)
        case .wrongPassword: u8(8)
        case .noPages: u8(9)
        case .unsupportedLocation(_, let detail): u8(10); string(detail, limit: WireLimit.line)
        case .crashedReader(_, let signal): u8(11); int(Int(signal))
        case .tooSlowToOpen(_, let seconds): u8(12); int(seconds)
        case .noReader(_, let detail): u8(13); string(detail, limit: WireLimit.line)
        }
    }
}

extension WireReader {
    public mutating func link() throws(WireError) -> Link {
        let area = try rect()
        let target: LinkTarget
        switch try u8() {
        case 1: target = .page(try int(), top: try optionalDouble())
        case 2: target = .uri(try string(limit: WireLimit.address))
        case 3: target = .launch(try string(limit: WireLimit.line))
        case 4: target = .unsupported(try string(limit: WireLimit.line))
        case let other: throw .badValue("a link of kind \(other)")
        }
        return Link(area: area, target: target)
    }

    public mutating func outlineEntry() throws(WireError) -> (OutlineTree.Entry, open: Bool) {
        let title = try string(limit: WireLimit.line)
        let hasTarget = try bool(), page = try int(), top = try optionalDouble()
        let depth = try int(), open = try bool()
        return (OutlineTree.Entry(title: title, target: hasTarget ? OutlineTarget(page: page, top: top) : nil, depth: depth), open)
    }

    public mutating func date() throws(WireError) -> CalendarDate? {
        guard try bool() else { return nil }
        return CalendarDate(year: try int(), month: try int(), day: try int(), hour: try int(), minute: try int())
    }

    /// Properties as a helper read them, what only the window knows left empty for it to fill.
    public mutating func properties(location: String) throws(WireError) -> DocumentProperties {
        var texts: [String?] = []
        for _ in 0..<6 { texts.append(try optionalString(limit: WireLimit.property)) }
        let created = try date(), modified = try date()
        let version = try optionalString(limit: WireLimit.line)
        return DocumentProperties(title: texts[0], author: texts[1], subject: texts[2], keywords: texts[3], creator: texts[4],
                                  producer: texts[5], created: created, modified: modified, pdfVersion: version,
                                  pageCount: 0, firstPageSize: .zero, fileSize: nil, isEncrypted: false, location: location)
    }

    public mutating func font() throws(WireError) -> DocumentFont {
        DocumentFont(name: try string(limit: WireLimit.line), kind: try string(limit: WireLimit.line),
                     isEmbedded: try bool(), isSubset: try bool(), substitute: try optionalString(limit: WireLimit.line))
    }

    public mutating func documentError(path: String) throws(WireError) -> DocumentError {
        switch try u8() {
        case 1: return .notFound(path: path)
        case 2: return .isDirectory(path: path)
        case 3: return .notReadable(path: path)
        case 4: return .empty(path: path)
        case 5: return .notAPDF(path: path)
        case 6: return .damaged(path: path, detail: try string(limit: WireLimit.line))
        case 7: return .needsPassword(path: path)
        case 8: return .wrongPassword(path: path)
        case 9: return .noPages(path: path)
        case 10: return .unsupportedLocation(uri: path, detail: try string(limit: WireLimit.line))
        case 11:
            let signal = try int()
            guard let code = Int32(exactly: signal) else { throw .badValue("signal \(signal)") }
            return .crashedReader(path: path, signal: code)
        case 12: return .tooSlowToOpen(path: path, seconds: try int())
        case 13: return .noReader(path: path, detail: try string(limit: WireLimit.line))
        case let other: throw .badValue("an error of kind \(other)")
        }
    }
}

/// Bytes a string may take on the wire: the engine's bounds are in characters of up to
/// `BoundedText.scalarsPerCharacter` scalars, 4 bytes each.
public enum WireLimit {
    static let bytesPerCharacter = 4 * BoundedText.scalarsPerCharacter
    public static let line = BoundedText.Limit.property * bytesPerCharacter
    public static let property = BoundedText.Limit.property * bytesPerCharacter
    /// One past `URIPolicy.longestAddress`, as the document layer reads an address.
    public static let address = URIPolicy.longestAddress + 4
    /// A page's text, or a selection's: 64 MiB.
    public static let text = 64 << 20
    /// A whole reply (the outline, a page's links): 256 MiB, past what the bounds on
    /// entries allow.
    public static let reply = 256 << 20
}
