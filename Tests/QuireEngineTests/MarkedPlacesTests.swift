import Foundation
import XCTest
@testable import QuireEngine

final class MarkedPlacesTests: XCTestCase {
    private func place(_ page: Int, _ fraction: Double = 0) -> ViewPlace { ViewPlace(page: page, fraction: fraction) }

    // MARK: Names

    func testTheDefaultNameIsTheTitleOfTheSectionCoveringThePlace() {
        let outline = OutlineTree([
            OutlineTree.Entry(title: "Part I", target: OutlineTarget(page: 0), depth: 0),
            OutlineTree.Entry(title: "  Chapter\n1 ", target: OutlineTarget(page: 2, top: 300), depth: 1),
        ])
        XCTAssertEqual(MarkedPlaces.defaultName(page: 2, top: 400, outline: outline, label: "3"), "Chapter 1")
        XCTAssertEqual(MarkedPlaces.defaultName(page: 2, top: 100, outline: outline, label: "3"), "Part I", "above the chapter's title")
    }

    func testWithoutASectionTheDefaultNameIsThePagesLabel() {
        let late = OutlineTree([OutlineTree.Entry(title: "Index", target: OutlineTarget(page: 9), depth: 0)])
        XCTAssertEqual(MarkedPlaces.defaultName(page: 3, top: 0, outline: late, label: "iv"), "Page iv")
        XCTAssertEqual(MarkedPlaces.defaultName(page: 3, top: 0, outline: nil, label: "4"), "Page 4")
    }

    func testANameTypedIsCleanedAndClipped() {
        XCTAssertEqual(MarkedPlaces.cleaned("  Read\tthis\u{200B}\u{7}again \n"), "Read this again")
        XCTAssertNil(MarkedPlaces.cleaned(" \n\u{200B} "))
        XCTAssertEqual(MarkedPlaces.cleaned(String(repeating: "é", count: 5_000))?.count, MarkedPlaces.nameLimit)
        let piled = String(repeating: "a" + String(repeating: "\u{301}", count: 10_000), count: 3)
        XCTAssertLessThanOrEqual(MarkedPlaces.cleaned(piled)!.unicodeScalars.count, MarkedPlaces.nameLimit * 4)
    }

    // MARK: Adding, renaming, deleting

    func testBookmarksAreListedInDocumentOrder() {
        var places = MarkedPlaces()
        _ = places.add(at: place(7, 0.5), name: "late", time: 1)
        _ = places.add(at: place(2), name: "early", time: 2)
        _ = places.add(at: place(7, 0.25), name: "middle", time: 3)
        _ = places.add(at: place(7, 0.5), name: "again", time: 4)
        XCTAssertEqual(places.bookmarks.map(\.name), ["early", "middle", "late", "again"])
    }

    func testAnEmptyNameLeavesTheNameAsItWas() throws {
        var places = MarkedPlaces()
        let bookmark = try XCTUnwrap(places.add(at: place(1), name: "Chapter 2", time: 1))
        places.rename(bookmark.id, to: "  ", time: 2)
        XCTAssertEqual(places.bookmark(bookmark.id)?.name, "Chapter 2")
        places.rename(bookmark.id, to: "The proof", time: 3)
        XCTAssertEqual(places.bookmark(bookmark.id)?.name, "The proof")
    }

    func testAPlaceBookmarkedAgainFindsTheBookmarkThere() throws {
        var places = MarkedPlaces()
        let bookmark = try XCTUnwrap(places.add(at: place(3, 0.5), name: "here", time: 1))
        XCTAssertEqual(places.bookmark(at: place(3, 0.5)), bookmark)
        XCTAssertNil(places.bookmark(at: place(3, 0.25)))
        places.remove(bookmark.id, time: 2)
        XCTAssertNil(places.bookmark(at: place(3, 0.5)), "a deleted one is not there")
    }

    func testBeyondTheLimitABookmarkIsRefused() {
        var places = MarkedPlaces()
        for index in 0..<MarkedPlaces.bookmarkLimit { XCTAssertNotNil(places.add(at: place(index), name: "b", time: Double(index))) }
        XCTAssertTrue(places.isFull)
        XCTAssertNil(places.add(at: place(0), name: "one more", time: 1_000))
        XCTAssertEqual(places.bookmarks.count, MarkedPlaces.bookmarkLimit)
    }

    func testBookmarksMadeInTheSameMicrosecondAreTwo() {
        var places = MarkedPlaces()
        let first = places.add(at: place(1), name: "a", time: 5)
        let second = places.add(at: place(1), name: "b", time: 5)
        XCTAssertNotEqual(first?.id, second?.id)
        XCTAssertEqual(places.bookmarks.count, 2)
    }

    func testADeletedBookmarkIsGone() throws {
        var places = MarkedPlaces()
        let bookmark = try XCTUnwrap(places.add(at: place(1), name: "a", time: 1))
        places.remove(bookmark.id, time: 2)
        XCTAssertEqual(places.bookmarks, [])
        XCTAssertNil(places.bookmark(bookmark.id))
    }

    // MARK: Letter marks

    func testAMarkIsALetterAndSettingItAgainMovesIt() {
        var places = MarkedPlaces()
        XCTAssertTrue(places.setMark("a", at: place(3, 0.5), time: 1))
        XCTAssertTrue(places.setMark("A", at: place(9), time: 1))
        XCTAssertFalse(places.setMark("1", at: place(1), time: 1))
        XCTAssertFalse(places.setMark("é", at: place(1), time: 1))
        XCTAssertEqual(places.mark("a"), place(3, 0.5))
        XCTAssertEqual(places.mark("A"), place(9), "capitals are marks of their own")
        places.setMark("a", at: place(4), time: 2)
        XCTAssertEqual(places.mark("a"), place(4))
        XCTAssertNil(places.mark("b"))
    }

    // MARK: Merging two copies

    func testTwoCopiesMergeKeepingBothsBookmarksAndMarks() throws {
        var common = MarkedPlaces()
        let shared = try XCTUnwrap(common.add(at: place(1), name: "shared", time: 1))
        var mine = common, theirs = common
        _ = mine.add(at: place(2), name: "mine", time: 10)
        mine.setMark("a", at: place(2), time: 10)
        _ = theirs.add(at: place(3), name: "theirs", time: 11)
        theirs.setMark("b", at: place(3), time: 11)
        theirs.rename(shared.id, to: "renamed there", time: 12)
        let merged = mine.merged(with: theirs)
        XCTAssertEqual(merged.bookmarks.map(\.name), ["renamed there", "mine", "theirs"])
        XCTAssertEqual(merged.mark("a"), place(2))
        XCTAssertEqual(merged.mark("b"), place(3))
        XCTAssertEqual(merged, theirs.merged(with: mine), "the same either way round")
    }

    func testADeletionIsNotUndoneByACopyMadeBefore() throws {
        var before = MarkedPlaces()
        let bookmark = try XCTUnwrap(before.add(at: place(1), name: "a", time: 1))
        var after = before
        after.remove(bookmark.id, time: 5)
        XCTAssertEqual(before.merged(with: after).bookmarks, [])
        XCTAssertEqual(after.merged(with: before).bookmarks, [])
    }

    func testTheLaterMarkOfALetterWins() {
        var mine = MarkedPlaces(), theirs = MarkedPlaces()
        mine.setMark("a", at: place(1), time: 20)
        theirs.setMark("a", at: place(9), time: 10)
        XCTAssertEqual(mine.merged(with: theirs).mark("a"), place(1))
        XCTAssertEqual(theirs.merged(with: mine).mark("a"), place(1))
    }

    // MARK: Reading and writing

    func testMarkedPlacesComeBackFromJSONEqual() throws {
        var places = MarkedPlaces()
        let gone = try XCTUnwrap(places.add(at: place(4, 0.125), name: "gone", time: 1_700_000_000.25))
        _ = places.add(at: place(2, 0.5), name: "Chapter « 2 »", time: 1_700_000_001.5)
        places.remove(gone.id, time: 1_700_000_002)
        places.setMark("q", at: place(8, 0.75), time: 1_700_000_003)
        let read = try JSONDecoder().decode(MarkedPlaces.self, from: JSONEncoder().encode(places))
        XCTAssertEqual(read, places)
    }

    func testWhatIsNotAMarkedPlaceIsLeftOutWhenRead() throws {
        let json = #"""
            {"bookmarks":[
              {"id":"1","name":"good","page":3,"fraction":0.5,"changed":1},
              {"id":"2","name":"negative page","page":-1,"fraction":0,"changed":1},
              {"id":"3","name":"far page","page":1e12,"fraction":0,"changed":1},
              {"id":"4","name":"no fraction","page":1,"changed":1},
              {"id":"5","name":"   ","page":1,"fraction":0,"changed":1},
              {"id":"","name":"no id","page":1,"fraction":0,"changed":1},
              {"id":"7","name":7,"page":1,"fraction":0,"changed":1},
              "a string", 12, null, [1, 2],
              {"id":"8","name":"fraction beyond","page":1,"fraction":7,"changed":1},
              {"id":"9","name":"","page":1,"fraction":0,"changed":1e400}
            ],
            "marks":{"a":{"page":2,"fraction":0.25,"changed":3},"ab":{"page":1,"fraction":0,"changed":1},
                     "1":{"page":1,"fraction":0,"changed":1},"b":{"page":"x"},"c":7}}
            """#
        let read = try JSONDecoder().decode(MarkedPlaces.self, from: Data(json.utf8))
        XCTAssertEqual(read.bookmarks.map(\.name), ["fraction beyond", "good"])
        XCTAssertEqual(read.bookmarks.first?.place, place(1, 1), "a fraction is clamped to its page")
        XCTAssertEqual(read.marks.keys.sorted(), ["a"])
        XCTAssertEqual(read.mark("a"), place(2, 0.25))
    }

    func testAnythingElseReadsAsNoMarkedPlaces() throws {
        for json in [#"[]"#, #"{"bookmarks":{"a":1},"marks":[1]}"#, #"7"#, #"{"bookmarks":null}"#] {
            let holder = try JSONDecoder().decode([String: MarkedPlaces].self, from: Data(#"{"p":\#(json)}"#.utf8))
            XCTAssertEqual(holder["p"], MarkedPlaces(), json)
        }
    }

    func testAHugeListIsReadOnlyAsFarAsTheLimitsAndKeepsTheLatest() throws {
        let items = (0..<5_000).map { #"{"id":"\#($0)","name":"b\#($0)","page":\#($0),"fraction":0,"changed":\#($0)}"# }
        let json = #"{"bookmarks":[\#(items.joined(separator: ","))]}"#
        let read = try JSONDecoder().decode(MarkedPlaces.self, from: Data(json.utf8))
        XCTAssertEqual(read.bookmarks.count, MarkedPlaces.bookmarkLimit)
        let lookedAt = MarkedPlaces.readLimit
        XCTAssertEqual(read.bookmarks.last?.name, "b\(lookedAt - 1)", "the latest changed of those read")
    }

    func testOnlyTheLatestDeletionsAreKept() {
        var places = MarkedPlaces()
        for index in 0..<(MarkedPlaces.removedLimit + 10) {
            let bookmark = places.add(at: place(index), name: "b", time: Double(index))!
            places.remove(bookmark.id, time: Double(1_000 + index))
        }
        XCTAssertEqual(places.entries.count, MarkedPlaces.removedLimit)
        XCTAssertEqual(places.entries.first?.place.page, 10, "the oldest deletions are forgotten")
    }
}
