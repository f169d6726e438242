import QuireEngine
import XCTest

/// Regular expressions in Find: over the text as plain queries see it, refused with a reason
/// when they do not compile, and stopped when a page costs too much.
final class RegexMatchTests: XCTestCase {
    private func regex(_ pattern: String, caseSensitive: Bool = false, wholeWords: Bool = false) -> SearchQuery {
        SearchQuery(pattern, caseSensitive: caseSensitive, wholeWords: wholeWords, regex: true)
    }

    private func matches(_ query: SearchQuery, in text: String) -> [String] {
        let page = PageText(text)
        return TextMatcher(query).matches(in: page).map { String(decoding: page.units[$0], as: UTF16.self) }
    }

    func testAPatternMatchesIgnoringCaseUnlessAsked() {
        let line = "The quick brown fox; FOXES are not a fox, foxtrot is a dance."
        XCTAssertEqual(matches(regex("fox(es|trot)?"), in: line), ["fox", "FOXES", "fox", "foxtrot"])
        XCTAssertEqual(matches(regex("fox(es|trot)?", caseSensitive: true), in: line), ["fox", "fox", "foxtrot"])
        XCTAssertEqual(matches(regex("\\bq\\w+"), in: line), ["quick"])
        XCTAssertEqual(matches(regex("[0-9]{2,}"), in: "page 7, 12 and 2026"), ["12", "2026"])
    }

    func testDiacriticsAreIgnoredWithoutMatchCase() {
        XCTAssertEqual(matches(regex("caf.\\b"), in: "A café au lait and a CAFE noir."), ["café", "CAFE"])
        XCTAssertEqual(matches(regex("café"), in: "cafe café"), ["cafe", "café"])
        XCTAssertEqual(matches(regex("café", caseSensitive: true), in: "cafe café"), ["café"])
    }

    func testHyphenatedLineEndsAndPhrasesAcrossLines() {
        XCTAssertEqual(matches(regex("hyphen\\w+"), in: "This sentence is hyphen-\nated across two lines."), ["hyphen-\nated"])
        XCTAssertEqual(matches(regex("runs across line"), in: "A match that runs across\nline breaks is found."), ["runs across\nline"])
        XCTAssertEqual(matches(regex("lines\\. A"), in: "two lines.\n   A match"), ["lines.\n   A"])
    }

    func testWholeWords() {
        XCTAssertEqual(matches(regex("fox\\w*", wholeWords: true), in: "a fox, foxtrot and afox"), ["fox", "foxtrot"])
    }

    func testAnInvalidPatternSaysWhyAndWhere() throws {
        let problem = try XCTUnwrap(TextMatcher(regex("fox(es")).problem)
        XCTAssertTrue(problem.message.contains("missing closing parenthesis"), problem.message)
        XCTAssertEqual(problem.offset, 6)
        XCTAssertTrue(TextMatcher(regex("fox(es")).isEmpty, "an invalid pattern searches nothing")
        XCTAssertNotNil(TextMatcher(regex("*a")).problem)
        XCTAssertNil(TextMatcher(regex("fox")).problem)
        XCTAssertNil(TextMatcher(SearchQuery("fox(es")).problem, "a plain query is no pattern")
    }

    /// `(a+)+$` on long lines backtracks for ever in a naive engine; here the page is given up
    /// (nil: not searched) within the match limit, and a plain pattern on the same page is not.
    func testACatastrophicPatternIsStoppedOnThePage() {
        let page = PageText(Array(repeating: String(repeating: "a", count: 40) + "b", count: 50).joined(separator: "\n"))
        XCTAssertNil(TextMatcher(regex("(a+)+$")).search(page))
        XCTAssertEqual(TextMatcher(regex("a+b")).search(page)?.count, 50)
    }

    func testAReplacedQueryStopsAtOnce() {
        var asked = 0
        let found = TextMatcher(regex("a")).search(PageText("a a a a"), while: { asked += 1; return asked < 3 })
        XCTAssertNil(found)
        XCTAssertEqual(asked, 3)
    }
}
