import QuireEngine
import XCTest

final class ReadAloudTests: XCTestCase {
    private let blank = PageCharacters(text: "", boxes: [], pageSize: .zero)!

    /// Every step until the end, pages given at once.
    private func steps(_ reading: inout ReadAloud, _ pages: [PageCharacters]) -> [String] {
        var said: [String] = []
        while true {
            switch reading.next(characters: { pages[$0] }) {
            case .speak(let utterance): said.append("\(utterance.page): \(utterance.text)")
            case .noText(let pages, let rest): said.append("no text \(pages)\(rest ? " to the end" : "")")
            case .needs(let page): return said + ["needs \(page)"]
            case .finished: return said
            }
        }
    }

    func testItReadsFromTheTopOfTheViewAcrossPagesToTheEnd() {
        var reading = ReadAloud(from: .top(page: 0, y: 60), pageCount: 2)
        let pages = [typedPage(["Above the view.", "First. Second"]), typedPage(["Third."])]
        XCTAssertEqual(steps(&reading, pages), ["0: First.", "0: Second", "1: Third."])
    }

    func testItStartsFromTheWordHoldingThePlace() {
        // "sentence" starts at 10; the place is inside it.
        var reading = ReadAloud(from: .place(page: 0, index: 13), pageCount: 1)
        XCTAssertEqual(steps(&reading, [typedPage(["Start the sentence here. Then this."])]), ["0: sentence here.", "0: Then this."])
    }

    func testAPageNotReadYetStopsTheReadingUntilItIsThere() {
        var reading = ReadAloud(from: .top(page: 0, y: 0), pageCount: 2)
        var pages: [Int: PageCharacters] = [0: typedPage(["One."])]
        XCTAssertEqual(reading.next { pages[$0] }, .speak(.init(page: 0, range: 0..<4, text: "One.")))
        XCTAssertEqual(reading.next { pages[$0] }, .needs(page: 1))
        pages[1] = typedPage(["Two."])
        XCTAssertEqual(reading.next { pages[$0] }, .speak(.init(page: 1, range: 0..<4, text: "Two.")))
        XCTAssertEqual(reading.next { pages[$0] }, .finished)
    }

    func testPagesWithoutTextArePassedOverWithOneNotice() {
        var reading = ReadAloud(from: .top(page: 0, y: 0), pageCount: 5)
        let pages = [typedPage(["One."]), blank, blank, typedPage(["Four."]), blank]
        XCTAssertEqual(steps(&reading, pages), ["0: One.", "no text 1...2", "3: Four.", "no text 4...4 to the end"])
    }

    func testADocumentWithoutTextSaysSoAndEnds() {
        var reading = ReadAloud(from: .top(page: 0, y: 0), pageCount: 2)
        XCTAssertEqual(steps(&reading, [blank, blank]), ["no text 0...1 to the end"])
        XCTAssertNil(reading.current)
    }

    func testPausingKeepsTheSentenceToSayAgainWhole() {
        var reading = ReadAloud(from: .top(page: 0, y: 0), pageCount: 1)
        let page = typedPage(["One. Two."])
        _ = reading.next { _ in page }
        reading.pause()
        XCTAssertTrue(reading.isPaused)
        XCTAssertEqual(reading.resume()?.text, "One.")
        XCTAssertFalse(reading.isPaused)
        XCTAssertEqual(reading.next { _ in page }, .speak(.init(page: 0, range: 5..<9, text: "Two.")))
    }
}

extension ReadAloudTests {
    func testItStartsFromThePlaceNearestAPoint() {
        // The selection's start: a point inside "Then".
        var reading = ReadAloud(from: .point(page: 0, Point(x: 112, y: 55)), pageCount: 1)
        XCTAssertEqual(steps(&reading, [typedPage(["First one. Then this."])]), ["0: Then this."])
    }
}

extension ReadAloudTests {
    func testTheNoticesNameThePagesByTheirLabels() {
        let label = { (page: Int) in ["i", "ii", "1", "2"][page] }
        XCTAssertEqual(ReadAloud.notice(1...1, rest: false, labelOf: label), "Page ii has no text.")
        XCTAssertEqual(ReadAloud.notice(1...2, rest: false, labelOf: label), "Pages ii to 1 have no text.")
        XCTAssertEqual(ReadAloud.notice(2...3, rest: true, labelOf: label), "The pages from 1 on have no text to read aloud.")
        XCTAssertEqual(ReadAloud.notice(0...3, rest: true, labelOf: label),
                       "This document has no text to read aloud: its pages may be scanned pictures.")
    }
}
