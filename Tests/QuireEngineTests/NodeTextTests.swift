import XCTest
@testable import QuireEngine

final class NodeTextTests: XCTestCase {
    func testAPageIsNamedForItsNumberAndItsLabel() {
        XCTAssertEqual(NodeText.name(page: 2, pageCount: 40, label: "3"), "Page 3 of 40")
        XCTAssertEqual(NodeText.name(page: 1, pageCount: 6, label: "ii"), "Page 2 of 6, labelled ii")
        XCTAssertEqual(NodeText.name(page: 0, pageCount: 6, label: ""), "Page 1 of 6")
    }

    func testAPageKeepsItsTextWhole() {
        let node = NodeText(read: "Line one\nLine two\tand a tab")
        XCTAssertEqual(node.text, "Line one\nLine two\tand a tab")
        XCTAssertEqual(node.state, .whole)
        XCTAssertEqual(node.description, "")
    }

    func testControlsAreDropped() {
        XCTAssertEqual(NodeText(read: "a\u{0}b\u{7}c\u{85}d\r\n").text, "abcd\n")
    }

    func testAPageWithoutTextSaysSo() {
        for read in ["", " \n\n ", "\u{c}"] {
            let node = NodeText(read: read)
            XCTAssertEqual(node.state, .empty)
            XCTAssertEqual(node.text, "This page has no text.")
            XCTAssertTrue(node.description.contains("no text"))
        }
    }

    func testAPageThatCouldNotBeReadSaysSo() {
        let node = NodeText(read: nil)
        XCTAssertEqual(node.state, .unreadable)
        XCTAssertTrue(node.text.contains("could not be read"))
    }

    func testAMegabyteOfTextIsCutAtALineEndNearTheLimit() {
        let line = String(repeating: "x", count: 99) + "\n" // 100 characters a line
        let page = String(repeating: line, count: 10_500) // 1,050,000 characters
        let start = Date()
        let node = NodeText(read: page)
        XCTAssertLessThan(Date().timeIntervalSince(start), 2)
        XCTAssertEqual(node.text.unicodeScalars.count, NodeText.characterLimit - 1, "up to the last line's end, not its newline")
        XCTAssertEqual(node.state, .cut(kept: NodeText.characterLimit - 1, of: 1_050_000))
        XCTAssertEqual(node.description, "Only the first 19999 of the page’s 1050000 characters are given.")
    }

    func testTextWithoutALineEndNearTheLimitIsCutAtTheLimit() {
        let node = NodeText(read: String(repeating: "y", count: 30), limit: 10)
        XCTAssertEqual(node.text, String(repeating: "y", count: 10))
        XCTAssertEqual(node.state, .cut(kept: 10, of: 30))
    }
}
