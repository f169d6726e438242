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
