import Fixtures
import Foundation
import QuireEngine
import QuireHelper
import QuireImage
@testable import QuireRemote
import XCTest

/// What the reader drew, through the real helpers: printed before any save, and moved when
/// it is the file's own. (Saved onto a signed document: `SignedSaveTests`.)
final class RemoteDrawingTests: XCTestCase {
    private static let stroke = Drawing(.ink([[Point(x: 100, y: 100), Point(x: 300, y: 140), Point(x: 400, y: 100)]]), width: 6)

    /// A drawing not saved is printed: the printout has it where it is on screen.
    func testTheUnsavedDrawingIsPrinted() throws {
        _ = try XCTUnwrap(TestZygote.shared, "the zygote did not start")
        let fixtures = try Fixtures()
        let file = try DocumentFile(opening: DocumentSource(path: fixtures.standard()))
        let document = try RemoteDocument(file: file)
        var edits = AnnotationEdits()
        let ink = try XCTUnwrap(edits.add(page: 0, drawing: Self.stroke, colour: .redInk, author: "", created: 0))
        let size = document.pageSize(at: 0)
        func printed(_ markups: [Markup]) throws -> Int {
            let out = fixtures.path("printout-\(markups.count).pdf")
            let fd = open(out, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
            try document.printPDF([[0]], on: PrintPaper(size: size), content: PrintContent(markups: markups), to: fd)
            close(fd)
            return try Raster(out, scale: 1, renderer: .mutool).pixels(near: Markup.Colour.redInk.rgb, in: (x: 295, y: 132, width: 10, height: 16))
        }
        XCTAssertGreaterThan(try printed([ink]), 10, "the drawing is not printed")
        XCTAssertEqual(try printed([]), 0, "the page itself is red there")
    }

    /// Blue pixels (the file's ink drawing) of `image` inside `area`.
    private func blue(_ image: PageImage, in area: Rect) -> Int {
        var count = 0
        for y in max(0, Int(area.y))..<min(image.height, Int(area.maxY)) {
            for x in max(0, Int(area.x))..<min(image.width, Int(area.maxX)) {
                let pixel = image.pixel(x: x, y: y)
                if pixel & 0xFF > 200, pixel >> 16 & 0xFF < 80 { count += 1 }
            }
        }
        return count
    }

    /// The file's own ink moved by the reader: the render helpers draw it where it now is, and
    /// where it was after an undo; the save helper writes it there.
    func testTheFilesOwnDrawingMovedIsDrawnThereUntilUndoneAndSavedThere() throws {
        _ = try XCTUnwrap(TestZygote.shared, "the zygote did not start")
        let fixtures = try Fixtures()
        let path = try fixtures.othersAnnotations()
        let file = try DocumentFile(opening: DocumentSource(path: path))
        let ink = try XCTUnwrap(try RemoteDocument(file: file).fileAnnotations(at: 0)?.first { $0.kind == .ink })
        let renderer = try RemoteRenderer(file: file)
        let tile = TileKey(page: 0, scale: 1)
        let old = ink.area, new = Rect(x: 300, y: 100, width: 160, height: 80)
        XCTAssertGreaterThan(blue(try renderer.render(tile), in: old), 20, "the ink drawing is not drawn")
        _ = file.show(DocumentChanges(reshaped: [DocumentChanges.Reshaping(ref: ink.ref, area: new)]))
        let moved = try renderer.render(tile)
        XCTAssertGreaterThan(blue(moved, in: new), 20, "the moved drawing is not drawn where it was put")
        XCTAssertEqual(blue(moved, in: old), 0, "the moved drawing is still drawn where it was")
        _ = file.show(DocumentChanges())
        let back = try renderer.render(tile)
        XCTAssertGreaterThan(blue(back, in: old), 20, "the drawing is not drawn back where it was after an undo")
        XCTAssertEqual(blue(back, in: new), 0)
        try DocumentSaving.save([], changes: DocumentChanges(reshaped: [DocumentChanges.Reshaping(ref: ink.ref, area: new)]), of: file, to: path)
        XCTAssertTrue(try QPDF.check(path))
        let reopened = try RemoteDocument(file: DocumentFile(opening: DocumentSource(path: path)))
        let saved = try XCTUnwrap(reopened.fileAnnotations(at: 0)?.first { $0.kind == .ink })
        XCTAssertEqual(saved.area.x, new.x, accuracy: 4)
        XCTAssertEqual(saved.area.y, new.y, accuracy: 4)
    }
}
