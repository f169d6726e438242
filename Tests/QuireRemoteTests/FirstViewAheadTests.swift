import Fixtures
import Foundation
import QuireEngine
import QuireImage
@testable import QuireRemote
import XCTest

/// The first view's predicted first tile (`FirstViewPrediction`), drawn by the prepared
/// renderer's helper before the view asks: given at once when the view asks for that very
/// tile, and never when it asks for another first, or once the reader's values changed.
final class FirstViewAheadTests: XCTestCase {
    private func samePixels(_ a: PageImage, _ b: PageImage) -> Bool {
        guard a.width == b.width, a.height == b.height else { return false }
        for y in 0..<a.height { for x in 0..<a.width where a.pixel(x: x, y: y) != b.pixel(x: x, y: y) { return false } }
        return true
    }

    func testTheTileDrawnAheadIsGivenWithoutAskingTheHelperAgain() throws {
        _ = try XCTUnwrap(TestZygote.shared, "the zygote did not start")
        let fixtures = try Fixtures()
        let file = try DocumentFile(opening: DocumentSource(path: fixtures.long(pages: 3)))
        let prepared = PreparedRenderer(file: file)
        let tile = TileKey(page: 0, scale: 1.4150326797385622)
        prepared.drawAhead(tile)
        let renderer = try XCTUnwrap(prepared.take())
        XCTAssertEqual(renderer.rendersAsked, 1, "drawn before the renderer was taken")
        let ahead = try renderer.render(tile)
        XCTAssertEqual(renderer.rendersAsked, 1, "given without asking the helper")
        let asked = try renderer.render(tile)
        XCTAssertEqual(renderer.rendersAsked, 2, "given once: asked again, it is drawn again")
        XCTAssertTrue(samePixels(ahead, asked), "the picture drawn ahead is the one the helper draws when asked")
        XCTAssertEqual(file.faults.total, 0)
    }

    /// A view that asks for another tile first (the window took another size) drops the
    /// one drawn ahead: asked for later, it is drawn again.
    func testATileDrawnAheadAndNotAskedForFirstIsDropped() throws {
        _ = try XCTUnwrap(TestZygote.shared, "the zygote did not start")
        let fixtures = try Fixtures()
        let file = try DocumentFile(opening: DocumentSource(path: fixtures.long(pages: 3)))
        let prepared = PreparedRenderer(file: file)
        let predicted = TileKey(page: 0, scale: 1.4), real = TileKey(page: 0, scale: 1.25)
        prepared.drawAhead(predicted)
        let renderer = try XCTUnwrap(prepared.take())
        _ = try renderer.render(real)
        XCTAssertEqual(renderer.rendersAsked, 2)
        _ = try renderer.render(predicted)
        XCTAssertEqual(renderer.rendersAsked, 3, "the tile drawn ahead was dropped at the first other tile")
    }

    /// The reader's form values changed after the tile was drawn ahead (a reload keeping
    /// them): the picture shows the file without them, so it is drawn again.
    func testATileDrawnAheadOfTheReadersValuesIsDrawnAgain() throws {
        _ = try XCTUnwrap(TestZygote.shared, "the zygote did not start")
        let fixtures = try Fixtures()
        let file = try DocumentFile(opening: DocumentSource(path: fixtures.form()))
        let fields = try XCTUnwrap(try RemoteDocument(file: file).formFields(at: 0))
        let prepared = PreparedRenderer(file: file)
        let tile = TileKey(page: 0, scale: 1)
        prepared.drawAhead(tile)
        let renderer = try XCTUnwrap(prepared.take())
        _ = file.show(DocumentChanges(fields: [FieldValue(id: fields[0].id, value: .text("Ada Lovelace"))]))
        let picture = try renderer.render(tile)
        XCTAssertEqual(renderer.rendersAsked, 2, "drawn again with the reader's value")
        XCTAssertEqual(picture.revision, file.changes.withLock { $0.revision })
    }

    /// Once the renderer is taken, a prediction come too late draws nothing.
    func testAPredictionAfterTheRendererWasTakenDrawsNothing() throws {
        _ = try XCTUnwrap(TestZygote.shared, "the zygote did not start")
        let fixtures = try Fixtures()
        let file = try DocumentFile(opening: DocumentSource(path: fixtures.long(pages: 3)))
        let prepared = PreparedRenderer(file: file)
        let renderer = try XCTUnwrap(prepared.take())
        prepared.drawAhead(TileKey(page: 0, scale: 1))
        XCTAssertNil(prepared.take())
        XCTAssertEqual(renderer.rendersAsked, 0)
    }
}
