import XCTest
@testable import QuireEngine

/// The invisible text a recognised page is saved with: each word over its box, in codes
/// that are its UTF-16 units.
final class TextLayerTests: XCTestCase {
    func testEachWordIsStretchedOverItsBoxFromItsBaseline() {
        let words = [RecognisedWord(text: "Счёт", box: Rect(x: 72, y: 100, width: 40, height: 10), confidence: 90, beginsLine: true, beginsBlock: true),
                     RecognisedWord(text: "a😀", box: Rect(x: 120, y: 100, width: 10, height: 10), confidence: 90, beginsLine: false, beginsBlock: false),
                     RecognisedWord(text: "nowhere", box: Rect(x: .nan, y: 0, width: 1, height: 1), confidence: 90, beginsLine: false, beginsBlock: false)]
        let content = String(decoding: TextLayer.content(words, pageHeight: 792), as: UTF8.self)
        // Four characters half an em each: 2 ems at size 1, stretched to 40 points: 20.
        XCTAssertTrue(content.contains("20 0 0 10 72 682 Tm <0421044704510442> Tj"), content)
        XCTAssertTrue(content.contains("10 0 0 10 120 682 Tm <0061FFFD> Tj"), "a character past the BMP is U+FFFD: \(content)")
        XCTAssertFalse(content.contains("nowhere") || content.contains("006E006F"), "a word without a real box is left out")
        XCTAssertTrue(content.hasPrefix("BT\n3 Tr\n/QuireOCR 1 Tf\n"), "invisible, in the layer's font")
    }

    func testNumbersAreWrittenAsPDFReadsThem() {
        let word = RecognisedWord(text: "ab", box: Rect(x: 0.123456, y: 1, width: 1e-7 + 3, height: 2.5), confidence: 1, beginsLine: true, beginsBlock: true)
        let content = String(decoding: TextLayer.content([word], pageHeight: 10), as: UTF8.self)
        XCTAssertTrue(content.contains("3 0 0 2.5 0.1235 6.5 Tm"), content)
        XCTAssertFalse(content.contains("e-") || content.contains("e+"), "no exponent")
    }
}
