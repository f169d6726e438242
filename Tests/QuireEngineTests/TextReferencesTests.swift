import XCTest
@testable import QuireEngine

final class TextReferencesTests: XCTestCase {
    private func found(_ line: String) -> [String] {
        TextReference.find(inLine: line).map { reference in
            let characters = Array(line)
            return "\(reference.kind) \(reference.label) «\(String(characters[reference.range]))»"
        }
    }

    func testNamedReferencesAndCitationsAreFoundWithWhereTheyAre() {
        XCTAssertEqual(found("as Figure 3 and Fig. 2.4a show (see Table 1)"),
                       ["figure 3 «Figure 3»", "figure 2.4a «Fig. 2.4a»", "table 1 «Table 1»"])
        XCTAssertEqual(found("in Section 4.2. Then Eq. (7) holds [3, 12]."),
                       ["section 4.2 «Section 4.2»", "equation 7 «Eq. (7)»", "citation 3 «3»", "citation 12 «12»"])
        XCTAssertEqual(found("nach Satz 3.4 und Abbildung 0.1, siehe § 2"),
                       ["statement(\"satz\") 3.4 «Satz 3.4»", "figure 0.1 «Abbildung 0.1»", "section 2 «§ 2»"])
    }

    func testWordsWithoutANumberOrInsideOtherWordsAreNot() {
        XCTAssertEqual(found("the figure shows a Tablet 3 and Prefigure 2; [a] [] [1234567]"), [])
        XCTAssertEqual(found("Figure"), [])
    }

    func testACaptionIsFoundAfterTheReferenceBeforeASentenceStartingWithIt() throws {
        let pages = [
            "Intro\nas Figure 2 shows, boxes\nFigure 2 shows more",
            "Text\nFigure 1: a circle",
            "Body\nFigure 2: A red box\nmore",
        ]
        let reference = try XCTUnwrap(TextReference.find(inLine: "as Figure 2 shows, boxes").first)
        let target = try XCTUnwrap(ReferenceTarget.find(reference, from: 0, line: "as Figure 2 shows, boxes", pageCount: 3) { pages[$0] })
        XCTAssertEqual(target, ReferenceTarget(page: 2, line: "Figure 2: A red box", query: "Figure 2:", occurrence: 0))
    }

    func testWithoutACaptionTheBareFormAtALinesStartIsTaken() throws {
        let pages = ["see Fig. 5 here", "Figure 5 The pipeline"]
        let reference = try XCTUnwrap(TextReference.find(inLine: "see Fig. 5 here").first)
        let target = try XCTUnwrap(ReferenceTarget.find(reference, from: 0, line: "see Fig. 5 here", pageCount: 2) { pages[$0] })
        XCTAssertEqual(target.page, 1)
        XCTAssertEqual(target.query, "Figure 5")
    }

    func testACitationIsTheBibliographysEntryFromTheEnd() throws {
        let pages = ["as [12] and [1] say", "[12] is cited again here", "References\n[1] A. Author.\n[12] B. Writer. A book."]
        let line = "as [12] and [1] say"
        let references = TextReference.find(inLine: line)
        XCTAssertEqual(references.map(\.label), ["12", "1"])
        let target = try XCTUnwrap(ReferenceTarget.find(references[0], from: 0, line: line, pageCount: 3) { pages[$0] })
        XCTAssertEqual(target, ReferenceTarget(page: 2, line: "[12] B. Writer. A book.", query: "[12]", occurrence: 0))
    }

    func testAnEquationIsTheLineItsNumberEnds() throws {
        let pages = ["x\ny = mx + c (7)\nz", "by Eq. (7) we have"]
        let line = "by Eq. (7) we have"
        let reference = try XCTUnwrap(TextReference.find(inLine: line).first)
        let target = try XCTUnwrap(ReferenceTarget.find(reference, from: 1, line: line, pageCount: 2) { pages[$0] })
        XCTAssertEqual(target.page, 0)
        XCTAssertEqual(target.query, "(7)")
    }

    func testASectionIsTheOutlinesEntryElseAHeadingNotTheContentsLine() throws {
        let pages = ["see Section 4.2", "Contents\n4.2 Weitere Eigenschaften . . . . 74\n4.2 Weitere Eigenschaften 74", "4.2 Weitere Eigenschaften\ntext"]
        let reference = try XCTUnwrap(TextReference.find(inLine: "see Section 4.2").first)
        let byText = try XCTUnwrap(ReferenceTarget.find(reference, from: 0, line: "see Section 4.2", pageCount: 3) { pages[$0] })
        XCTAssertEqual(byText.page, 2)
        let outline = [OutlineTree.Entry(title: "4 Geometrie", target: OutlineTarget(page: 1), depth: 0),
                       OutlineTree.Entry(title: "4.2 Weitere Eigenschaften", target: OutlineTarget(page: 2, top: 300), depth: 1)]
        let byOutline = try XCTUnwrap(ReferenceTarget.find(reference, from: 0, line: "see Section 4.2", pageCount: 3, outline: outline) { _ in nil })
        XCTAssertEqual(byOutline.page, 2)
        XCTAssertEqual(byOutline.top, 300)
    }

    func testAStatementHeadingAloneOnItsLineIsItsTarget() throws {
        let pages = ["Definition 8\nSei X eine Menge", "nach Definition 8 gilt"]
        let reference = try XCTUnwrap(TextReference.find(inLine: "nach Definition 8 gilt").first)
        let target = try XCTUnwrap(ReferenceTarget.find(reference, from: 1, line: "nach Definition 8 gilt", pageCount: 2) { pages[$0] })
        XCTAssertEqual(target, ReferenceTarget(page: 0, line: "Definition 8", query: "Definition 8", occurrence: 0))
    }

    func testTheReferringLineIsNotItsOwnTargetAndNothingFoundIsNil() throws {
        let line = "Figure 9 shows nothing else"
        let reference = try XCTUnwrap(TextReference.find(inLine: line).first)
        XCTAssertNil(ReferenceTarget.find(reference, from: 0, line: line, pageCount: 1) { _ in line })
        XCTAssertNil(ReferenceTarget.find(reference, from: 0, line: line, pageCount: 0) { _ in line })
    }

    func testTheEntryIsNotASentenceStartingWithACitationAndItsOccurrenceCountsEarlierMatches() throws {
        let pages = ["as in [2]", "[2] is also said here, [2]\n[2] C. Third."]
        let reference = try XCTUnwrap(TextReference.find(inLine: "as in [2]").first)
        let target = try XCTUnwrap(ReferenceTarget.find(reference, from: 0, line: "as in [2]", pageCount: 2) { pages[$0] })
        XCTAssertEqual(target.line, "[2] C. Third.", "a sentence starting with a citation is not the entry")
        XCTAssertEqual(target.occurrence, 2)
    }
}

/// Parts found in their whole, statements' headings told from sentences, and the lookup
/// from the pointer.
extension TextReferencesTests {
    private func target(of line: String, on page: Int = 0, in pages: [String]) throws -> ReferenceTarget? {
        let reference = try XCTUnwrap(TextReference.find(inLine: line).first)
        return ReferenceTarget.find(reference, from: page, line: line, pageCount: pages.count) { pages[$0] }
    }

    func testASubFigureOrAnItemIsFoundInItsWhole() throws {
        let pages = ["Abbildung 1.8a veranschaulicht das", "Abbildung 1.8: Räume", "Beispiel 20 (Mannigfaltigkeiten)"]
        XCTAssertEqual(try target(of: "Abbildung 1.8a veranschaulicht das", in: pages)?.page, 1)
        XCTAssertEqual(try target(of: "wie in Beispiel 20.8 den Raum", in: pages)?.page, 2)
        XCTAssertNil(try target(of: "see [4]", in: ["see [4]", "[40] A. Writer"]), "a citation has no whole")
    }

    func testTheWholesCaptionBeatsABareLineOfThePart() throws {
        let pages = ["see Figure 3.3b", "Figure 3.3: Homotopies", "Figure 3.3b again"]
        XCTAssertEqual(try target(of: "see Figure 3.3b", in: pages)?.page, 1)
    }

    func testAStatementsHeadingIsNotASentenceThatBeginsWithIt() throws {
        let pages = ["Nach Proposition 3.3 ist", "Proposition 3.3 zeigt noch mehr", "Proposition 3.3 (Lift)"]
        XCTAssertEqual(try target(of: "Nach Proposition 3.3 ist", in: pages)?.page, 2)
        let english = ["by Theorem 2 we", "Theorem 2 shows that", "Theorem 2 Let X be a space."]
        XCTAssertEqual(try target(of: "by Theorem 2 we", in: english)?.page, 2)
    }

    /// A page of two lines: "as Figure 2 shows" (its words at x 20–80) and the caption.
    private struct Page: ReferenceSource {
        let pageCount = 2
        func line(at point: PagePoint) -> String { point.page == 0 ? "as Figure 2 shows" : "" }
        func matchAreas(of query: SearchQuery, onPage page: Int) -> [[Rect]] {
            switch (page, query.text) {
            case (0, "Figure 2"): [[Rect(x: 20, y: 90, width: 60, height: 10)]]
            case (1, "Figure 2:"): [[Rect(x: 72, y: 318, width: 80, height: 12)]]
            default: []
            }
        }
        func text(of page: Int) -> String? { ["as Figure 2 shows", "Figure 2: A box"][page] }
        func outlineEntries() -> [OutlineTree.Entry] { [] }
    }

    func testTheLookupTakesTheWordsUnderOrJustBesideThePointer() throws {
        let on = ReferenceLookup.link(at: PagePoint(page: 0, point: Point(x: 50, y: 95)), in: Page())
        XCTAssertEqual(on?.target, .page(1, top: 318))
        XCTAssertEqual(on?.area, Rect(x: 20, y: 90, width: 60, height: 10))
        XCTAssertNotNil(ReferenceLookup.link(at: PagePoint(page: 0, point: Point(x: 50, y: 89)), in: Page()),
                        "a pointer on the glyphs' top edge missed them")
        XCTAssertNil(ReferenceLookup.link(at: PagePoint(page: 0, point: Point(x: 120, y: 95)), in: Page()),
                     "the pointer over 'shows' previewed Figure 2")
    }
}
