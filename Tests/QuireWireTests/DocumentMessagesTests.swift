import QuireEngine
import QuireWire
import XCTest

/// The document helper's questions and answers survive the trip whole, and a hostile
/// answer (a count past what its bytes could hold, a string past its bound, an unknown
/// kind, bytes left over) is refused before the window makes anything of it.
final class DocumentMessagesTests: XCTestCase {
    func testRequestsRoundTrip() throws {
        let selection = TextSelection(anchor: PagePoint(page: 1, point: Point(x: 3, y: 4)), head: PagePoint(page: 2, point: Point(x: 5, y: 6)), style: .word)
        let requests: [DocumentRequest] = [
            .pageSizes(first: 10, count: 4096), .pageLabels(first: 0, count: 1024),
            .text(page: 7), .matchAreas(SearchQuery("café", caseSensitive: true, wholeWords: true), page: 2), .links(page: 1),
            .outline, .properties, .fonts,
            .selectionAreas(TextSelection.Span(page: 1, start: Point(x: 1, y: 2), end: Point(x: 30, y: 40)), style: .line),
            .selectedText(selection), .print(sheets: [[4, 2], [0]], paper: PrintPaper(size: Size(width: 595, height: 842), top: 10, left: 12, bottom: 14, right: 16),
                                               layout: PrintLayout(pagesPerSheet: 2, order: .bottomToTopRightToLeft, scale: 0.75)),
            // What the screen shows is printed: the reader's markups and changes travel with it.
            .print(sheets: [[0]], paper: PrintPaper(size: Size(width: 612, height: 792)), layout: .single, content: PrintContent(
                markups: [Markup(id: 3, page: 0, kind: .underline, colour: .blue, areas: [Rect(x: 1, y: 2, width: 30, height: 4)],
                                 text: "words", author: "Ada", created: 12)],
                changes: DocumentChanges(fields: [FieldValue(id: 4, value: .text("Ada"))], removed: [FileAnnotation.Ref(page: 0, index: 1)],
                                         recoloured: [DocumentChanges.Recolouring(ref: FileAnnotation.Ref(page: 0, index: 2), colour: .green)]))),
            .print(sheets: [[1]], paper: PrintPaper(size: Size(width: 612, height: 792)), layout: .single, content: PrintContent(annotations: false)),
            .characters(page: 3),
        ]
        for request in requests { XCTAssertEqual(try DocumentRequest(request.bytes), request) }
    }

    /// A printout's sheets hold no more pages than a side can, and its order is GTK's.
    func testHostilePrintRequestsAreRefused() {
        func request(pages: Int, order: Int) -> [UInt8] {
            var out = WireWriter()
            out.u8(13); out.list([Array(0..<pages)]) { sheet, pages in sheet.list(pages) { $0.int($1) } }
            out.size(Size(width: 595, height: 842)); for _ in 0..<4 { out.f64(0) }
            out.int(16); out.int(order); out.f64(1)
            for _ in 0..<5 { out.int(0) } // no markups, form values, deletions, recolourings or moves
            out.bool(true) // annotations printed
            return out.bytes
        }
        XCTAssertNoThrow(try DocumentRequest(request(pages: 16, order: 7)))
        XCTAssertThrowsError(try DocumentRequest(request(pages: 17, order: 0)), "a sheet of 17 pages")
        XCTAssertThrowsError(try DocumentRequest(request(pages: 1, order: 8)), "an order GTK does not have")
    }

    func testRepliesRoundTripWithTheWindowsPath() throws {
        let replies: [DocumentReply] = [
            .opened(DocumentSummary(pageCount: 2_000, title: "Über", permanentID: "0123abcd", firstPageSize: Size(width: 612, height: 792))),
            .opened(DocumentSummary(pageCount: 1, title: nil, permanentID: nil, firstPageSize: Size(width: 1, height: 1), language: "de-AT")),
            .openFailed(.damaged(path: "/tmp/x.pdf", detail: "bad xref")), .openFailed(.crashedReader(path: "/tmp/x.pdf", signal: 11)),
            .sizes([Size(width: 1, height: 2), Size(width: 3, height: 4)]), .text("line\nline"), .text(nil), .labels(["iv", nil, "A-3"]),
            .areaGroups([[Rect(x: 1, y: 2, width: 3, height: 4)], []]), .rects([Rect(x: 0, y: 0, width: 1, height: 1)]),
            .links([Link(area: Rect(x: 1, y: 1, width: 2, height: 2), target: .page(3, top: 40)),
                    Link(area: Rect(x: 1, y: 1, width: 2, height: 2), target: .uri("https://example.com")),
                    Link(area: Rect(x: 1, y: 1, width: 2, height: 2), target: .launch("calc.exe")),
                    Link(area: Rect(x: 1, y: 1, width: 2, height: 2), target: .unsupported("JavaScript"))]),
            .outline([OutlineTree.Entry(title: "One", target: OutlineTarget(page: 0, top: nil), depth: 0),
                      OutlineTree.Entry(title: "Two", target: nil, depth: 1)], open: [true, false]),
            .fonts([DocumentFont(name: "DejaVuSans", kind: "TrueType", isEmbedded: true, isSubset: true)]),
            // What only the window knows (pages, size, encryption, location) travels empty.
            .properties(DocumentProperties(title: "T", author: nil, subject: "S", keywords: nil, creator: "C", producer: nil,
                                           created: CalendarDate(year: 2026, month: 12, day: 1, hour: 9, minute: 30), modified: nil,
                                           pdfVersion: "1.7", pageCount: 0, firstPageSize: .zero, fileSize: nil, isEncrypted: false,
                                           location: "/tmp/x.pdf")),
            .printChunk([1, 2, 3]), .printed(pages: 3), .printFailed(reason: "page 2 could not be printed"),
            .characters("ab\né", boxes: Array(repeating: Rect(x: 1, y: 2, width: 3, height: 4), count: 4)),
        ]
        for reply in replies { XCTAssertEqual(try DocumentReply(reply.bytes, path: "/tmp/x.pdf"), reply) }
        // The helper's path never reaches the window: the window's own is put in.
        let failed = DocumentReply.openFailed(.notAPDF(path: "/proc/self/fd/5"))
        XCTAssertEqual(try DocumentReply(failed.bytes, path: "/home/me/a.pdf"), .openFailed(.notAPDF(path: "/home/me/a.pdf")))
    }

    func testHostileAnswersAreRefused() {
        var huge = WireWriter()
        huge.u8(8); huge.int(Int.max) // a link count no message could hold
        XCTAssertThrowsError(try DocumentReply(huge.bytes, path: "x"), "a count past the bytes")
        var past = WireWriter()
        past.u8(3); past.int(DocumentRequest.sizesPerRequest + 1)
        for _ in 0...DocumentRequest.sizesPerRequest { past.size(Size(width: 1, height: 1)) }
        XCTAssertThrowsError(try DocumentReply(past.bytes, path: "x"), "more sizes than were asked for")
        var kind = WireWriter()
        kind.u8(8); kind.int(1); kind.rect(Rect(x: 0, y: 0, width: 1, height: 1)); kind.u8(9)
        XCTAssertThrowsError(try DocumentReply(kind.bytes, path: "x"), "a link of an unknown kind")
        var labels = WireWriter()
        labels.u8(5); labels.list(Array(repeating: "x", count: DocumentRequest.labelsPerRequest + 1)) { $0.optionalString($1, limit: 8) }
        XCTAssertThrowsError(try DocumentReply(labels.bytes, path: "x"), "more labels than are asked for")
        var chunk = WireWriter()
        chunk.u8(12); chunk.int(DocumentReply.printChunkLimit + 1)
        XCTAssertThrowsError(try DocumentReply(chunk.bytes, path: "x"), "a printout chunk past its bound")
        var characters = WireWriter()
        characters.u8(17); characters.string("a", limit: 1); characters.int(PageCharacters.limit + 1)
        for _ in 0...PageCharacters.limit { characters.rect(Rect(x: 0, y: 0, width: 1, height: 1)) }
        XCTAssertThrowsError(try DocumentReply(characters.bytes, path: "x"), "more character boxes than a page may have")
        let good = DocumentReply.labels(["iv", nil]).bytes
        XCTAssertThrowsError(try DocumentReply(good + [0], path: "x"), "a byte past the end")
        for cut in 0..<good.count { XCTAssertThrowsError(try DocumentReply(Array(good.prefix(cut)), path: "x"), "cut at \(cut)") }
    }
}
