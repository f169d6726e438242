import Foundation
import XCTest
@testable import QuireEngine

/// A document's strings become one display-safe line, cut between characters.
final class BoundedTextTests: XCTestCase {
    private func line(_ raw: String, limit: Int = 300) -> String { BoundedText.line(raw, limit: limit) }

    func testControlsAreRemovedAndLineBreaksAndTabsBecomeSpaces() {
        XCTAssertEqual(line("Chapter\u{0}1\u{7}\n\tIntro\u{85}duction\u{9B}\r\nEnd\u{2028}"), "Chapter1 Intro duction End")
    }

    func testNULBytesAreRemoved() {
        XCTAssertEqual(line("A\u{0}B\u{0}\u{0}C"), "ABC")
    }

    func testTextOfOnlyControlsIsEmpty() {
        XCTAssertEqual(line(String(repeating: "\u{1}\u{0}\u{1B}\u{7F}\u{9F}\n", count: 1000)), "")
        XCTAssertEqual(line(""), "")
    }

    func testBidiOverridesEmbeddingsAndIsolatesAreRemoved() {
        // As written, the first reads "Invoice exe.pdf" on screen.
        XCTAssertEqual(line("Invoice \u{202E}fdp.exe"), "Invoice fdp.exe")
        XCTAssertEqual(line("\u{202D}a\u{202A}b\u{202B}c\u{202C}d\u{2066}e\u{2067}f\u{2068}g\u{2069}"), "abcdefg")
    }

    func testDirectionMarksStay() {
        XCTAssertEqual(line("שלום 1\u{200F}2\u{200E}\u{61C}"), "שלום 1\u{200F}2\u{200E}\u{61C}")
    }

    func testInvisibleCharactersThatFakeTextAreRemoved() {
        XCTAssertEqual(line("\u{FEFF}pay\u{200B}pal\u{2060}\u{2062}\u{180E}.com\u{206E}\u{FFF9}x\u{FFFB}"), "paypal.comx")
    }

    func testJoinersStay() {
        let persian = "می\u{200C}خواهم", family = "👨\u{200D}👩\u{200D}👧"
        XCTAssertEqual(line(persian), persian)
        XCTAssertEqual(line(family), family)
    }

    func testWhitespaceRunsBecomeOneSpaceAndEndsAreTrimmed() {
        XCTAssertEqual(line("  a \u{3000}\u{A0}\t b  \n"), "a b")
        XCTAssertEqual(BoundedText.line("  a  b  ", limit: 10, trimmed: false), " a b ")
    }

    func testTextWithinTheLimitIsWhole() {
        XCTAssertEqual(line("abcdefghij", limit: 10), "abcdefghij")
    }

    func testLongerTextIsCutToTheLimitEndingInAnEllipsis() {
        let cut = line(String(repeating: "a", count: 1000), limit: 10)
        XCTAssertEqual(cut, "aaaaaaaaa…")
        XCTAssertEqual(cut.count, 10)
        XCTAssertEqual(line("word another", limit: 6), "word…", "no space before the ellipsis")
    }

    func testTheCutKeepsCombiningMarksWithTheirLetter() {
        let accented = "e\u{301}\u{323}"
        let cut = line(String(repeating: accented, count: 50), limit: 5)
        XCTAssertEqual(cut, String(repeating: accented, count: 4) + "…")
        XCTAssertEqual(cut.unicodeScalars.count, 4 * 3 + 1)
    }

    func testTheCutKeepsEmojiSequencesWhole() {
        let family = "👨🏽\u{200D}👩🏽\u{200D}👧🏽\u{200D}👦🏽", flags = "🇫🇷🇩🇪🇬🇧🇮🇹"
        XCTAssertEqual(line(String(repeating: family, count: 20), limit: 5), String(repeating: family, count: 4) + "…")
        XCTAssertEqual(line(flags, limit: 3), "🇫🇷🇩🇪…")
    }

    func testACutTextIsValidUTF8() {
        for raw in ["é", "👨\u{200D}👩", "🇫🇷", "a\u{301}", "日本"].map({ String(repeating: $0, count: 400) }) {
            let cut = line(raw, limit: 7)
            XCTAssertEqual(String(validating: Array(cut.utf8), as: UTF8.self), cut)
            XCTAssertFalse(cut.unicodeScalars.contains("\u{FFFD}"), raw)
            XCTAssertTrue(raw.hasPrefix(cut.dropLast()), "\(cut) is a prefix of whole characters")
        }
    }

    /// A letter under 100,000 combining marks: the read stops inside it, and it goes whole.
    func testACharacterTooLongToReadIsDroppedNotSplit() {
        let zalgo = "ab" + "x" + String(repeating: "\u{301}", count: 100_000)
        XCTAssertEqual(line(zalgo, limit: 10), "ab…")
        let heavy = "x" + String(repeating: "\u{301}", count: 50) + "y"
        XCTAssertEqual(line(heavy, limit: 10), heavy, "a heavy character read whole is kept")
    }

    func testTextKnownToGoOnEndsInAnEllipsisWithoutItsLastCharacter() {
        XCTAssertEqual(BoundedText.line(scalars: "abce".unicodeScalars, limit: 10, continues: true), "abc…")
    }

    /// Four million scalars in: the line reads its budget and stops, whatever follows.
    func testAMultiMegabyteTitleIsReadOnlyAsFarAsItsLimit() {
        let scalars = CountedScalars(count: 4_000_000)
        let started = Date()
        let cut = BoundedText.line(scalars: scalars, limit: BoundedText.Limit.outlineTitle)
        XCTAssertLessThanOrEqual(scalars.counter.read, BoundedText.scalarBudget(forLimit: BoundedText.Limit.outlineTitle) + 1)
        XCTAssertEqual(cut.count, BoundedText.Limit.outlineTitle)
        XCTAssertTrue(cut.hasSuffix("…"))
        XCTAssertLessThan(Date().timeIntervalSince(started), 1, "a few thousand scalars, not millions")
    }

    func testAMultiMegabyteStringIsCutInLinearTime() {
        let title = String(repeating: "Kapitel \u{202E}ü\u{0}", count: 400_000) // about 4.8 MB
        let started = Date()
        let cut = line(title)
        XCTAssertEqual(cut.count, 300)
        XCTAssertLessThan(Date().timeIntervalSince(started), 2)
        let controls = String(repeating: "\u{0}", count: 4_000_000)
        XCTAssertEqual(line(controls), "", "nothing visible read: no ellipsis either")
    }
}

/// A long run of "a", counting how much of it is read.
private struct CountedScalars: Sequence {
    final class Counter { var read = 0 }
    let count: Int
    let counter = Counter()

    func makeIterator() -> AnyIterator<Unicode.Scalar> {
        var left = count
        let counter = counter
        return AnyIterator {
            guard left > 0 else { return nil }
            left -= 1
            counter.read += 1
            return "a"
        }
    }
}

final class MatchContextTests: XCTestCase {
    func testAMatchsLineIsShownWithoutControlsOrOverrides() {
        let page = PageText("safe \u{202E}txt.exe\u{0}\u{7} fox\u{200B} tail")
        let range = TextMatcher(SearchQuery("fox")).matches(in: page)[0]
        XCTAssertEqual(page.context(of: range), MatchContext(before: "safe txt.exe ", match: "fox", after: " tail"))
    }

    func testALongMatchIsCut() {
        let word = String(repeating: "ab", count: 400)
        let page = PageText("x " + word + " y")
        let range = TextMatcher(SearchQuery(word)).matches(in: page)[0]
        let context = page.context(of: range)
        XCTAssertEqual(context.match.count, BoundedText.Limit.contextLine)
        XCTAssertTrue(context.match.hasSuffix("…"))
    }
}
