import Fixtures
import Foundation
import QuireDocument
import QuireEngine
import XCTest

/// A reference written in the text, not a link: the pointer rests on "Figure 2" on page 1
/// (xdotool), and a popover shows Figure 2 on page 3 — the green box and its caption under
/// it — as poppler draws it (not Figure 1's caption on page 2), while the view stays; a
/// click in it goes there.
final class ReferencePreviewWindowTests: XCTestCase {
    func testRestingOnAFigureReferencePreviewsTheFigureAndItsCaption() throws {
        try QuireRun.requireDisplay()
        let fixtures = try Fixtures()
        let file = fixtures.references()
        let shot = fixtures.path("references.png")
        let script = ScriptedSession.start(title: Fixtures.referencesTitle, arguments: "--size 1000x900 --zoom 100") + """
            xdotool mousemove 1590 1190
            echo shown
            read answer
            \(ScriptedSession.clickInPreview)
            echo clicked
            read answer
            kill $quire; wait $quire
            """
        let session = try ScriptedSession(script: script, file: file, shot: shot)
        XCTAssertEqual(try session.readLine(), "shown")
        let scale = 96.0 / 72
        let (box, origin) = try LinkWindowTests.pageOne(in: session)
        let document = try DocumentSource(path: file).open()
        // The words "Figure 2" on page 1, as poppler finds them; the pointer rests on their middle.
        let words = try XCTUnwrap(document.matchAreas(of: SearchQuery("Figure 2"), onPage: 0).first?.first)
        XCTAssertEqual(words.y, Fixtures.referringLine.y - Fixtures.referringLine.size, accuracy: 4)
        let pointer = (x: Int(origin.x + (words.x + words.width / 2) * scale), y: Int(origin.y + words.midY * scale))
        try session.proceed("\(pointer.x) \(pointer.y)")
        XCTAssertEqual(try session.readLine(), "resting")

        // What the preview is to show: the region of page 3 its caption "Figure 2:" names,
        // from above the box to below the caption.
        let caption = try XCTUnwrap(document.matchAreas(of: SearchQuery("Figure 2:"), onPage: 2).first)
        let top = try XCTUnwrap(caption.map(\.y).min())
        XCTAssertEqual(top, Fixtures.figureCaption.y - 12, accuracy: 4)
        let reference = try XCTUnwrap(ReferenceLookup.find(at: PagePoint(page: 0, point: Point(x: words.midX, y: words.midY)), in: document))
        let region = try XCTUnwrap(reference.region)
        XCTAssertTrue(region.y < Fixtures.figureBox.y && region.maxY > Fixtures.figureCaption.y, "\(region) is not the box and its caption")
        let strip = try Self.strip(of: reference, in: document)
        let bottom = Int(origin.y + words.maxY * scale)
        let centred: Int = pointer.x - strip.width / 2
        let xs = max(0, centred - 120)...(centred + 120)
        let ys = (bottom + 16)...(bottom + 26)
        func previewed(_ screen: Picture) -> Bool { screen.bestMatch(of: strip, xs: xs, ys: ys).mismatch <= 0.01 }
        let resting = try session.screen(until: previewed)
        let found = resting.bestMatch(of: strip, xs: xs, ys: ys)
        XCTAssertLessThanOrEqual(found.mismatch, 0.01, "no preview of Figure 2 under the reference")
        // The popover covers the box's top: its foot says whether the view moved.
        XCTAssertEqual(resting.bounds(of: LinkWindowTests.red).map { $0.y + $0.height }, box.y + box.height,
                       "the view moved while previewing")

        try session.proceed("\(found.x + strip.width / 2) \(found.y + strip.height / 2)")
        XCTAssertEqual(try session.readLine(), "over")
        // The pointer on the preview keeps it (and GTK has it under the pointer before the click).
        XCTAssertTrue(previewed(try session.screen(until: previewed)), "the preview closed when the pointer reached it")
        try session.proceed()
        XCTAssertEqual(try session.readLine(), "clicked")
        // The view goes to page 3 with the figure near the top.
        let green: UInt32 = 0xFF33_9933
        func landed(_ screen: Picture) -> Bool {
            guard let figure = screen.bounds(of: green) else { return false }
            return figure.y < 400 && screen.bounds(of: LinkWindowTests.red) == nil
        }
        XCTAssertTrue(landed(try session.screen(until: landed)), "a click in the preview did not go to Figure 2")
        try session.proceed()
    }

    /// In the TraceMonkey paper, "Figure 3 shows an example LIR trace" on page 4 names the
    /// code at the top of page 3, whose caption is under it: the pointer comes onto
    /// "Figure 3" in steps and rests, and the popover shows that code with its caption (the
    /// region traced by QUIRE_TRACE_PREVIEWS and drawn as poppler draws it), not the
    /// caption with Figure 4 under it.
    func testRestingOnFigureThreeOfThePaperPreviewsTheCodeAboveItsCaption() throws {
        try QuireRun.requireDisplay()
        let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../../shared/corpus/small-tracemonkey.pdf").standardizedFileURL.path
        guard FileManager.default.fileExists(atPath: corpus) else { throw XCTSkip("no ../shared/corpus beside this checkout") }
        let fixtures = try Fixtures()
        let file = fixtures.path("tracemonkey.pdf")
        try FileManager.default.copyItem(atPath: corpus, toPath: file)
        // No room below the words at the foot of the view: the popover opens above them.
        let (document, region) = try restOn("Figure 3 shows an example", page: 3, into: 15, of: file,
                                            arguments: "--size 1000x1150 --zoom 100 --page 4", opensAbove: true)
        // From the code's first line to the caption's last, above Figure 4's code.
        let code = try XCTUnwrap(document.matchAreas(of: SearchQuery("v0 := ld state[748]"), onPage: 2).first?.first)
        let figureFour = try XCTUnwrap(document.matchAreas(of: SearchQuery("mov edx, ebx(748)"), onPage: 2).first?.first)
        XCTAssertTrue(region.y <= code.y && region.maxY < figureFour.y, "\(region) is not Figure 3")
    }

    /// A table's caption is above it: resting on "Table 1" on page 1 shows page 2's caption
    /// "Table 1:" with the rows under it, and not the paragraphs before and after them.
    func testRestingOnATableReferencePreviewsTheRowsBelowItsCaption() throws {
        try QuireRun.requireDisplay()
        let fixtures = try Fixtures()
        let (document, region) = try restOn("Table 1", page: 0, into: nil, of: fixtures.tableReference(),
                                            arguments: "--size 1000x900 --zoom 100", opensAbove: false)
        let caption = try XCTUnwrap(document.matchAreas(of: SearchQuery("Table 1:"), onPage: 1).first?.first)
        let lastRow = try XCTUnwrap(document.matchAreas(of: SearchQuery("gamma"), onPage: 1).first?.first)
        let paragraphs = document.matchAreas(of: SearchQuery(Fixtures.tableParagraph[0]), onPage: 1).compactMap(\.first)
        XCTAssertEqual(paragraphs.count, 2)
        XCTAssertTrue(region.y <= caption.y && region.maxY >= lastRow.maxY, "\(region) is not the caption and the rows")
        XCTAssertTrue(paragraphs.allSatisfy { !region.intersects($0) }, "\(region) holds a paragraph")
    }

    /// Quire on `file` (`arguments` put `page` at the view's top), the pointer brought in
    /// steps onto `words` on that page, `into` points from their left (their middle when
    /// nil), resting there. The preview must be traced with the region this process finds
    /// for the reference and show it as poppler draws it, above the words or below them;
    /// the region is given back.
    private func restOn(_ words: String, page: Int, into: Double?, of file: String, arguments: String,
                        opensAbove: Bool) throws -> (document: Document, region: Rect) {
        let title = URL(fileURLWithPath: file).lastPathComponent
        let script = ScriptedSession.start(title: title, arguments: arguments) + """
            xdotool mousemove 1590 1190
            echo shown
            read answer
            """ + ScriptedSession.pointerInSteps + """
            echo resting
            read answer
            kill $quire; wait $quire
            """
        let session = try ScriptedSession(script: script, file: file, shot: file + ".png", environment: ["QUIRE_TRACE_PREVIEWS": "1"])
        XCTAssertEqual(try session.readLine(), "shown")
        let document = try DocumentSource(path: file).open()
        let origin = try session.pageOrigin(of: document, page: page)
        let scale = 96.0 / 72
        let area = try XCTUnwrap(document.matchAreas(of: SearchQuery(words), onPage: page).first?.first, words)
        let spot = Point(x: into.map { area.x + $0 } ?? area.midX, y: area.midY)
        try session.proceed("\(Int(origin.x + spot.x * scale)) \(Int(origin.y + spot.y * scale))")
        XCTAssertEqual(try session.readLine(), "resting")

        let reference = try XCTUnwrap(ReferenceLookup.find(at: PagePoint(page: page, point: spot), in: document))
        let region = try XCTUnwrap(reference.region)
        guard case .page(let target, _) = reference.link.target else { throw FixtureFailure("\(words) leads off the document") }
        let traced = "preview shown: page \(target + 1), area \(Int(region.x)) \(Int(region.y)) \(Int(region.maxX)) \(Int(region.maxY))"
        XCTAssertTrue(session.errorsSay(traced), "not traced: \(traced)")
        let strip = try Self.strip(of: reference, in: document)
        // The popover's arrow (and, above the words, its caption under the strip) between the words and the strip.
        let ys = opensAbove ? (Int(origin.y + area.y * scale) - strip.height - 110)...(Int(origin.y + area.y * scale) - strip.height - 10)
            : (Int(origin.y + area.maxY * scale) + 10)...(Int(origin.y + area.maxY * scale) + 40)
        let shown = try session.stillScreen().bestMatch(of: strip, xs: 0...(Int(origin.x) + 150), ys: ys)
        XCTAssertLessThanOrEqual(shown.mismatch, 0.01, "no preview of what “\(words)” names, \(opensAbove ? "above" : "below") it")
        try session.proceed()
        return (document, region)
    }

    /// What the preview of `reference` shows, as poppler draws it.
    private static func strip(of reference: ReferenceLookup.Found, in document: Document) throws -> Picture {
        let sizes = (0..<document.pageCount).map(document.pageSize(at:))
        let preview = try XCTUnwrap(LinkPreview(of: reference.link.target, region: reference.region, pageSizes: sizes, deviceScale: 1))
        let page = Picture(try document.render(page: preview.page, scale: preview.tileScale))
        return page.cropped(x: preview.pixels.x, y: preview.pixels.y, width: min(preview.pixels.width, page.width - preview.pixels.x),
                            height: min(preview.pixels.height, page.height - preview.pixels.y))
    }
}
