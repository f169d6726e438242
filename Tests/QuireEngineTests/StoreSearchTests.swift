import Foundation
import XCTest
@testable import QuireEngine

/// Search across the documents of a text store.
final class StoreSearchTests: XCTestCase {
    private var folder: String!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("store-search-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder + "/docs", withIntermediateDirectories: true)
    }

    override func tearDown() { try? FileManager.default.removeItem(atPath: folder) }

    /// A file at docs/`name` whose text, page by page, the store holds.
    @discardableResult
    private func stored(_ name: String, _ pages: [String], in store: TextStore) throws -> String {
        let path = folder + "/docs/" + name
        try Data(name.utf8).write(to: URL(fileURLWithPath: path))
        let key = try XCTUnwrap(TextStoreKey(statingPath: path, pageCount: pages.count))
        XCTAssertTrue(store.save(StoredText(key: key, pages: pages.map { StoredText.Page(PageText($0)) })!))
        return path
    }

    private final class Heard: @unchecked Sendable {
        let condition = NSCondition()
        var documents: [StoreSearch.Document] = []
        var finished: (searched: Int, skipped: Int)?
        func add(_ event: StoreSearch.Event) {
            condition.lock()
            switch event {
            case .document(_, let document): documents.append(document)
            case .finished(_, let searched, let skipped): finished = (searched, skipped)
            }
            condition.broadcast()
            condition.unlock()
        }
        func waitUntilFinished() -> Bool {
            condition.lock()
            defer { condition.unlock() }
            let deadline = Date().addingTimeInterval(10) // a watchdog, not the result
            while finished == nil { if !condition.wait(until: deadline) { return false } }
            return true
        }
    }

    /// What a search for `query` over `store` heard, once it finished.
    private func search(_ query: SearchQuery, in store: TextStore) throws -> Heard {
        let heard = Heard()
        let search = StoreSearch(store: store, deliver: heard.add)
        defer { search.stopAndWait() }
        search.search(query)
        XCTAssertTrue(heard.waitUntilFinished(), "the search did not finish")
        return heard
    }

    func testAWordIsFoundInEveryStoredDocumentWithItsPlaces() throws {
        let store = TextStore(directory: folder + "/store")
        let first = try stored("a.pdf", ["nothing here", "a fox and a fox"], in: store)
        let second = try stored("b.pdf", ["The Fox."], in: store)
        try stored("c.pdf", ["no such animal"], in: store)
        let third = try stored("d.pdf", ["x", "y", "foxes run"], in: store)
        let heard = try search(SearchQuery("fox"), in: store)
        XCTAssertEqual(heard.finished?.searched, 4)
        let found = Dictionary(uniqueKeysWithValues: heard.documents.map { ($0.path, $0) })
        XCTAssertEqual(Set(found.keys), [first, second, third])
        XCTAssertEqual(found[first]?.matches.map { [$0.page, $0.index] }, [[1, 0], [1, 1]])
        XCTAssertEqual(found[second]?.matches.first?.context, MatchContext(before: "The ", match: "Fox", after: "."))
        XCTAssertEqual(found[third]?.matches.map(\.page), [2])
    }

    /// A file changed since its text was stored is not searched with the old text.
    func testADocumentChangedSinceIsSkipped() throws {
        let store = TextStore(directory: folder + "/store")
        let changed = try stored("a.pdf", ["a fox"], in: store)
        try stored("b.pdf", ["a fox"], in: store)
        try Data("rewritten, longer".utf8).write(to: URL(fileURLWithPath: changed))
        let heard = try search(SearchQuery("fox"), in: store)
        XCTAssertEqual(heard.finished?.searched, 1)
        XCTAssertEqual(heard.finished?.skipped, 1)
        XCTAssertEqual(heard.documents.map(\.path), [folder + "/docs/b.pdf"])
    }

    func testRegularExpressionsToo() throws {
        let store = TextStore(directory: folder + "/store")
        try stored("a.pdf", ["colour and color"], in: store)
        let heard = try search(SearchQuery("colou?r", regex: true), in: store)
        XCTAssertEqual(heard.documents.first?.total, 2)
    }
}
