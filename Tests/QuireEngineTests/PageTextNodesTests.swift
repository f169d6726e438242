import XCTest
@testable import QuireEngine

final class PageTextNodesTests: XCTestCase {
    func testThePagesInViewAndOneEitherSideGetNodes() {
        let nodes = PageTextNodes(poolSize: 6)
        XCTAssertEqual(nodes.wanted(visible: 4..<6, pageCount: 100), 3..<7)
        XCTAssertEqual(nodes.wanted(visible: 0..<1, pageCount: 100), 0..<2)
        XCTAssertEqual(nodes.wanted(visible: 98..<100, pageCount: 100), 97..<100)
        XCTAssertEqual(nodes.wanted(visible: 0..<0, pageCount: 100), 0..<0)
    }

    func testAZoomedOutViewGetsNoMoreNodesThanThePool() {
        let nodes = PageTextNodes(poolSize: 6)
        XCTAssertEqual(nodes.wanted(visible: 10..<30, pageCount: 5_000), 9..<15)
    }

    func testScrollingGivesFreeNodesTheNewPagesAndKeepsTheRest() {
        var nodes = PageTextNodes(poolSize: 4)
        XCTAssertEqual(nodes.show(visible: 0..<1, pageCount: 50), [0, 1])
        XCTAssertEqual(nodes.pages, [0, 1, nil, nil])
        // Page 1 comes into view beside page 0: page 2 is now the one after.
        XCTAssertEqual(nodes.show(visible: 0..<2, pageCount: 50), [2])
        XCTAssertEqual(nodes.pages, [0, 1, 2, nil])
        // On to page 2 alone: page 0 leaves, page 3 comes; pages 1 and 2 stay where they are.
        XCTAssertEqual(nodes.show(visible: 2..<3, pageCount: 50), [0])
        XCTAssertEqual(nodes.pages, [3, 1, 2, nil])
        XCTAssertEqual(nodes.show(visible: 2..<3, pageCount: 50), [], "nothing changed")
    }

    func testAJumpReplacesEveryNode() {
        var nodes = PageTextNodes(poolSize: 3)
        _ = nodes.show(visible: 0..<1, pageCount: 50)
        XCTAssertEqual(Set(nodes.show(visible: 39..<40, pageCount: 50)), [0, 1, 2])
        XCTAssertEqual(nodes.inPageOrder.map(\.page), [38, 39, 40])
    }

    func testNodesFlowInPageOrderWhateverTheirPlaceInThePool() {
        var nodes = PageTextNodes(poolSize: 3)
        _ = nodes.show(visible: 0..<1, pageCount: 50)
        _ = nodes.show(visible: 2..<3, pageCount: 50)
        XCTAssertEqual(nodes.pages, [2, 1, 3])
        XCTAssertEqual(nodes.inPageOrder.map(\.node), [1, 0, 2])
    }

    func testTextsAreKeptNearTheView() {
        let nodes = PageTextNodes(poolSize: 6)
        XCTAssertTrue(nodes.keeps(14, visible: 10..<12))
        XCTAssertTrue(nodes.keeps(4, visible: 10..<12))
        XCTAssertFalse(nodes.keeps(3, visible: 10..<12))
        XCTAssertFalse(nodes.keeps(18, visible: 10..<12))
    }
}
