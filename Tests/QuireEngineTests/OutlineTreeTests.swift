import XCTest
@testable import QuireEngine

final class OutlineTreeTests: XCTestCase {
    private func entry(_ title: String, _ depth: Int, _ page: Int?, top: Double? = nil) -> OutlineTree.Entry {
        OutlineTree.Entry(title: title, target: page.map { OutlineTarget(page: $0, top: top) }, depth: depth)
    }

    /// Part I (p0) › Ch 1 (p0 @300) › 1.1 (p2) · Ch 2 (p5 @100); Broken; Part II (p9), and
    /// a late entry listed early: Index (p20) before Appendix (p15).
    private var tree: OutlineTree {
        OutlineTree([
            entry("Part I", 0, 0), entry("Chapter 1", 1, 0, top: 300), entry("Section 1.1", 2, 2),
            entry("Chapter 2", 1, 5, top: 100), entry("Broken", 0, nil), entry("Part II", 0, 9),
            entry("Index", 1, 20), entry("Appendix", 1, 15),
        ])
    }

    func testTheEntriesTheDocumentAsksOpenAndALoneTopEntryOpenAtStart() {
        let asked = OutlineTree([entry("Part I", 0, 0), entry("Chapter 1", 1, 0), entry("Part II", 0, 9), entry("Chapter 2", 1, 9)],
                                open: [false, false, true])
        XCTAssertEqual(asked.entries.indices.filter { asked.opensAtStart($0, depthLimit: 12) }, [2])
        let book = OutlineTree([entry("The Book", 0, 0), entry("Chapter 1", 1, 0), entry("Chapter 2", 1, 5)])
        XCTAssertEqual(book.entries.indices.filter { book.opensAtStart($0, depthLimit: 12) }, [0], "a lone title opens on its chapters")
        XCTAssertEqual(tree.entries.indices.filter { tree.opensAtStart($0, depthLimit: 12) }, [], "three at the top: none alone")
        let deep = OutlineTree([entry("A", 0, 0), entry("B", 1, 0), entry("C", 2, 0)], open: [true, true, true])
        XCTAssertEqual(deep.entries.indices.filter { deep.opensAtStart($0, depthLimit: 2) }, [0], "the last level shown hangs flat")
        XCTAssertFalse(deep.opensAtStart(7, depthLimit: 12))
    }

    func testChildrenParentsAndAncestorsFollowDepths() {
        let tree = tree
        XCTAssertEqual(tree.children(of: nil), [0, 4, 5])
        XCTAssertEqual(tree.children(of: 0), [1, 3])
        XCTAssertEqual(tree.children(of: 1), [2])
        XCTAssertEqual(tree.children(of: 2), [])
        XCTAssertEqual(tree.children(of: 5), [6, 7])
        XCTAssertEqual(tree.parents, [nil, 0, 1, 0, nil, nil, 5, 5])
        XCTAssertEqual(tree.ancestors(of: 2), [0, 1])
        XCTAssertTrue(tree.hasChildren(0))
        XCTAssertFalse(tree.hasChildren(4))
    }

    func testADepthThatSkipsLevelsHangsUnderTheEntryBefore() {
        let tree = OutlineTree([entry("A", 0, 0), entry("deep", 5, 1), entry("B", 0, 2)])
        XCTAssertEqual(tree.entries.map(\.depth), [0, 1, 0])
        XCTAssertEqual(tree.children(of: 0), [1])
        XCTAssertEqual(tree.children(of: nil), [0, 2])
    }

    func testTheSectionIsTheLastEntryAtOrBeforeTheReader() {
        let tree = tree
        XCTAssertEqual(tree.section(page: 0, top: 0), 0, "Part I starts at the top of page 1")
        XCTAssertEqual(tree.section(page: 0, top: 299), 0)
        XCTAssertEqual(tree.section(page: 0, top: 300), 1, "Chapter 1 starts 300 points down")
        XCTAssertEqual(tree.section(page: 4, top: 700), 2)
        XCTAssertEqual(tree.section(page: 5, top: 100), 3)
        XCTAssertEqual(tree.section(page: 12, top: 0), 5)
        XCTAssertEqual(tree.section(page: 16, top: 0), 7, "by where entries lead, not their order in the outline")
        XCTAssertEqual(tree.section(page: 25, top: 0), 6)
    }

    func testOfEntriesLeadingToOnePlaceTheDeepestIsTheSection() {
        let tree = OutlineTree([entry("Chapter", 0, 3), entry("First section", 1, 3)])
        XCTAssertEqual(tree.section(page: 3, top: 10), 1)
        XCTAssertNil(tree.section(page: 2, top: 500), "before the first entry there is no section")
    }

    func testFindingIgnoresCaseAndDiacriticsAndWraps() {
        let tree = OutlineTree([entry("Einführung", 0, 0), entry("Grundlagen", 0, 1), entry("Die Fläche", 1, 2), entry("FLACHE Räume", 1, 3)])
        XCTAssertEqual(tree.find("flache", after: nil), 2)
        XCTAssertEqual(tree.find("flache", after: 2), 3, "the next match after the current one")
        XCTAssertEqual(tree.find("flache", after: 3), 2, "wraps to the start")
        XCTAssertEqual(tree.find("EINFUHRUNG", after: nil), 0)
        XCTAssertNil(tree.find("zzz", after: nil))
        XCTAssertNil(tree.find("", after: nil))
    }

    func testTenThousandEntriesDeeplyNestedCostArraysNotRecursion() {
        let entries = (0..<10_000).map { entry("Entry \($0)", $0, $0 / 10) }
        let tree = OutlineTree(entries)
        XCTAssertEqual(tree.ancestors(of: 9_999).count, 9_999)
        XCTAssertEqual(tree.children(of: 9_998), [9_999])
        XCTAssertEqual(tree.section(page: 500, top: 0), 5_009)
    }

    func testBelowTheDepthLimitSubtreesHangFlat() {
        // A › B › C › D › E, and F under A.
        let tree = OutlineTree([entry("A", 0, 0), entry("B", 1, 1), entry("C", 2, 2), entry("D", 3, 3), entry("E", 4, 4), entry("F", 1, 5)])
        XCTAssertEqual(tree.children(of: 0, depthLimit: 3), [1, 5])
        XCTAssertEqual(tree.children(of: 1, depthLimit: 3), [2])
        XCTAssertEqual(tree.children(of: 2, depthLimit: 3), [3, 4], "the last level holds its whole subtree")
        XCTAssertEqual(tree.children(of: 3, depthLimit: 3), [])
        XCTAssertEqual(tree.parent(of: 4, depthLimit: 3), 2)
        XCTAssertEqual(tree.parent(of: 3, depthLimit: 3), 2)
        XCTAssertEqual(tree.parent(of: 2, depthLimit: 3), 1)
        XCTAssertEqual(tree.children(of: 2, depthLimit: 10), [3], "within the limit the tree is as it is")
    }

    func testFindingBackwardsWrapsAndComesToItsStartLast() {
        let tree = OutlineTree([OutlineTree.Entry(title: "Section A", target: nil, depth: 0),
                                OutlineTree.Entry(title: "Other", target: nil, depth: 0),
                                OutlineTree.Entry(title: "Section B", target: nil, depth: 0)])
        XCTAssertEqual(tree.find("section", before: nil), 2)
        XCTAssertEqual(tree.find("section", before: 2), 0)
        XCTAssertEqual(tree.find("section", before: 0), 2, "wraps round to the last")
        XCTAssertEqual(tree.find("other", before: 1), 1, "the start itself comes last")
        XCTAssertNil(tree.find("nothing", before: 1))
    }
}
