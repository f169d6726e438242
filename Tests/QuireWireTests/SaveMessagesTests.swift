import QuireEngine
import QuireWire
import XCTest

/// The save helper's messages: markups cross whole, and a hostile count or kind is refused
/// before anything is reserved for it.
final class SaveMessagesTests: XCTestCase {
    func testMarkupsRoundTrip() throws {
        var commented = Markup(id: 5, page: 1, kind: .underline, colour: .blue, areas: [Rect(x: 1, y: 2, width: 3, height: 4)],
                               text: "marked", author: "Ada", created: 2)
        commented.comment = "See the proof"
        let markups = [
            commented,
            Markup(id: 3, page: 7, kind: .strikeOut, colour: .pink, areas: [Rect(x: 1, y: 2, width: 3, height: 4)],
                   text: "café", author: "Ada", created: 1_700_000_000.5),
            Markup(id: 4, page: 0, kind: .highlight, colour: .yellow, areas: [], text: "", author: "", created: 0),
        ]
        XCTAssertEqual(try SaveRequest(SaveRequest(markups: markups).bytes).markups, markups)
        for reply in [SaveReply.ready, .openFailed(reason: "no"), .saved(written: 2), .failed(reason: "disk full")] {
            XCTAssertEqual(try SaveReply(reply.bytes), reply)
        }
    }

    func testDrawingsRoundTripEveryShape() throws {
        let frame = Rect(x: 10, y: 20, width: 30, height: 40)
        let picture = try XCTUnwrap(StampPicture(width: 2, height: 1, pixels: [1, 2, 3, 255, 4, 5, 6, 255]))
        let shapes: [Drawing] = [
            Drawing(.ink([[Point(x: 1, y: 2), Point(x: 3, y: 4)], [Point(x: 5, y: 6)]]), width: 3),
            Drawing(.line(from: Point(x: 1, y: 2), to: Point(x: 30, y: 4), arrow: true)),
            Drawing(.rectangle(frame), width: 1, fill: .yellow),
            Drawing(.ellipse(frame)),
            Drawing(.textBox(frame), fontSize: 18),
            Drawing(.stamp(frame, .standard(.confidential))),
            Drawing(.stamp(frame, .picture(picture))),
        ]
        let markups = shapes.enumerated().map { index, drawing in
            Markup(id: index + 1, page: index, drawing: drawing, colour: .redInk, text: index == 4 ? "typed" : "", author: "Ada", created: 3)
        }
        XCTAssertEqual(try SaveRequest(SaveRequest(markups: markups).bytes).markups, markups)
    }

    func testADrawnKindWithoutItsDrawingIsRefused() {
        let bare = Markup(id: 1, page: 0, kind: .ink, colour: .blueInk, areas: [], text: "", author: "", created: 0)
        XCTAssertThrowsError(try SaveRequest(SaveRequest(markups: [bare]).bytes))
    }

    func testHostileCountsAndKindsAreRefused() {
        var huge = WireWriter()
        huge.int(Int.max)
        XCTAssertThrowsError(try SaveRequest(huge.bytes))
        var bytes = SaveRequest(markups: [Markup(id: 1, page: 0, kind: .highlight, colour: .yellow, areas: [], text: "", author: "", created: 0)]).bytes
        bytes[24] = 99 // the kind
        XCTAssertThrowsError(try SaveRequest(bytes))
    }
}
