import QuireEngine
import XCTest

final class TextMatcherTests: XCTestCase {
    private func matches(_ query: SearchQuery, in text: String) -> [String] {
        let page = PageText(text)
        return TextMatcher(query).matches(in: page).map { String(decoding: page.units[$0], as: UTF16.self) }
    }

    func testCaseInsensitiveByDefault() {
        XCTAssertEqual(matches(SearchQuery("fox"), in: "Fox fox FOX fOx"), ["Fox", "fox", "FOX", "fOx"])
        XCTAssertEqual(matches(SearchQuery("FOX"), in: "a fox"), ["fox"])
    }

    func testCaseSensitive() {
        XCTAssertEqual(matches(SearchQuery("Fox", caseSensitive: true), in: "Fox fox FOX"), ["Fox"])
    }

    func testInsensitiveIgnoresDiacriticsOnBothSides() {
        XCTAssertEqual(matches(SearchQuery("cafe"), in: "café cafe CAFÉ"), ["café", "cafe", "CAFÉ"])
        XCTAssertEqual(matches(SearchQuery("café"), in: "café cafe"), ["café", "cafe"])
        // Decomposed text: e followed by a combining acute accent.
        XCTAssertEqual(matches(SearchQuery("cafe"), in: "cafe\u{301} x").count, 1)
        XCTAssertEqual(matches(SearchQuery("café", caseSensitive: true), in: "café cafe"), ["café"])
    }

    func testGreekAndCyrillicFoldCase() {
        XCTAssertEqual(matches(SearchQuery("σοφία"), in: "Η ΣΟΦΊΑ και η σοφια").count, 2)
        XCTAssertEqual(matches(SearchQuery("москва"), in: "МОСКВА и Москва").count, 2)
    }

    func testLigaturesAreCompatibilityNormalised() {
        XCTAssertEqual(matches(SearchQuery("find"), in: "we \u{FB01}nd it").count, 1)
    }

    func testWholeWords() {
        let text = "fox foxes afox fox; (fox) foxtrot"
        XCTAssertEqual(matches(SearchQuery("fox", wholeWords: true), in: text).count, 3)
        XCTAssertEqual(matches(SearchQuery("fox"), in: text).count, 6)
    }

    func testPhraseAcrossALineBreak() {
        XCTAssertEqual(matches(SearchQuery("runs across line"), in: "it runs across\nline breaks"), ["runs across\nline"])
        XCTAssertEqual(matches(SearchQuery("across  line"), in: "across line"), ["across line"])
    }

    func testHyphenatedLineEndIsSkipped() {
        XCTAssertEqual(matches(SearchQuery("hyphenated"), in: "is hyphen-\nated here"), ["hyphen-\nated"])
        // Not a line end: a real hyphen stays.
        XCTAssertEqual(matches(SearchQuery("hyphenated"), in: "hyphen-ated").count, 0)
        XCTAssertEqual(matches(SearchQuery("hyphen-ated"), in: "hyphen-ated").count, 1)
    }

    func testManyMatchesDoNotOverlap() {
        XCTAssertEqual(matches(SearchQuery("aa"), in: "aaaaa").count, 2)
        XCTAssertEqual(matches(SearchQuery("fox"), in: Array(repeating: "fox", count: 500).joined(separator: " ")).count, 500)
    }

    func testNoMatchAndBlankQueries() {
        XCTAssertEqual(matches(SearchQuery("wolf"), in: "fox"), [])
        XCTAssertTrue(TextMatcher(SearchQuery("  \n")).isEmpty)
        XCTAssertTrue(SearchQuery(" \t").isBlank)
        XCTAssertEqual(matches(SearchQuery(" fox "), in: "a fox b"), ["fox"])
    }

    func testContextIsTheMatchLine() {
        let page = PageText("first line\nthe quick brown fox jumps\nlast line")
        let range = TextMatcher(SearchQuery("fox")).matches(in: page)[0]
        XCTAssertEqual(page.context(of: range), MatchContext(before: "the quick brown ", match: "fox", after: " jumps"))
        let long = PageText(String(repeating: "word ", count: 100) + "fox" + String(repeating: " word", count: 100))
        let context = long.context(of: TextMatcher(SearchQuery("fox")).matches(in: long)[0])
        XCTAssertTrue(context.before.hasPrefix("…") && context.after.hasSuffix("…"))
        XCTAssertLessThanOrEqual(context.before.count + context.after.count, 75)
    }
}
