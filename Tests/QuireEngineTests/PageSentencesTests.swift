import QuireEngine
import XCTest

/// A page of `lines`, each 12 points high with 5-point characters, `gap` points apart
/// (a line of nil leaves a blank line's room).
func typedPage(_ lines: [String?], spacing: Double = 14) -> PageCharacters {
    var text = "", boxes: [Rect] = []
    var y = 50.0
    for line in lines {
        defer { y += spacing }
        guard let line else { continue }
        if !text.isEmpty {
            text += "\n"
            boxes.append(Rect(x: 50 + 5 * Double(boxes.count), y: y - spacing, width: 0, height: 12))
        }
        for (column, scalar) in line.unicodeScalars.enumerated() {
            text.unicodeScalars.append(scalar)
            boxes.append(Rect(x: 50 + 5 * Double(column), y: y, width: 5, height: 12))
        }
    }
    return PageCharacters(text: text, boxes: boxes, pageSize: Size(width: 612, height: 792))!
}

final class PageSentencesTests: XCTestCase {
    private func said(_ lines: [String?]) -> [String] { PageSentences(typedPage(lines)).sentences.map(\.text) }

    func testSentencesEndAtFullStopsQuestionAndExclamationMarks() {
        XCTAssertEqual(said(["One is here. Two? Three! Four… Five"]), ["One is here.", "Two?", "Three!", "Four…", "Five"])
    }

    func testClosingQuotesAndBracketsStayWithTheirSentence() {
        XCTAssertEqual(said(["He said “go.” Then (we went.) Done"]), ["He said “go.”", "Then (we went.)", "Done"])
    }

    func testAbbreviationsInitialsAndNumbersDoNotEndASentence() {
        XCTAssertEqual(said(["See Fig. 3, e.g. the curve. Dr. J. Smith found 3.14 here. End"]),
                       ["See Fig. 3, e.g. the curve.", "Dr. J. Smith found 3.14 here.", "End"])
    }

    func testSeveralMarksEndOneSentence() {
        XCTAssertEqual(said(["Really?! Yes... Fine"]), ["Really?!", "Yes...", "Fine"])
    }

    func testCJKMarksEndASentenceWithoutASpace() {
        XCTAssertEqual(said(["今日は晴れ。明日は雨？そうだ！"]), ["今日は晴れ。", "明日は雨？", "そうだ！"])
    }

    func testALineBreakInsideASentenceIsReadAsASpace() {
        XCTAssertEqual(said(["The first line", "goes on here. Next"]), ["The first line goes on here.", "Next"])
    }

    func testAHyphenAtALinesEndBeforeALowerCaseLetterJoinsTheWord() {
        XCTAssertEqual(said(["A hyphen-", "ated word and a Jean-", "Paul. Done"]), ["A hyphenated word and a Jean- Paul.", "Done"])
    }

    func testAHeadingFollowedByABlankGapIsASentenceOfItsOwn() {
        XCTAssertEqual(said(["Introduction", nil, "The text starts here."]), ["Introduction", "The text starts here."])
    }

    func testALongRunWithoutPunctuationIsCutAtASpace() {
        let words = Array(repeating: "word", count: 200).joined(separator: " ")
        let sentences = said([words])
        XCTAssertGreaterThan(sentences.count, 1)
        XCTAssertTrue(sentences.allSatisfy { $0.count <= PageSentences.longest && !$0.hasPrefix(" ") && !$0.hasSuffix(" ") })
        XCTAssertEqual(sentences.joined(separator: " "), words)
    }

    func testEachSentenceKeepsItsCharactersAndIsLitOneRectPerLinePiece() {
        let characters = typedPage(["Aa bb. Cc", "dd. Ee"])
        let sentences = PageSentences(characters).sentences
        XCTAssertEqual(sentences.map(\.range), [0..<6, 7..<13, 14..<16])
        XCTAssertEqual(PageSentences.rects(of: sentences[1].range, in: characters),
                       [Rect(x: 85, y: 50, width: 10, height: 12), Rect(x: 50, y: 64, width: 15, height: 12)])
    }

    func testAPageWithoutTextHasNoSentences() {
        XCTAssertEqual(PageSentences(PageCharacters(text: "", boxes: [], pageSize: .zero)!).sentences, [])
    }
}
