import Foundation
import Synchronization
import XCTest
@testable import QuireEngine

/// The text store's folder: entries found, dropped when unsound, and the whole within its budget.
final class TextStoreTests: XCTestCase {
    var directory: String!

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("text-store-\(UUID().uuidString)").path
    }

    override func tearDown() {
        try? FileManager.default.removeItem(atPath: directory)
    }

    private func key(_ name: String, pages: Int = 2, size: Int64 = 1_000) -> TextStoreKey {
        TextStoreKey(path: "/docs/\(name).pdf", device: 1, inode: 2, size: size, modifiedSeconds: 3, modifiedNanoseconds: 4, pageCount: pages)
    }

    private func stored(_ key: TextStoreKey, text: String = "a fox here") -> StoredText {
        StoredText(key: key, pages: (0..<key.pageCount).map { StoredText.Page(PageText("\(text) \($0)")) })!
    }

    func testAnEntryWrittenIsFoundForItsKeyOnly() throws {
        let store = TextStore(directory: directory)
        guard case .missing = store.load(key("a")) else { return XCTFail("an empty store found text") }
        XCTAssertTrue(store.save(stored(key("a"))))
        guard case .found(let found) = store.load(key("a")) else { return XCTFail("not found") }
        XCTAssertEqual(found.pages.map { String(decoding: $0.text.units, as: UTF16.self) }, ["a fox here 0", "a fox here 1"])
        // The same path with other bytes (the file changed): dropped, and gone from the folder.
        guard case .dropped = store.load(key("a", size: 2_000)) else { return XCTFail("a changed file's entry was not dropped") }
        guard case .missing = store.load(key("a")) else { return XCTFail("the dropped entry is still there") }
    }

    func testADamagedEntryIsDropped() throws {
        let store = TextStore(directory: directory)
        store.save(stored(key("a")))
        let path = directory + "/" + key("a").entryName
        var bytes = try XCTUnwrap(FileManager.default.contents(atPath: path))
        bytes[bytes.count / 2] ^= 0x20
        try bytes.write(to: URL(fileURLWithPath: path))
        guard case .dropped = store.load(key("a")) else { return XCTFail("a damaged entry was used") }
        XCTAssertFalse(FileManager.default.fileExists(atPath: path))
    }

    /// Filled with many documents, the store stays within its budget; the entries read
    /// most recently are the ones kept.
    func testManyDocumentsStayWithinTheBudget() throws {
        let one = TextStoreFormat.encode(stored(key("doc-0", pages: 50), text: String(repeating: "some words that repeat ", count: 20))).count
        let budget = one * 5 + one / 2
        // A clock of its own, a second a use: the file system's ticks are coarser than the loop.
        let clock = Mutex(1_700_000_000.0)
        let store = TextStore(directory: directory, budget: budget, now: { clock.withLock { $0 += 1; return $0 } })
        for index in 0..<40 {
            XCTAssertTrue(store.save(stored(key("doc-\(index)", pages: 50), text: String(repeating: "some words that repeat ", count: 20))))
            XCTAssertLessThanOrEqual(store.totalBytes, budget, "after \(index + 1) documents")
            if index >= 3 {
                // doc-0 is read after each write: the least recently used are the others.
                guard case .found = store.load(key("doc-0", pages: 50)) else { return XCTFail("the document read last was evicted at \(index)") }
            }
        }
        XCTAssertEqual(store.entryNames.count, 5)
        XCTAssertTrue(store.entryNames.contains(key("doc-0").entryName))
        XCTAssertTrue(store.entryNames.contains(key("doc-39").entryName))
    }

    func testAnEntryLargerThanTheBudgetIsNotWritten() {
        let store = TextStore(directory: directory, budget: 16)
        XCTAssertFalse(store.save(stored(key("a"))))
        XCTAssertEqual(store.totalBytes, 0)
    }

    /// Searched once, the document's pages are written to the store; searched again by new
    /// threads (the document reopened), no page is read from the document.
    func testAReopenedDocumentIsSearchedFromTheStore() throws {
        let texts = ["a fox here", "nothing", "fox and fox"]
        let key = TextStoreKey(path: "/docs/fox.pdf", device: 1, inode: 2, size: 3, modifiedSeconds: 4, modifiedNanoseconds: 5, pageCount: 3)
        let slot = TextStoreSlot(store: TextStore(directory: directory), key: key)
        func search(_ extractions: Extractions) -> [Int] {
            let found = Matches()
            let workers = SearchWorkers(threads: 2, pageCount: texts.count, cache: PageTextCache(pageCount: texts.count), store: slot,
                                        makeSource: { StandInText(texts, extractions: extractions) },
                                        deliver: { event in if case .pages(_, let pages) = event { found.add(pages) } })
            workers.search(SearchQuery("fox"), from: 0)
            XCTAssertTrue(found.waitForPages(texts.count))
            workers.stopAndWait()
            return found.counts
        }
        let first = Extractions()
        XCTAssertEqual(search(first), [1, 0, 2])
        XCTAssertFalse(first.all.isEmpty)
        XCTAssertEqual(slot.wrote, true)
        let second = Extractions()
        XCTAssertEqual(search(second), [1, 0, 2])
        XCTAssertEqual(second.all, [], "pages were read although the store had them")
        XCTAssertEqual(slot.read, .found)
    }
}

extension TextStoreTests {
    /// Characters learned from the document go into its entry, found again on reopening; an
    /// entry holding some keeps them when more are learned.
    func testCharactersLearnedAreKeptWithTheEntry() throws {
        let key = TextStoreKey(path: "/docs/c.pdf", device: 1, inode: 2, size: 3, modifiedSeconds: 4, modifiedNanoseconds: 5, pageCount: 2)
        let store = TextStore(directory: directory)
        XCTAssertTrue(store.save(StoredText(key: key, pages: [StoredText.Page(PageText("ab")), StoredText.Page(PageText("c"))])!))
        let box = Rect(x: 1, y: 2, width: 3, height: 4)
        let first = TextStoreSlot(store: store, key: key)
        XCTAssertNotNil(first.load())
        XCTAssertNil(first.characters(onPage: 0))
        first.learn(StoredText.Characters(text: "ab", boxes: [box, box])!, onPage: 0)
        first.keepLearnedCharactersNow()
        let second = TextStoreSlot(store: store, key: key)
        XCTAssertTrue(second.waitUntilRead(seconds: 0) == false, "not read yet")
        XCTAssertNotNil(second.load())
        XCTAssertEqual(second.characters(onPage: 0)?.boxes, [box, box])
        second.learn(StoredText.Characters(text: "c", boxes: [box])!, onPage: 1)
        second.keepLearnedCharactersNow()
        let third = TextStoreSlot(store: store, key: key)
        XCTAssertNotNil(third.load())
        XCTAssertEqual(third.characters(onPage: 0)?.text, "ab")
        XCTAssertEqual(third.characters(onPage: 1)?.text, "c")
    }
}

extension TextStoreTests {
    /// A scan's page recognised goes into the entry as recognised, its text its words', and
    /// comes back so on reopening (as words with their boxes again): written with the entry
    /// or into the entry written before it.
    func testRecognisedPagesAreKeptAsRecognised() throws {
        let key = TextStoreKey(path: "/docs/scan.pdf", device: 1, inode: 2, size: 3, modifiedSeconds: 4, modifiedNanoseconds: 5, pageCount: 2)
        let store = TextStore(directory: directory)
        let page = RecognisedPage(words: [
            RecognisedWord(text: "Pay", box: Rect(x: 72, y: 100, width: 30, height: 10), confidence: 95, beginsLine: true, beginsBlock: true),
            RecognisedWord(text: "now", box: Rect(x: 106, y: 100, width: 30, height: 10), confidence: 95, beginsLine: false, beginsBlock: false),
            RecognisedWord(text: "Total", box: Rect(x: 72, y: 122, width: 50, height: 10), confidence: 95, beginsLine: true, beginsBlock: false),
        ], pageSize: Size(width: 612, height: 792))
        for writtenBefore in [false, true] {
            let first = TextStoreSlot(store: store, key: key)
            XCTAssertNil(first.load())
            if writtenBefore { first.save([PageText(""), PageText("")]) }
            first.learnRecognised(try XCTUnwrap(page.stored), onPage: 1)
            if writtenBefore { first.keepLearnedCharactersNow() } else { first.save([PageText(""), PageText("")]) }
            let second = TextStoreSlot(store: store, key: key)
            let texts = try XCTUnwrap(second.load(), "written before: \(writtenBefore)")
            XCTAssertEqual(texts[1].units, PageText("Pay now\nTotal").units, "written before: \(writtenBefore)")
            let kept = try XCTUnwrap(second.recognisedPages[1], "written before: \(writtenBefore)")
            XCTAssertNil(second.recognisedPages[0])
            let again = RecognisedPage(characters: kept.text, boxes: kept.boxes, pageSize: page.pageSize)
            XCTAssertEqual(again.words.map(\.text), ["Pay", "now", "Total"])
            XCTAssertEqual(again.words.map(\.box), page.words.map(\.box))
            XCTAssertEqual(again.text, page.text)
            try FileManager.default.removeItem(atPath: directory)
        }
    }
}

/// Pages' match counts as search threads deliver them.
private final class Matches: @unchecked Sendable {
    private let condition = NSCondition()
    private var pages: [Int: Int] = [:]
    func add(_ found: [PageMatches]) {
        condition.lock()
        for page in found { pages[page.page] = page.count }
        condition.broadcast()
        condition.unlock()
    }
    func waitForPages(_ count: Int) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        let deadline = Date().addingTimeInterval(10) // a watchdog, not the result
        while pages.count < count { if !condition.wait(until: deadline) { return false } }
        return true
    }
    var counts: [Int] {
        condition.lock()
        defer { condition.unlock() }
        return pages.keys.sorted().map { pages[$0]! }
    }
}
