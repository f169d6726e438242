import QuireEngine
import XCTest

final class SyncTeXPlacesTests: XCTestCase {
    private let letter = [Size](repeating: Size(width: 612, height: 792), count: 3)

    private func box(page: Int, baseline: Double, x: Double = 72, width: Double = 300) -> SyncTeXPlaces.Box {
        SyncTeXPlaces.Box(page: page, x: x, baseline: baseline, width: width, height: 10, depth: 3)
    }

    func testAForwardResultMarksItsBoxFromAboveTheBaselineToBelowIt() throws {
        let mark = try XCTUnwrap(SyncTeXPlaces.mark([box(page: 1, baseline: 200)], pageSizes: letter))
        XCTAssertEqual(mark.page, 1)
        XCTAssertEqual(mark.areas, [Rect(x: 72, y: 190, width: 300, height: 13)])
        XCTAssertEqual(mark.shown, mark.areas[0])
    }

    func testThePageOfTheFirstValidBoxWinsAndAllItsBoxesAreMarked() throws {
        let boxes = [box(page: 7, baseline: 100), box(page: 2, baseline: 300), box(page: 0, baseline: 100), box(page: 2, baseline: 330)]
        let mark = try XCTUnwrap(SyncTeXPlaces.mark(boxes, pageSizes: letter))
        XCTAssertEqual(mark.page, 2)
        XCTAssertEqual(mark.areas.map(\.y), [290, 320])
    }

    func testABoxGivenTwiceIsMarkedOnce() throws {
        let footer = box(page: 0, baseline: 702)
        XCTAssertEqual(SyncTeXPlaces.mark([footer, box(page: 0, baseline: 100), footer], pageSizes: letter)?.areas.map(\.y), [692, 90])
    }

    func testHostileBoxesAreDroppedOrClippedToTheirPage() throws {
        let hostile = [
            box(page: -1, baseline: 100), box(page: 3, baseline: 100), box(page: 0, baseline: .nan),
            box(page: 0, baseline: .infinity), box(page: 0, baseline: 100, x: 5000), box(page: 0, baseline: -50),
        ]
        XCTAssertNil(SyncTeXPlaces.mark(hostile, pageSizes: letter))
        let wide = try XCTUnwrap(SyncTeXPlaces.mark([box(page: 0, baseline: 5, x: -100, width: 1e9)], pageSizes: letter))
        XCTAssertEqual(wide.areas, [Rect(x: 0, y: 0, width: 612, height: 8)])
    }

    func testGlueWithoutWidthAndRightToLeftBoxesStillMarkSomething() throws {
        let glue = SyncTeXPlaces.Box(page: 0, x: 100, baseline: 100, width: 0, height: 0, depth: 0)
        XCTAssertEqual(SyncTeXPlaces.mark([glue], pageSizes: letter)?.areas, [Rect(x: 100, y: 98, width: 2, height: 2)])
        let rightToLeft = SyncTeXPlaces.Box(page: 0, x: 400, baseline: 100, width: -300, height: 10, depth: 3)
        XCTAssertEqual(SyncTeXPlaces.mark([rightToLeft], pageSizes: letter)?.areas, [Rect(x: 100, y: 90, width: 300, height: 13)])
    }

    func testMarksAreBounded() throws {
        let many = (0..<1000).map { box(page: 0, baseline: 20 + Double($0 % 700)) }
        XCTAssertEqual(SyncTeXPlaces.mark(many, pageSizes: letter)?.areas.count, SyncTeXPlaces.markLimit)
    }

    func testInverseTakesTheFirstValidSourceFromThePDFsFolder() {
        let sources = [
            SyncTeXPlaces.Source(input: "", line: 5, column: -1), SyncTeXPlaces.Source(input: "a.tex", line: 0, column: -1),
            SyncTeXPlaces.Source(input: "./chapters/two.tex", line: 41, column: -1), SyncTeXPlaces.Source(input: "/x.tex", line: 2, column: 3),
        ]
        XCTAssertEqual(SyncTeXPlaces.place(sources, pdfPath: "/home/a/thesis/thesis.pdf"),
                       SyncTeXPlaces.Place(input: "/home/a/thesis/chapters/two.tex", line: 41, column: nil))
        XCTAssertEqual(SyncTeXPlaces.place([SyncTeXPlaces.Source(input: "/x.tex", line: 2, column: 3)], pdfPath: "/a/b.pdf"),
                       SyncTeXPlaces.Place(input: "/x.tex", line: 2, column: 3))
        XCTAssertNil(SyncTeXPlaces.place([SyncTeXPlaces.Source(input: "a\0b.tex", line: 2, column: 0)], pdfPath: "/a/b.pdf"))
        // As pdfTeX writes the main file's name.
        XCTAssertEqual(SyncTeXPlaces.place([SyncTeXPlaces.Source(input: "/home/a/./thesis.tex", line: 9, column: -1)], pdfPath: "/home/a/thesis.pdf")?.input,
                       "/home/a/thesis.tex")
        XCTAssertNil(SyncTeXPlaces.place([], pdfPath: "/a/b.pdf"))
    }

    func testForwardTriesTheSourceAsGivenThenBesideThePDFThenByName() {
        XCTAssertEqual(SyncTeXPlaces.inputNames(for: "/home/a/thesis/chapters/two.tex", pdfPath: "/home/a/thesis/thesis.pdf"),
                       ["/home/a/thesis/chapters/two.tex", "./chapters/two.tex", "two.tex"])
        XCTAssertEqual(SyncTeXPlaces.inputNames(for: "/elsewhere/two.tex", pdfPath: "/home/a/thesis.pdf"), ["/elsewhere/two.tex", "two.tex"])
    }

    func testTheSyncTeXFileIsNamedAfterThePDF() {
        XCTAssertEqual(SyncTeXPlaces.fileNames(forPDF: "/home/a/my.thesis.pdf"), ["my.thesis.synctex.gz", "my.thesis.synctex"])
    }
}
