import QuireEngine
import QuireRemote
import QuireWire
import XCTest

/// The messages between the window and its helpers survive the trip, and anything else is
/// refused: short, long, unknown and out-of-range messages throw instead of becoming
/// values the window would act on.
final class MessagesTests: XCTestCase {
    func testRequestsAndRepliesRoundTrip() throws {
        let requests: [HelperRequest] = [
            .render(id: 7, tile: TileKey(page: 3, rotation: .quarter, scale: 1.5, cell: .init(column: 2, row: 9)), rasterizer: .splash),
            .render(id: .max, tile: TileKey(page: 0, scale: .infinity), rasterizer: .cairo),
            .pixels(id: 1), .largeImages(id: 2, page: 4_000),
        ]
        for request in requests { XCTAssertEqual(try HelperRequest(request.bytes), request) }
        let replies: [HelperReply] = [
            .ready(pageCount: 2_000), .openFailed(reason: "The document is damaged"), .needs(id: 3, width: 612, height: 792),
            .rendered(id: 3, width: 40, height: 50, cpuSeconds: 0.25, drawSeconds: 0.3, drawnWith: .splash, grey: true), .renderFailed(id: 4, reason: "page 4 took too long"), .largeImages(id: 5, true),
        ]
        for reply in replies { XCTAssertEqual(try HelperReply(reply.bytes), reply) }
        let zygote: [ZygoteRequest] = [.spawn(.renderer, displayPath: "/tmp/ä.pdf", password: nil), .spawn(.document, displayPath: "x", password: ""),
                                       .end(pid: 42), .exitStatus(pid: 7)]
        for request in zygote { XCTAssertEqual(try ZygoteRequest(request.bytes), request) }
        for reply: ZygoteReply in [.spawned(pid: 9), .failed(reason: "no"), .exit(.signaled(11)), .exit(.exited(3)), .exit(.unknown)] {
            XCTAssertEqual(try ZygoteReply(reply.bytes), reply)
        }
    }

    func testMalformedMessagesAreRefused() {
        let good = HelperReply.needs(id: 3, width: 612, height: 792).bytes
        for cut in 0..<good.count {
            XCTAssertThrowsError(try HelperReply(Array(good.prefix(cut))), "cut at \(cut)")
        }
        XCTAssertThrowsError(try HelperReply(good + [0]), "a byte past the end")
        XCTAssertThrowsError(try HelperReply([99]), "an unknown message")
        var long = WireWriter()
        long.u8(2); long.u32(UInt32(HelperReply.reasonLimit + 1)); long.string(String(repeating: "x", count: HelperReply.reasonLimit + 1), limit: .max)
        XCTAssertThrowsError(try HelperReply(long.bytes), "a reason past its bound")
        var rotation = WireWriter()
        rotation.u8(1); rotation.u32(1); rotation.int(0); rotation.int(45); rotation.f64(1); rotation.bool(false); rotation.int(0); rotation.int(0)
        XCTAssertThrowsError(try HelperRequest(rotation.bytes), "a rotation of 45°")
        var rasterizer = WireWriter()
        rasterizer.u8(1); rasterizer.u32(1); rasterizer.int(0); rasterizer.int(0); rasterizer.f64(1); rasterizer.bool(false); rasterizer.int(0); rasterizer.int(0)
        XCTAssertNoThrow(try HelperRequest(rasterizer.bytes + [Rasterizer.splash.rawValue]))
        XCTAssertThrowsError(try HelperRequest(rasterizer.bytes + [2]), "a rasterizer there is not")
        XCTAssertThrowsError(try ZygoteReply(ZygoteReply.spawned(pid: 1).bytes.prefix(1) + Array(repeating: 0, count: 8)), "process 0")
    }

    func testAStringIsCutAtACharacterBoundary() throws {
        var out = WireWriter()
        out.string("ééé", limit: 5) // two bytes each: the third does not fit whole
        var input = WireReader(out.bytes)
        XCTAssertEqual(try input.string(limit: 5), "éé")
    }

    /// A helper's pixel size is believed only when the window could have asked for it.
    func testPixelSizesPastATilesBoundsAreRefused() {
        let page = TileKey(page: 0, scale: 2), cell = TileKey(page: 0, scale: 20, cell: .init(column: 1, row: 1))
        XCTAssertTrue(RenderReplyCheck.accepts(width: 1224, height: 1584, for: page))
        XCTAssertTrue(RenderReplyCheck.accepts(width: 8193, height: 4000, for: page))
        XCTAssertFalse(RenderReplyCheck.accepts(width: 8193, height: 8193, for: page), "over the pixel bound")
        XCTAssertFalse(RenderReplyCheck.accepts(width: 100_000, height: 1, for: page))
        XCTAssertFalse(RenderReplyCheck.accepts(width: 0, height: 10, for: page))
        XCTAssertFalse(RenderReplyCheck.accepts(width: -5, height: -5, for: page))
        XCTAssertTrue(RenderReplyCheck.accepts(width: 1024, height: 1024, for: cell))
        XCTAssertFalse(RenderReplyCheck.accepts(width: 1025, height: 10, for: cell))
    }

    func testARecognizersPageTimeCrossesWithinTheRulesBounds() throws {
        let start = RecognitionRequest.start(dataPath: "/usr/share/tesseract-ocr/5/tessdata", languages: "rus+eng", pageSeconds: 5)
        XCTAssertEqual(try RecognitionRequest(start.bytes), start)
        for (asked, kept) in [(1e9, Recognition.pageSeconds), (-1, 0.05), (.nan, Recognition.pageSeconds)] {
            let request = RecognitionRequest.start(dataPath: "/d", languages: "eng", pageSeconds: asked)
            XCTAssertEqual(try RecognitionRequest(request.bytes), .start(dataPath: "/d", languages: "eng", pageSeconds: kept), "\(asked)")
        }
    }
}
