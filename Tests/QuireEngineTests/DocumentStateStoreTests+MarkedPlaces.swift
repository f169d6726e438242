import Foundation
import XCTest
@testable import QuireEngine

/// Bookmarks and marks in `documents.json`: kept with the document's state, merged between
/// Quires, read with bounds.
extension DocumentStateStoreTests {
    private func bookmarked(_ names: String..., time: Double = 1) -> MarkedPlaces {
        var places = MarkedPlaces()
        for (index, name) in names.enumerated() { _ = places.add(at: ViewPlace(page: index, fraction: 0), name: name, time: time + Double(index)) }
        return places
    }

    func testBookmarksComeBackFromANewStore() throws {
        var places = bookmarked("Chapter 1", "Chapter 2")
        places.setMark("a", at: ViewPlace(page: 5, fraction: 0.5), time: 3)
        try store().remember(DocumentState(page: 2), places: places, for: fakeIdentity("a"))
        XCTAssertEqual(store().places(for: fakeIdentity("a")), places)
    }

    func testRememberingTheViewAloneKeepsTheBookmarks() throws {
        let store = store()
        try store.remember(DocumentState(page: 2), places: bookmarked("kept"), for: fakeIdentity("a"))
        try store.remember(DocumentState(page: 3), for: fakeIdentity("a"))
        XCTAssertEqual(self.store().places(for: fakeIdentity("a")).bookmarks.map(\.name), ["kept"])
        XCTAssertEqual(self.store().state(for: fakeIdentity("a"))?.page, 3)
    }

    func testAnotherDocumentOrAStrangerAtThePathHasNoBookmarks() throws {
        try store().remember(DocumentState(), places: bookmarked("mine"), for: fakeIdentity("a"))
        XCTAssertEqual(store().places(for: fakeIdentity("b")), MarkedPlaces())
        let stranger = DocumentIdentity(path: "/docs/a.pdf", device: 1, inode: 4242)
        XCTAssertEqual(store().places(for: stranger), MarkedPlaces())
    }

    func testTwoQuiresBookmarkingOneDocumentKeepBoth() throws {
        let first = store(), second = store()
        XCTAssertEqual(second.places(for: fakeIdentity("a")), MarkedPlaces(), "read before the first one bookmarks")
        var mine = MarkedPlaces(), theirs = MarkedPlaces()
        _ = mine.add(at: ViewPlace(page: 1, fraction: 0), name: "first's", time: 10)
        _ = theirs.add(at: ViewPlace(page: 2, fraction: 0), name: "second's", time: 20)
        theirs.setMark("x", at: ViewPlace(page: 2, fraction: 0), time: 20)
        try first.remember(DocumentState(page: 1), places: mine, for: fakeIdentity("a"))
        try second.remember(DocumentState(page: 2), places: theirs, for: fakeIdentity("a"))
        // The first writes its stale view of the document (another document, then this one).
        try first.remember(DocumentState(), for: fakeIdentity("b"))
        try first.remember(DocumentState(page: 1), places: mine, for: fakeIdentity("a"))

        let reopened = store().places(for: fakeIdentity("a"))
        XCTAssertEqual(reopened.bookmarks.map(\.name), ["first's", "second's"])
        XCTAssertEqual(reopened.mark("x"), ViewPlace(page: 2, fraction: 0))
        XCTAssertEqual(first.places(for: fakeIdentity("a")), reopened, "the writer sees the other's bookmarks too")
    }

    func testABookmarkDeletedInOneQuireStaysDeletedWhenAnotherWrites() throws {
        let first = store(), second = store()
        var places = bookmarked("doomed")
        try first.remember(DocumentState(), places: places, for: fakeIdentity("a"))
        let stale = second.places(for: fakeIdentity("a"))
        XCTAssertEqual(stale.bookmarks.map(\.name), ["doomed"])
        places.remove(places.bookmarks[0].id, time: 50)
        try first.remember(DocumentState(), places: places, for: fakeIdentity("a"))
        try second.remember(DocumentState(), places: stale, for: fakeIdentity("a"))
        XCTAssertEqual(store().places(for: fakeIdentity("a")).bookmarks, [])
    }

    func testAFileWithoutBookmarksReadsAsNone() throws {
        try write(#"{"version":1,"documents":[{"path":"/docs/a.pdf","device":1,"inode":97,"lastUsed":5,"state":{"page":4}}]}"#)
        let store = store()
        XCTAssertNil(store.setAside)
        XCTAssertEqual(store.places(for: fakeIdentity("a")), MarkedPlaces())
        XCTAssertEqual(store.state(for: fakeIdentity("a"))?.page, 4)
    }

    func testDamagedBookmarksCostOnlyThemselves() throws {
        try write(#"{"version":1,"documents":[{"path":"/docs/a.pdf","device":1,"inode":97,"lastUsed":5,"state":{"page":4},"#
                  + #""places":{"bookmarks":[{"id":"1","name":"ok","page":1,"fraction":0,"changed":1},{"id":2}],"marks":"a"}}]}"#)
        let store = store()
        XCTAssertNil(store.setAside)
        XCTAssertEqual(store.state(for: fakeIdentity("a"))?.page, 4)
        XCTAssertEqual(store.places(for: fakeIdentity("a")).bookmarks.map(\.name), ["ok"])
    }

    func testAWriteThatWouldPassTheSizeLimitForgetsTheLeastRecentlyUsedDocuments() throws {
        let small = DocumentStateStore(directory: directory, capacity: 100, now: clock.now, steps: .system, sizeLimit: 20_000)
        let long = String(repeating: "x", count: MarkedPlaces.nameLimit)
        for name in "abcdefgh" {
            var places = MarkedPlaces()
            for page in 0..<20 { _ = places.add(at: ViewPlace(page: page, fraction: 0), name: long, time: Double(page)) }
            try small.remember(DocumentState(), places: places, for: fakeIdentity(String(name)))
        }
        let size = try XCTUnwrap(FileManager.default.attributesOfItem(atPath: small.path)[.size] as? Int)
        XCTAssertLessThanOrEqual(size, 20_000)
        let reopened = DocumentStateStore(directory: directory, capacity: 100, now: clock.now, steps: .system, sizeLimit: 20_000)
        XCTAssertNil(reopened.setAside)
        XCTAssertEqual(reopened.places(for: fakeIdentity("h")).bookmarks.count, 20, "the one just remembered is kept")
        XCTAssertEqual(reopened.places(for: fakeIdentity("a")), MarkedPlaces(), "the oldest is forgotten")
    }
}
