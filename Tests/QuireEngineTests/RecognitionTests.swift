import XCTest
@testable import QuireEngine

/// `Recognition`'s rules, `RecognitionLanguages` and `WordAccuracy`.
final class RecognitionTests: XCTestCase {
    func testAPageIsDrawnAt300PixelsAnInchUnlessThatPassesTheLimit() {
        XCTAssertEqual(Recognition.scale(for: Size(width: 612, height: 792)), 300.0 / 72, accuracy: 1e-9)
        // A 30,000-pixel-square picture at 72 dpi, 416 inches each way: drawn within the limit.
        let huge = Size(width: 30_000, height: 30_000)
        let scale = Recognition.scale(for: huge)
        XCTAssertEqual(huge.width * scale * huge.height * scale, Recognition.pixelLimit, accuracy: 1)
        XCTAssertLessThan(scale, 300.0 / 72)
    }

    func testOnlyAPageOfImagesWithoutTextIsRecognised() {
        XCTAssertTrue(Recognition.recognises(hasText: false, isImages: true))
        XCTAssertFalse(Recognition.recognises(hasText: true, isImages: true))
        XCTAssertFalse(Recognition.recognises(hasText: false, isImages: false))
    }

    func testWordsAreCheckedAndPutInPoints() {
        let word = { (text: String, box: Rect) in RecognisedWord(text: text, box: box, confidence: 96, beginsLine: true, beginsBlock: false) }
        let scale = 300.0 / 72
        let words = Recognition.checked([
            word("Invoice", Rect(x: 300, y: 600, width: 250, height: 50)),
            word("outside", Rect(x: 9_000, y: 600, width: 50, height: 50)),
            word("  ", Rect(x: 300, y: 600, width: 50, height: 50)),
            word("edge", Rect(x: 2_500, y: 600, width: 100, height: 50)),
            word("nan", Rect(x: .nan, y: 600, width: 100, height: 50)),
            RecognisedWord(text: "sure", box: Rect(x: 10, y: 10, width: 10, height: 10), confidence: 400, beginsLine: false, beginsBlock: false),
        ], scale: scale, pageSize: Size(width: 612, height: 792))
        XCTAssertEqual(words.map(\.text), ["Invoice", "edge", "sure"])
        XCTAssertEqual(words[0].box.x, 72, accuracy: 1e-9)
        XCTAssertEqual(words[0].box.width, 60, accuracy: 1e-9)
        XCTAssertEqual(words[1].box.maxX, 612, accuracy: 1e-9, "a word past the page's edge is clipped to it")
        XCTAssertEqual(words[2].confidence, 100)
        XCTAssertEqual(Recognition.checked([word(String(repeating: "a", count: 5_000), Rect(x: 1, y: 1, width: 1, height: 1))], scale: 1,
                                           pageSize: Size(width: 10, height: 10)).first?.text.count, Recognition.wordLength)
        XCTAssertEqual(Recognition.checked(Array(repeating: word("a", Rect(x: 1, y: 1, width: 1, height: 1)), count: Recognition.wordLimit + 5),
                                           scale: 1, pageSize: Size(width: 10, height: 10)).count, Recognition.wordLimit)
        XCTAssertEqual(Recognition.checked([word("a", Rect(x: 1, y: 1, width: 1, height: 1))], scale: 0, pageSize: Size(width: 10, height: 10)), [])
    }

    func testTheTextReadsWordsLinesAndBlocks() {
        let word = { (text: String, line: Bool, block: Bool) in
            RecognisedWord(text: text, box: Rect(x: 0, y: 0, width: 1, height: 1), confidence: 90, beginsLine: line, beginsBlock: block)
        }
        XCTAssertEqual(Recognition.text(of: [word("One", true, true), word("two", false, false), word("three", true, false), word("Four", true, true)]),
                       "One two\nthree\n\nFour")
    }

    func testTheLanguagesAreTheDocumentsOrTheLocalesAndEnglishAmongThoseInstalled() {
        let installed: Set = ["eng", "rus", "deu"]
        XCTAssertEqual(RecognitionLanguages.chosen(documentLanguage: "ru-RU", locale: "de_DE.UTF-8", installed: installed), "rus+eng")
        XCTAssertEqual(RecognitionLanguages.chosen(documentLanguage: nil, locale: "de_DE.UTF-8", installed: installed), "deu+eng")
        XCTAssertEqual(RecognitionLanguages.chosen(documentLanguage: "fr", locale: "de_DE.UTF-8", installed: installed), "eng",
                       "the document's language, not installed, is not replaced by the locale's")
        XCTAssertEqual(RecognitionLanguages.chosen(documentLanguage: "en-GB", locale: nil, added: ["rus", "eng"], installed: installed), "eng+rus")
        XCTAssertNil(RecognitionLanguages.chosen(documentLanguage: nil, locale: "C", installed: []))
        XCTAssertEqual(RecognitionLanguages.tesseractName(for: "zh-Hant-TW"), "chi_tra")
        XCTAssertEqual(RecognitionLanguages.tesseractName(for: "zh_CN"), "chi_sim")
        XCTAssertNil(RecognitionLanguages.tesseractName(for: "C"))
        XCTAssertEqual(RecognitionLanguages.installed(among: ["eng.traineddata", "osd.traineddata", "configs", ".traineddata", "rus.traineddata"]),
                       ["eng", "rus"])
    }

    func testWordAccuracyCountsTheExpectedWordsRecognisedInOrder() {
        XCTAssertEqual(WordAccuracy.of("The quick brown fox.", expected: "The quick brown fox"), 1)
        XCTAssertEqual(WordAccuracy.of("The quiek brown fox", expected: "The quick brown fox"), 0.75)
        XCTAssertEqual(WordAccuracy.of("brown The quick fox", expected: "The quick brown fox"), 0.75)
        XCTAssertEqual(WordAccuracy.of("", expected: "The quick"), 0)
        XCTAssertEqual(WordAccuracy.of("", expected: ""), 1)
    }
}

/// `RecognisedPage`: a scan's words as text with a box for each character.
final class RecognisedPageTests: XCTestCase {
    private let page = RecognisedPage(words: [
        RecognisedWord(text: "Pay", box: Rect(x: 72, y: 100, width: 30, height: 10), confidence: 95, beginsLine: true, beginsBlock: true),
        RecognisedWord(text: "now", box: Rect(x: 106, y: 100, width: 30, height: 10), confidence: 95, beginsLine: false, beginsBlock: false),
        RecognisedWord(text: "Total", box: Rect(x: 72, y: 122, width: 50, height: 10), confidence: 95, beginsLine: true, beginsBlock: false),
        RecognisedWord(text: "Note", box: Rect(x: 72, y: 200, width: 40, height: 10), confidence: 95, beginsLine: true, beginsBlock: true),
    ], pageSize: Size(width: 612, height: 792))

    func testTheTextReadsAsTheWordsWithABoxEachCharacter() {
        XCTAssertEqual(page.text, "Pay now\nTotal\n\nNote")
        XCTAssertEqual(page.boxes.count, page.text.unicodeScalars.count)
        XCTAssertEqual(page.boxes[1], Rect(x: 82, y: 100, width: 10, height: 10), "a word's box shared out by its letters")
        XCTAssertEqual(page.boxes[3].width, 0, "the space after a word takes no room")
        XCTAssertEqual(page.boxes[3].x, 102)
        let characters = try? XCTUnwrap(page.characters)
        XCTAssertEqual(characters?.lines.count, 3, "\(String(describing: characters?.lines))")
    }

    func testARunCoversOneAreaALine() {
        // "now\nTot": the end of line 1 and the start of line 2.
        let areas = page.areas(of: 4..<11)
        XCTAssertEqual(areas, [Rect(x: 106, y: 100, width: 30, height: 10), Rect(x: 72, y: 122, width: 30, height: 10)])
        XCTAssertEqual(page.text(of: 4..<11), "now\nTot")
        XCTAssertEqual(page.areas(of: 0..<500).count, 3, "a range past the end is cut to the text")
    }
}

/// `RecognitionQueue`: the pages in view first, then onward from the view, each once.
final class RecognitionQueueTests: XCTestCase {
    func testThePagesInViewComeFirstThenTheRestFromTheViewOnward() {
        var queue = RecognitionQueue(pageCount: 6)
        var order: [Int] = []
        while let page = queue.next(visible: 3..<5) {
            order.append(page)
            queue.done(page, page == 1 ? .notNeeded : .recognised(words: 10))
        }
        XCTAssertEqual(order, [3, 4, 5, 0, 1, 2])
        XCTAssertTrue(queue.isFinished)
        XCTAssertEqual(queue.recognised.pages, 5)
        XCTAssertEqual(queue.recognised.words, 50)
    }

    func testTheViewMovingMidwayIsFollowedAndNoPageIsTakenTwice() {
        var queue = RecognitionQueue(pageCount: 10)
        queue.done(try! XCTUnwrap(queue.next(visible: 0..<1)), .recognised(words: 1))
        XCTAssertEqual(queue.next(visible: 7..<9), 7, "the reader went to page 8")
        queue.done(7, .recognised(words: 1))
        queue.done(8, .failed("too slow"))
        XCTAssertEqual(queue.next(visible: 7..<9), 9)
        XCTAssertEqual(queue.next(visible: 0..<1), 1)
    }

    func testStoppedItGivesNothingAndStartedAgainItTriesTheFailedPages() {
        var queue = RecognitionQueue(pageCount: 3)
        queue.done(0, .failed("crashed"))
        queue.done(1, .recognised(words: 3))
        queue.done(2, .notNeeded)
        XCTAssertEqual(queue.failures, 1)
        XCTAssertNil(queue.next(visible: 0..<3))
        queue.stop()
        queue.start()
        XCTAssertEqual(queue.next(visible: 0..<3), 0)
        queue.stop()
        XCTAssertNil(queue.next(visible: 0..<3))
        XCTAssertNil(RecognitionQueue(pageCount: 0).next(visible: 0..<0))
    }
}

/// `RecognisedPage`'s selections and Find's lights.
final class RecognisedPageSelectionTests: XCTestCase {
    private let page = RecognisedPage(words: [
        RecognisedWord(text: "Pay", box: Rect(x: 72, y: 100, width: 30, height: 10), confidence: 95, beginsLine: true, beginsBlock: true),
        RecognisedWord(text: "now", box: Rect(x: 106, y: 100, width: 30, height: 10), confidence: 95, beginsLine: false, beginsBlock: false),
        RecognisedWord(text: "Total", box: Rect(x: 72, y: 122, width: 50, height: 10), confidence: 95, beginsLine: true, beginsBlock: false),
    ], pageSize: Size(width: 612, height: 792))

    func testADragSelectsFromThePlaceNearestItsStartToTheOneNearestItsEnd() {
        // From inside "Pay" (after "P") to inside "Total" (after "To").
        let glyphs = page.characters(from: Point(x: 83, y: 105), to: Point(x: 91, y: 127), style: .glyph)
        XCTAssertEqual(page.text(of: glyphs), "ay now\nTo")
        XCTAssertEqual(page.text(of: page.characters(from: Point(x: 91, y: 127), to: Point(x: 83, y: 105), style: .glyph)), "ay now\nTo",
                       "dragged backwards")
        XCTAssertEqual(page.text(of: page.characters(from: Point(x: 83, y: 105), to: Point(x: 91, y: 127), style: .word)), "Pay now\nTotal")
        XCTAssertEqual(page.text(of: page.characters(from: Point(x: 110, y: 105), to: Point(x: 110, y: 105), style: .line)), "Pay now")
    }

    func testFindsMatchesAreLitWhereTheirWordsAre() {
        let matches = TextMatcher(SearchQuery("now total")).matches(in: PageText(page.text))
        XCTAssertEqual(matches.count, 1, "a phrase across the line break")
        XCTAssertEqual(page.areas(ofMatches: matches), [[Rect(x: 106, y: 100, width: 30, height: 10), Rect(x: 72, y: 122, width: 50, height: 10)]])
        XCTAssertEqual(page.areas(ofMatches: TextMatcher(SearchQuery("ota")).matches(in: PageText(page.text))),
                       [[Rect(x: 82, y: 122, width: 30, height: 10)]])
    }
}
