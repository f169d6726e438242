import Foundation

/// The classes of hostile input of the robustness suite, each a list of whole files made
/// on demand (none is stored): pages from `HostilePages` in documents of their own, and
/// the structures that only a whole file has (long titles and labels, broken
/// cross-reference streams, object streams that refer to themselves).
public enum HostileClass: String, CaseIterable, Sendable {
    case pageBoxes, decompressionBombs, recursion, pathSegments, annotations, longStrings, crossReferences

    public typealias Input = (name: String, bytes: @Sendable () -> [UInt8])

    public enum PopplerLimit: Sendable { case hangs, exceedsMemory }

    /// What poppler 22.12 with cairo 1.16 does not bound, found by the robustness suite,
    /// all while rendering page 1 (layout and planning stay well under budget). The window
    /// meets them on page 1 only in the opening check's child; on later pages, in its own
    /// process until the helper processes come.
    public static let popplerLimits: [String: PopplerLimit] = [
        "forms-fan-out-2^24": .hangs,           // each form drawn as often as it is called: 2^24 leaves
        "path-million-lines-stroked": .hangs,   // cairo strokes a million segments for minutes
        "path-million-lines-filled": .hangs,    // and fills a million crossing edges as long
        "q-nested-million": .exceedsMemory,     // a graphics state per q: 1.5 GB from 13 KB of file
        "path-million-curves-clipped": .exceedsMemory, // a clip of two million curves: about 1 GB
        "image-gigabyte": .exceedsMemory,       // the image decoded whole: 1.4 GB
    ]

    public var inputs: [Input] {
        func pages(_ makers: [(String, HostilePages.Maker)]) -> [Input] {
            makers.map { name, make in (name, { HostileDocument.bytes(pages: [make]) }) }
        }
        switch self {
        case .pageBoxes: return pages(HostilePages.boxes)
        case .decompressionBombs: return pages(HostilePages.bombs) + HostileDocument.objectStreamBombs
        case .recursion: return pages(HostilePages.recursion)
        case .pathSegments: return pages(HostilePages.paths)
        case .annotations: return pages(HostilePages.manyAnnotations)
        case .longStrings: return HostileDocument.longStrings
        case .crossReferences: return HostileDocument.crossReferences
        }
    }
}

/// Whole hostile files.
public enum HostileDocument {
    /// A document of the hostile pages, each followed by a plain Letter page; every object
    /// that is not a stream is packed in one object stream (Flate, so that a 10^5-entry
    /// array of annotations is a few kilobytes) found through an xref stream.
    public static func bytes(pages makers: [HostilePages.Maker], catalog: String = "", info: String? = nil) -> [UInt8] {
        var objects: [PDFObjects.Object] = [], kids: [Int] = []
        var next = 3
        for make in makers + [HostilePages.plain(HostilePages.letter)] {
            let page = make(next + 1)
            kids.append(next)
            objects.append(PDFObjects.Object(next, "<< /Type /Page /Parent 2 0 R \(page.entries) >>"))
            objects += page.objects
            next += 1 + page.objects.count
        }
        var trailer = "/Root 1 0 R"
        if let info {
            objects.append(PDFObjects.Object(next, info))
            trailer += " /Info \(next) 0 R"
            next += 1
        }
        objects = [PDFObjects.Object(1, "<< /Type /Catalog /Pages 2 0 R \(catalog) >>"),
                   PDFObjects.Object(2, "<< /Type /Pages /Kids [\(kids.map { "\($0) 0 R" }.joined(separator: " "))] /Count \(kids.count) >>")] + objects
        let packed = objects.filter { $0.stream == nil }.map(\.number)
        return PDFObjects(objects, trailer: trailer).bytes(.stream(number: next + 1, packed: packed, objectStream: next))
    }

    static func megabytes(_ count: Int, of character: String) -> String { String(repeating: character, count: count << 20) }

    /// Multi-megabyte titles, labels and URIs (each in a compressed object stream).
    public static let longStrings: [HostileClass.Input] = [
        ("title-8-MB", { bytes(pages: [], info: "<< /Title (\(megabytes(8, of: "T"))) >>") }),
        ("title-utf16-4-MB", { bytes(pages: [], info: "<< /Title <FEFF\(megabytes(1, of: "4E2D"))> >>") }),
        ("page-label-4-MB", { bytes(pages: [], catalog: "/PageLabels << /Nums [0 << /S /D /P (\(megabytes(4, of: "L"))) >>] >>") }),
        ("uri-4-MB", { bytes(pages: [HostilePages.longURI(megabytes: 4)]) }),
    ]

    /// The smallest document with an xref stream: catalog, pages, one page and its text.
    static let small: [PDFObjects.Object] = [
        PDFObjects.Object(1, "<< /Type /Catalog /Pages 2 0 R >>"),
        PDFObjects.Object(2, "<< /Type /Pages /Kids [3 0 R] /Count 1 >>"),
        PDFObjects.Object(3, "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << \(HostilePages.font) >> /Contents 4 0 R >>"),
        PDFObjects.Object(4, "<< >>", stream: HostilePages.words),
    ]

    /// `small` with objects 1 to 3 in object stream 6, written by hand: `dictionary` is
    /// added to its dictionary, `count` and `first` replace its /N and /First (spaces
    /// between its numbers and its objects put them at `first`).
    static func packedByHand(dictionary: String = "", count: Int = 3, first: Int? = nil,
                             compressed extra: [Int: (stream: Int, index: Int)] = [:], filter: String = "/Filter /FlateDecode") -> [UInt8] {
        var header = "", body = ""
        for object in small.prefix(3) {
            header += "\(object.number) \(body.utf8.count) "
            body += object.value + "\n"
        }
        let start = first ?? header.utf8.count
        var pieces: [Deflate.Piece] = [.bytes(Array(header.utf8))]
        if start > header.utf8.count { pieces.append(.repeated([0x20], times: start - header.utf8.count)) }
        pieces.append(.bytes(Array(body.utf8)))
        var data = Deflate.zlib(pieces)
        if filter.contains("[/FlateDecode /FlateDecode]") { data = Deflate.zlib(compressing: data) }
        var compressed: [Int: (stream: Int, index: Int)] = [1: (6, 0), 2: (6, 1), 3: (6, 2)]
        compressed.merge(extra) { $1 }
        let objects = [PDFObjects.Object(6, "<< /Type /ObjStm /N \(count) /First \(start) \(filter) \(dictionary) >>", stream: data), small[3]]
        return PDFObjects(objects).bytes(.stream(number: 7, compressed: compressed))
    }

    /// Object streams that decompress to a gigabyte before their first object.
    public static let objectStreamBombs: [HostileClass.Input] = [
        ("object-stream-gigabyte-before-first", {
            packedByHand(first: 1 << 30, filter: "/Filter [/FlateDecode /FlateDecode]")
        }),
    ]

    /// Cross-reference streams with broken /W and /Index, /Prev cycles, and object streams
    /// that refer to themselves.
    public static let crossReferences: [HostileClass.Input] = {
        func broken(_ entries: String) -> @Sendable () -> [UInt8] { { PDFObjects(small).bytes(.stream(number: 5, entries: entries)) } }
        /// Two sections whose /Prev point at each other (ten-digit offsets, so that
        /// writing the real one keeps every length).
        @Sendable func cycle(_ second: PDFObjects.CrossReference) -> [UInt8] {
            var first = PDFObjects(small)
            first.previous = .offset(0)
            let update = PDFObjects([PDFObjects.Object(4, "<< >>", stream: HostilePages.words)])
            first.previous = .offset(PDFObjects.lastStartXref(update.update(of: first.bytes(), second)) ?? 0)
            return update.update(of: first.bytes(), second)
        }
        return [
            ("w-zero", broken("/W [0 0 0] /Index [0 6]")),
            ("w-field-of-2^31-bytes", broken("/W [1 2147483647 2] /Index [0 6]")),
            ("w-negative", broken("/W [1 -4 2] /Index [0 6]")),
            ("w-two-fields", broken("/W [1 4] /Index [0 6]")),
            ("w-wider-than-the-data", broken("/W [8 8 8] /Index [0 6]")),
            ("index-count-2^31", broken("/W [1 4 2] /Index [0 2147483647]")),
            ("index-odd-length", broken("/W [1 4 2] /Index [0]")),
            ("index-negative-start", broken("/W [1 4 2] /Index [-3 9]")),
            ("index-start-past-2^32", broken("/W [1 4 2] /Index [4294967290 6]")),
            ("prev-itself-stream", {
                var file = PDFObjects(small)
                file.previous = .itself
                return file.bytes(.stream(number: 5))
            }),
            ("prev-itself-table", {
                var file = PDFObjects(small)
                file.previous = .itself
                return file.bytes(.table)
            }),
            ("prev-cycle-two-tables", { cycle(.table) }),
            ("prev-cycle-table-and-stream", { cycle(.stream(number: 5)) }),
            ("object-stream-extends-itself", { packedByHand(dictionary: "/Extends 6 0 R") }),
            ("object-stream-inside-itself", { packedByHand(compressed: [6: (6, 3)]) }),
            // Its /Length is object 8, which the xref places inside it.
            ("object-stream-length-inside-itself", { packedByHand(dictionary: "/Length 8 0 R", compressed: [8: (6, 0)]) }),
            ("object-stream-n-billion", { packedByHand(count: 1_000_000_000) }),
        ]
    }()
}
