import XCTest
@testable import QuireEngine

final class PropertyTextTests: XCTestCase {
    func testSmallFilesInBytes() {
        XCTAssertEqual(PropertyText.byteCount(0), "0 bytes")
        XCTAssertEqual(PropertyText.byteCount(1), "1 byte")
        XCTAssertEqual(PropertyText.byteCount(999), "999 bytes")
    }

    func testLargerFilesInDecimalUnitsWithTheExactCount() {
        XCTAssertEqual(PropertyText.byteCount(1000), "1.0 kB (1,000 bytes)")
        XCTAssertEqual(PropertyText.byteCount(1_234_567), "1.2 MB (1,234,567 bytes)")
        XCTAssertEqual(PropertyText.byteCount(52_428_800), "52.4 MB (52,428,800 bytes)")
        XCTAssertEqual(PropertyText.byteCount(3_000_000_000), "3.0 GB (3,000,000,000 bytes)")
    }

    func testAValueThatRoundsUpToAThousandTakesTheNextUnit() {
        XCTAssertEqual(PropertyText.byteCount(999_960), "1.0 MB (999,960 bytes)")
        XCTAssertEqual(PropertyText.byteCount(999_940), "999.9 kB (999,940 bytes)")
    }

    func testGroupedDigits() {
        XCTAssertEqual(PropertyText.grouped(12), "12")
        XCTAssertEqual(PropertyText.grouped(1234), "1,234")
        XCTAssertEqual(PropertyText.grouped(-1_234_567), "-1,234,567")
    }

    func testNumbersTrimmedOrNot() {
        XCTAssertEqual(PropertyText.number(8.5, places: 2, trimmed: true), "8.5")
        XCTAssertEqual(PropertyText.number(11.0, places: 2, trimmed: true), "11")
        XCTAssertEqual(PropertyText.number(1.04, places: 1), "1.0")
        XCTAssertEqual(PropertyText.number(209.9, places: 0), "210")
    }

    func testNumbersFollowTheLocalesMarks() {
        let german = NumberStyle(decimalMark: ",", groupMark: ".")
        XCTAssertEqual(PropertyText.byteCount(1_793_479, style: german), "1,8 MB (1.793.479 bytes)")
        XCTAssertEqual(PropertyText.byteCount(1_793_479, style: .english), "1.8 MB (1,793,479 bytes)")
        XCTAssertEqual(PropertyText.pageSize(Size(width: 595.28, height: 841.89), style: german), "210 × 297 mm (8,27 × 11,69 in), A4, portrait")
        XCTAssertEqual(PropertyText.pageSize(Size(width: 612, height: 792), style: .english), "216 × 279 mm (8.5 × 11 in), US Letter, portrait")
        XCTAssertEqual(PropertyText.number(8.5, places: 2, trimmed: true, style: german), "8,5")
        XCTAssertEqual(PropertyText.grouped(-1_234_567, style: german), "-1.234.567")
    }

    func testALocaleWithoutAGroupMarkKeepsTheEnglishComma() {
        XCTAssertEqual(NumberStyle(localeDecimalMark: ".", groupMark: ""), .english)
        XCTAssertEqual(NumberStyle(localeDecimalMark: ",", groupMark: "."), NumberStyle(decimalMark: ",", groupMark: "."))
    }

    func testDatesReadAsPeopleWriteThem() {
        XCTAssertEqual(PropertyText.date(CalendarDate(year: 2024, month: 3, day: 5, hour: 9, minute: 7)), "5 March 2024, 09:07")
        XCTAssertEqual(PropertyText.date(CalendarDate(year: 1999, month: 12, day: 31, hour: 23, minute: 59)), "31 December 1999, 23:59")
    }

    func testFontsSayHowTheyAreEmbedded() {
        XCTAssertEqual(PropertyText.font(DocumentFont(name: "DejaVuSans", kind: "TrueType", isEmbedded: true, isSubset: true)),
                       "DejaVuSans — TrueType, embedded subset")
        XCTAssertEqual(PropertyText.font(DocumentFont(name: "Helvetica", kind: "Type 1", isEmbedded: false, isSubset: false, substitute: "NimbusSans-Regular")),
                       "Helvetica — Type 1, not embedded, shown as NimbusSans-Regular")
        XCTAssertEqual(PropertyText.font(DocumentFont(name: "", kind: "Type 3", isEmbedded: true, isSubset: false)), "(unnamed) — Type 3, embedded")
    }
}

final class FontCountTextTests: XCTestCase {
    func testTheFontListSaysHowManyAndWhereReadingStopped() {
        XCTAssertEqual(PropertyText.fontCount(0), "The document uses no fonts.")
        XCTAssertEqual(PropertyText.fontCount(1), "1 font")
        XCTAssertEqual(PropertyText.fontCount(1_999), "1,999 fonts")
        XCTAssertEqual(PropertyText.fontCount(BoundedCount.fonts), "The first 2,000 fonts (the document may use more)")
    }
}
