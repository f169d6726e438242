import QuireEngine
import QuireWire
import XCTest

/// The SyncTeX helper's questions and answers survive the trip whole, and a hostile
/// answer (a count past what its bytes could hold, a name past its bound, an unknown
/// kind) is refused before the window makes anything of it.
final class SyncTeXMessagesTests: XCTestCase {
    func testRequestsAndRepliesRoundTrip() throws {
        let requests: [SyncTeXRequest] = [
            .forward(inputs: ["/home/a/thesis.tex", "./thesis.tex", "thesis.tex"], line: 12, column: -1, nearPage: 3),
            .inverse(page: 2, point: Point(x: 100.5, y: 200.25)),
        ]
        for request in requests { XCTAssertEqual(try SyncTeXRequest(request.bytes), request) }
        let replies: [SyncTeXReply] = [
            .ready, .unavailable(reason: "There is no SyncTeX file"),
            .boxes([SyncTeXPlaces.Box(page: 1, x: 72, baseline: 144, width: 398.5, height: 9.96, depth: 2.99)]), .boxes([]),
            .sources([SyncTeXPlaces.Source(input: "/a/b c.tex", line: 7, column: -1)]),
        ]
        for reply in replies { XCTAssertEqual(try SyncTeXReply(reply.bytes), reply) }
    }

    func testHostileRepliesAreRefused() {
        var count = WireWriter()
        count.u8(3); count.int(1 << 40)
        var name = WireWriter()
        name.u8(4); name.int(1); name.u32(UInt32(SyncTeXRequest.nameLimit + 1)); name.raw(Array(repeating: 0x41, count: SyncTeXRequest.nameLimit + 1))
        name.int(1); name.int(0)
        for bytes in [count.bytes, name.bytes, [9], SyncTeXReply.ready.bytes + [0]] {
            XCTAssertThrowsError(try SyncTeXReply(bytes), "\(bytes.prefix(12))")
        }
    }
}
