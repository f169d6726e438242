import QuireEngine
import XCTest

final class SelectionAutoscrollTests: XCTestCase {
    let view = Size(width: 800, height: 600)

    func testInsideTheViewNothingScrolls() {
        XCTAssertEqual(SelectionAutoscroll.velocity(pointer: Point(x: 400, y: 300), viewport: view, scrollsAcross: true), Point(x: 0, y: 0))
        XCTAssertEqual(SelectionAutoscroll.velocity(pointer: Point(x: 0, y: 600), viewport: view, scrollsAcross: true), Point(x: 0, y: 0))
    }

    func testTheSpeedGrowsWithTheDistancePastTheEdge() {
        let near = SelectionAutoscroll.velocity(pointer: Point(x: 400, y: 610), viewport: view, scrollsAcross: false)
        let far = SelectionAutoscroll.velocity(pointer: Point(x: 400, y: 700), viewport: view, scrollsAcross: false)
        XCTAssertEqual(near.y, 60 + 12 * 10)
        XCTAssertGreaterThan(far.y, near.y)
        XCTAssertEqual(SelectionAutoscroll.velocity(pointer: Point(x: 400, y: -20), viewport: view, scrollsAcross: false).y, -(60 + 12 * 20), "up past the top")
        XCTAssertEqual(SelectionAutoscroll.velocity(pointer: Point(x: 400, y: 90_000), viewport: view, scrollsAcross: false).y, SelectionAutoscroll.fastest)
    }

    func testAcrossOnlyWhenThePagesAreWiderThanTheView() {
        XCTAssertEqual(SelectionAutoscroll.velocity(pointer: Point(x: 900, y: 300), viewport: view, scrollsAcross: false).x, 0)
        XCTAssertEqual(SelectionAutoscroll.velocity(pointer: Point(x: 900, y: 300), viewport: view, scrollsAcross: true).x, 60 + 12 * 100)
        XCTAssertEqual(SelectionAutoscroll.velocity(pointer: Point(x: -10, y: 300), viewport: view, scrollsAcross: true).x, -(60 + 12 * 10))
    }

    func testATickScrollsBySpeedTimesTimeAStalledOneNoFurther() {
        XCTAssertEqual(SelectionAutoscroll.distance(Point(x: 0, y: 600), seconds: 0.05), Point(x: 0, y: 30))
        XCTAssertEqual(SelectionAutoscroll.distance(Point(x: 0, y: 600), seconds: 3), Point(x: 0, y: 60))
        XCTAssertEqual(SelectionAutoscroll.distance(Point(x: 0, y: 600), seconds: -1), Point(x: 0, y: 0))
    }
}
