import Fixtures
import Foundation
import QuireEngine
import QuireHelper
import QuireImage
@testable import QuireRemote
import XCTest

/// The reader's form values reach real helper processes: the render helpers draw them
/// (a new helper too, after one ended), the document helper lists the widgets, and the
/// save helper writes them, read back by qpdf.
final class RemoteFormTests: XCTestCase {
    private typealias Form = Fixtures.Form

    private func dark(_ image: PageImage, _ area: Form.Rect) -> Int {
        var count = 0
        for y in Int(area.y)..<Int(area.y + area.height) {
            for x in Int(area.x)..<Int(area.x + area.width) where image.pixel(x: x, y: y) & 0xFF < 100 { count += 1 }
        }
        return count
    }

    func testRenderHelpersDrawTheReadersValuesAndSayWhichTheyDrew() throws {
        _ = try XCTUnwrap(TestZygote.shared, "the zygote did not start")
        let fixtures = try Fixtures()
        let file = try DocumentFile(opening: DocumentSource(path: fixtures.form()))
        let fields = try XCTUnwrap(try RemoteDocument(file: file).formFields(at: 0))
        XCTAssertEqual(fields.count, 8)
        let renderer = try RemoteRenderer(file: file)
        let tile = TileKey(page: 0, scale: 1)
        let before = try renderer.render(tile)
        XCTAssertEqual(before.revision, 0)
        XCTAssertEqual(dark(before, Form.agree), 0)
        let revision = file.show(DocumentChanges(fields: FieldValue.ordered([fields[2].id: .on(true), fields[0].id: .text("Ada Lovelace")])))
        let after = try renderer.render(tile)
        XCTAssertEqual(after.revision, revision)
        XCTAssertGreaterThan(dark(after, Form.agree), 40, "the ticked box is drawn empty")
        XCTAssertGreaterThan(dark(after, Form.name), 40, "the name is not drawn")
        // An undo: the helper gives the box back its own value.
        let undone = file.show(DocumentChanges(fields: [FieldValue(id: fields[0].id, value: .text("Ada Lovelace"))]))
        let again = try renderer.render(tile)
        XCTAssertEqual(again.revision, undone)
        XCTAssertEqual(dark(again, Form.agree), 0, "the box undone is still drawn ticked")
        // A helper that ended is replaced by one that is told the values before it draws.
        let pid = try XCTUnwrap(renderer.helper?.pid)
        kill(pid, SIGKILL)
        XCTAssertTrue(HelperProcess.ends(pid))
        let fresh = try renderer.render(tile)
        XCTAssertNotEqual(renderer.helper?.pid, pid)
        XCTAssertGreaterThan(dark(fresh, Form.name), 40, "the new helper draws the document without the reader's values")
    }

    func testTheSaveHelperWritesTheValuesAndQpdfReadsThem() throws {
        _ = try XCTUnwrap(TestZygote.shared, "the zygote did not start")
        let fixtures = try Fixtures()
        let path = try fixtures.form()
        let file = try DocumentFile(opening: DocumentSource(path: path))
        let fields = try XCTUnwrap(try RemoteDocument(file: file).formFields(at: 0))
        let values: [Int: FormValue] = [fields[0].id: .text("Grace Hopper"), fields[3].id: .on(false), fields[4].id: .on(true),
                                        fields[5].id: .chosen([2])]
        try DocumentSaving.save([], changes: DocumentChanges(fields: FieldValue.ordered(values)), of: file, to: path)
        let saved = try QPDF.fieldValues(in: path)
        XCTAssertEqual(saved["name"], "Grace Hopper")
        XCTAssertEqual(saved["size"], "/L")
        XCTAssertEqual(saved["fruit"], "Cherry")
        XCTAssertNil(saved["agree"].flatMap { $0 == "/Yes" ? $0 : nil }, "a box never ticked was saved ticked")
        XCTAssertTrue(try QPDF.check(path))
    }
}

/// The file's own annotations deleted by the reader: the render helpers stop drawing them
/// and draw them again after an undo; the save helper leaves them out.
final class RemoteDeletionTests: XCTestCase {
    private func blue(_ image: PageImage) -> Int {
        var count = 0
        for y in stride(from: 0, to: image.height, by: 1) {
            for x in 0..<min(image.width, 200) {
                let pixel = image.pixel(x: x, y: y)
                if pixel & 0xFF > 200, pixel >> 16 & 0xFF < 80 { count += 1 }
            }
        }
        return count
    }

    func testADeletedAnnotationIsNotDrawnUntilUndoneAndIsNotSaved() throws {
        _ = try XCTUnwrap(TestZygote.shared, "the zygote did not start")
        let fixtures = try Fixtures()
        let path = try fixtures.othersAnnotations()
        let file = try DocumentFile(opening: DocumentSource(path: path))
        let listed = try XCTUnwrap(try RemoteDocument(file: file).fileAnnotations(at: 0))
        let ink = try XCTUnwrap(listed.first { $0.kind == .ink })
        XCTAssertEqual(ink.index, 2, "its place among all the page's annotations")
        let renderer = try RemoteRenderer(file: file)
        let tile = TileKey(page: 0, scale: 1)
        XCTAssertGreaterThan(blue(try renderer.render(tile)), 20, "the ink drawing is not drawn")
        _ = file.show(DocumentChanges(removed: [ink.ref]))
        XCTAssertEqual(blue(try renderer.render(tile)), 0, "the deleted drawing is still drawn")
        _ = file.show(DocumentChanges())
        XCTAssertGreaterThan(blue(try renderer.render(tile)), 20, "the drawing undeleted is not drawn again")
        try DocumentSaving.save([], changes: DocumentChanges(removed: [ink.ref]), of: file, to: path)
        XCTAssertEqual(try QPDF.annotations(in: path).map(\.subtype), ["/Text", "/Highlight", "/Link"])
        XCTAssertTrue(try QPDF.check(path))
    }

    /// Yellow (the highlight as written) and blue (as recoloured) pixels in the highlight's area.
    private func colours(_ image: PageImage, in area: Rect) -> (yellow: Int, blue: Int) {
        var yellow = 0, blue = 0
        for y in Int(area.y)..<Int(area.maxY) {
            for x in Int(area.x)..<Int(area.maxX) {
                let pixel = image.pixel(x: x, y: y)
                let (r, g, b) = (Int(pixel >> 16 & 0xFF), Int(pixel >> 8 & 0xFF), Int(pixel & 0xFF))
                if r > 200, g > 200, b < 100 { yellow += 1 }
                if b > 200, r < 150, g < 220 { blue += 1 }
            }
        }
        return (yellow, blue)
    }

    func testARecolouredAnnotationIsDrawnAndSavedInItsNewColourUntilUndone() throws {
        _ = try XCTUnwrap(TestZygote.shared, "the zygote did not start")
        let fixtures = try Fixtures()
        let path = try fixtures.othersAnnotations()
        let file = try DocumentFile(opening: DocumentSource(path: path))
        let highlight = try XCTUnwrap(try RemoteDocument(file: file).fileAnnotations(at: 0)?.first { $0.kind == .highlight })
        let renderer = try RemoteRenderer(file: file)
        let tile = TileKey(page: 0, scale: 1)
        let before = colours(try renderer.render(tile), in: highlight.area)
        XCTAssertGreaterThan(before.yellow, 500, "the highlight is not drawn yellow: \(before)")
        _ = file.show(DocumentChanges(recoloured: [DocumentChanges.Recolouring(ref: highlight.ref, colour: .blue)]))
        let after = colours(try renderer.render(tile), in: highlight.area)
        XCTAssertGreaterThan(after.blue, 500, "the recoloured highlight is not drawn blue: \(after)")
        XCTAssertLessThan(after.yellow, 50)
        _ = file.show(DocumentChanges())
        XCTAssertGreaterThan(colours(try renderer.render(tile), in: highlight.area).yellow, 500, "undone, the highlight is not yellow again")
        try DocumentSaving.save([], changes: DocumentChanges(recoloured: [DocumentChanges.Recolouring(ref: highlight.ref, colour: .blue)]),
                                of: file, to: path)
        let saved = try XCTUnwrap(try QPDF.annotations(in: path).first { $0.subtype == "/Highlight" })
        for (read, wanted) in zip(saved.colour, Markup.Colour.blue.rgb) { XCTAssertEqual(read, wanted, accuracy: 0.01) }
        XCTAssertTrue(try QPDF.check(path))
    }
}

/// A form read that hangs its helper (`form-hang-on-page:1` in `hangs.pdf`, standing in for
/// what poppler may do on a hostile form): the call fails at its watchdog, and the document
/// is read on by the next helper. And the field that is its own parent, on which
/// poppler-glib's naming never returned: read, and named through the loop.
final class HangingFormTests: XCTestCase {
    func testAFormReadThatHangsItsHelperFailsAtTheWatchdogAndTheDocumentIsReadOn() throws {
        _ = try XCTUnwrap(TestZygote.shared, "the zygote did not start")
        let fixtures = try Fixtures()
        let file = try DocumentFile(opening: DocumentSource(path: fixtures.form(named: "hangs.pdf")))
        let document = try RemoteDocument(file: file)
        let start = monotonicSeconds()
        XCTAssertNil(document.formFields(at: 0), "a hung read gave widgets")
        XCTAssertLessThan(monotonicSeconds() - start, RemoteDocument.callSeconds + 5, "the hung read was not stopped at its watchdog")
        XCTAssertEqual(document.readableText(at: 0)?.contains("Page 1"), true, "the document is not read on after the hung helper")
    }

    func testAFieldThatIsItsOwnParentIsReadAndNamed() throws {
        _ = try XCTUnwrap(TestZygote.shared, "the zygote did not start")
        let fixtures = try Fixtures()
        let document = try RemoteDocument(file: DocumentFile(opening: DocumentSource(path: fixtures.formWithALoopingParent())))
        let fields = try XCTUnwrap(document.formFields(at: 0), "the looping form was not read")
        XCTAssertEqual(fields.map(\.name), ["a", "a"])
        XCTAssertEqual(try XCTUnwrap(document.fileAnnotations(at: 0)), [], "the widgets are listed as annotations")
    }
}
