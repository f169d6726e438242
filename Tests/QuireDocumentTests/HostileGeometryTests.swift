import Fixtures
import Foundation
import QuireEngine
import XCTest
@testable import QuireDocument

/// Pages, links and destinations whose numbers no paper has reach the engine only as
/// geometry it accepts (`PageGeometryLimits`): a page no paper could be is laid out at a
/// stand-in size and refused with its reason when asked to render (poppler finds no text
/// or links on it).
final class HostileGeometryTests: XCTestCase {
    private var fixtures: Fixtures!
    override func setUpWithError() throws { fixtures = try Fixtures() }
    override func tearDown() { fixtures = nil }

    private let letter = Size(width: 612, height: 792)

    private func open(_ kind: HostileGeometry) throws -> Document { try DocumentSource(path: fixtures.hostile(kind)).open() }

    func testEveryPageSizeIsOneTheEngineTakes() throws {
        for kind in HostileGeometry.allCases {
            let document = try open(kind)
            for page in 0..<document.pageCount {
                let size = document.pageSize(at: page)
                XCTAssertNil(PageGeometryLimits.problem(with: size), "\(kind) page \(page + 1): \(size)")
                XCTAssertEqual(document.pageProblem(at: page) != nil, kind.unshownPages.contains(page), "\(kind) page \(page + 1)")
            }
        }
    }

    func testAnUnshownPageTakesTheFirstPagesSizeElseLetters() throws {
        XCTAssertEqual(try open(.hugeMediaBox).pageSize(at: 0), letter)
        XCTAssertEqual(try open(.infiniteMediaBox).pageSize(at: 0), letter)
        let five = try open(.hugePageThreeOfFive)
        XCTAssertEqual(five.pageSize(at: 2), five.pageSize(at: 0))
        XCTAssertEqual(five.pageProblem(at: 2), "Page 3 is not shown: its size, 1e+23 × 1e+23 points, is not one any paper has.")
    }

    /// poppler already makes paper of these: the boxes that only look hostile.
    func testBoxesPopplerRepairsAreShownAsLetter() throws {
        for kind in [HostileGeometry.negativeMediaBox, .zeroMediaBox, .hugeUserUnit, .hugeCropBox] {
            let document = try open(kind)
            XCTAssertEqual(document.pageSize(at: 0), letter, "\(kind)")
            XCTAssertNoThrow(try document.render(page: 0, scale: 0.5), "\(kind)")
        }
    }

    func testAnUnshownPageIsRefusedWithItsReasonUnrendered() throws {
        let five = try open(.hugePageThreeOfFive)
        XCTAssertThrowsError(try five.render(page: 2, scale: TileKey.boundedScale(2, for: five.pageSize(at: 2)))) { error in
            XCTAssertEqual((error as? RenderFailure)?.description, five.pageProblem(at: 2))
        }
        XCTAssertNoThrow(try five.render(page: 3, scale: 0.5), "the pages after it render")
        XCTAssertEqual(five.text(at: 2), "", "not shown, not searched")
        XCTAssertTrue(five.text(at: 3).contains("Page 4"))
        XCTAssertEqual(five.links(at: 2), [], "poppler maps no link on it")
        XCTAssertEqual(five.selectionAreas(TextSelection.Span(page: 2, start: Point(x: 0, y: 0), end: Point(x: 612, y: 792)), style: .glyph), [])
        XCTAssertEqual(five.matchAreas(of: SearchQuery("Page"), onPage: 2), [])
    }

    /// An area 1e23 wide is clipped to the page; an infinite one and one wholly off the
    /// page are dropped; a destination 1e23 above the page lands at its top, one 1e23
    /// below it at its bottom.
    func testLinkAreasAreClippedToThePageAndTheirPlacesIntoTheirPages() throws {
        let links = try open(.hugeLinkArea).links(at: 0)
        // poppler lists a page's links last first.
        XCTAssertEqual(links, [Link(area: Rect(x: 72, y: 700, width: 72, height: 20), target: .page(1, top: 792)),
                               Link(area: Rect(x: 0, y: 0, width: 612, height: 792), target: .page(1, top: 0))])
    }

    func testMatchAndSelectionAreasLieOnTheirPages() throws {
        for kind in HostileGeometry.allCases {
            let document = try open(kind)
            for page in 0..<document.pageCount {
                let size = document.pageSize(at: page)
                let span = TextSelection.Span(page: page, start: Point(x: -1e300, y: -1e300), end: Point(x: 1e300, y: 1e300))
                let areas = document.selectionAreas(span, style: .line) + document.matchAreas(of: SearchQuery("Page"), onPage: page).flatMap { $0 }
                // The reversed box, its corners swapped, lies below and left of the page's text.
                let hasText = !kind.unshownPages.contains(page) && kind != .negativeMediaBox
                XCTAssertEqual(!areas.isEmpty, hasText, "\(kind) page \(page + 1): text is found where the page is shown")
                for area in areas { XCTAssertEqual(PageGeometryLimits.area(area, onPageOf: size), area, "\(kind) page \(page + 1)") }
            }
        }
    }

    /// What the application asks of each, through the probe the fuzzer uses.
    func testEachOpensAndSurvivesEverythingTheApplicationAsks() throws {
        for kind in HostileGeometry.allCases {
            let outcome = DocumentProbe.exercise(DocumentSource(path: try fixtures.hostile(kind)))
            let pages = kind == .hugePageThreeOfFive ? 5 : kind == .hugeLinkArea ? 2 : 1
            // Each page is rendered at two scales; an unshown page is refused both times.
            XCTAssertEqual(outcome, .opened(pages: pages, renderFailures: 2 * kind.unshownPages.count), "\(kind)")
        }
    }
}
