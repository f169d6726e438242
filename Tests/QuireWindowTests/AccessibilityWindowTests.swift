import Fixtures
import Foundation
import XCTest

/// The pages as a screen reader finds them (issue 47, item 1), read over AT-SPI by Debian's
/// pyatspi from a real window: each run has a session bus and an accessibility bus of its
/// own (`AccessibleSession`), so nothing reaches a bus outside the test.
final class AccessibilityWindowTests: XCTestCase {
    func testThePagesInViewAreTextNodesThatScrollingReplaces() throws {
        try QuireRun.requireDisplay()
        let fixtures = try Fixtures()
        let session = try AccessibleSession(file: fixtures.dense(pages: 50), shot: fixtures.path("dense"))
        let first = try XCTUnwrap(session.poll { $0.page("Page 1 of 50")?.text == Self.denseText(page: 1) ? $0 : nil },
                                  "page 1's node with its text: \(session.last)")
        XCTAssertEqual(first.role, "document text")
        XCTAssertEqual(first.name, "dense.pdf")
        let page1 = try XCTUnwrap(first.page("Page 1 of 50"))
        XCTAssertEqual(page1.flowsTo, "Page 2 of 50")
        XCTAssertNotNil(first.page("Page 2 of 50"), "the page after the view has a node too")
        // Over the page as drawn: a Letter page's shape, at the top of the view, in the window.
        XCTAssertEqual(Double(page1.extents[2]) / Double(page1.extents[3]), 612.0 / 792, accuracy: 0.02, "\(page1.extents)")
        XCTAssertTrue((0..<700).contains(page1.extents[0]) && (20..<200).contains(page1.extents[1]), "\(page1.extents)")
        XCTAssertGreaterThan(page1.extents[3], 500)

        try session.go(toPage: 40)
        let later = session.poll { $0.page("Page 40 of 50")?.text == Self.denseText(page: 40) ? $0 : nil }
        XCTAssertNotNil(later, "page 40's node with its text: \(session.last)")
        XCTAssertNil(later?.page("Page 1 of 50"), "page 1's node was given to another page")
        XCTAssertLessThanOrEqual(later?.pages.count ?? 0, 6, "the pool is bounded")
    }

    func testAScannedPageSaysItHasNoText() throws {
        try QuireRun.requireDisplay()
        let fixtures = try Fixtures()
        let session = try AccessibleSession(file: fixtures.scanned(), shot: fixtures.path("scanned"))
        let tree = session.poll { $0.page("Page 2 of 3")?.text.isEmpty == false && $0.page("Page 1 of 3")?.description.isEmpty == false ? $0 : nil }
        let scan = try XCTUnwrap(tree?.page("Page 1 of 3"), "page 1's node: \(session.last)")
        XCTAssertEqual(scan.text, "This page has no text.")
        XCTAssertTrue(scan.description.contains("no text"), scan.description)
        XCTAssertEqual(tree?.page("Page 2 of 3")?.text.trimmingCharacters(in: .whitespacesAndNewlines), "A page of text with a small picture.")
    }

    /// A scan's page says it has no text until its words are recognised; then its node holds
    /// them, as a screen reader reads them (it kept "no text" before recognition told it).
    func testARecognisedScansNodeHoldsItsWords() throws {
        try QuireRun.requireDisplay()
        let fixtures = try Fixtures()
        let session = try AccessibleSession(file: try fixtures.recognisable(), shot: fixtures.path("recognised"), environment: recognisingSettings())
        let tree = session.poll { $0.page("Page 1 of 1")?.text.contains("Invoice number 4721") == true ? $0 : nil }
        let page = try XCTUnwrap(tree?.page("Page 1 of 1"), "page 1's node: \(session.last)")
        XCTAssertTrue(page.text.hasPrefix("The reader opened the scanned contract"), page.text)
    }

    /// Where GNOME keeps an accessibility bus for everyone, the pages cost nothing until a
    /// screen reader listens: none of their nodes once the page is drawn, then all of them
    /// when one starts (as Orca does, through org.a11y.Status).
    func testThePagesHaveNodesOnlyOnceAScreenReaderListens() throws {
        try QuireRun.requireDisplay()
        let fixtures = try Fixtures()
        let session = try AccessibleSession(file: fixtures.dense(pages: 50), shot: fixtures.path("quiet"), screenReader: false)
        // The first page drawn: its nodes would be made in the next frames.
        _ = try session.stillScreen { $0.darkPixels(x: 200, y: 100, width: 1000, height: 400) > 2000 }
        let quiet = try XCTUnwrap(session.poll { $0.name == "dense.pdf" ? $0 : nil }, "no document node: \(session.last)")
        XCTAssertEqual(quiet.pages.count, 0, "page nodes without a screen reader: \(session.last)")
        try session.screenReaderStarts()
        XCTAssertNotNil(session.poll { $0.page("Page 1 of 50")?.text == Self.denseText(page: 1) ? $0 : nil },
                        "no page nodes once a screen reader listens: \(session.last)")
    }

    /// A right-to-left page reads as poppler reads it (pdftotext, its own reading order):
    /// four lines of Arabic, none dropped, words in order.
    func testARightToLeftPageReadsAsPopplerDoes() throws {
        try assertFirstPageReadsAsPoppler("rtl-arabic-cidtruetype.pdf", minimum: 40)
    }

    /// A page of vertical Japanese, columns right to left, reads as poppler reads it.
    func testAVerticalJapanesePageReadsAsPopplerDoes() throws {
        try assertFirstPageReadsAsPoppler("cjk-japanese-vertical.pdf", minimum: 20, title: "pdfjs-issue")
    }

    /// Page 1's node of the corpus's `name` holds what pdftotext reads of the page (at least
    /// `minimum` characters), its characters in the same order (spaces and line breaks aside);
    /// `title`: the window's, when the document names itself.
    private func assertFirstPageReadsAsPoppler(_ name: String, minimum: Int, title: String? = nil, line: UInt = #line) throws {
        try QuireRun.requireDisplay()
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../../shared/corpus/\(name)").standardizedFileURL.path
        let poppler = Self.letters(of: try Program.output("/usr/bin/pdftotext", ["-f", "1", "-l", "1", file, "-"]))
        XCTAssertGreaterThanOrEqual(poppler.count, minimum, line: line)
        let fixtures = try Fixtures()
        let session = try AccessibleSession(file: file, shot: fixtures.path("read-as-poppler"), title: title)
        let page = session.poll { $0.pages.first { $0.name.hasPrefix("Page 1 of") && !$0.text.isEmpty && $0.description.isEmpty } }
        XCTAssertEqual(page.map { Self.letters(of: $0.text) }, poppler, session.last, line: line)
    }

    /// The text without its spaces and line breaks.
    static func letters(of text: String) -> String { String(text.unicodeScalars.filter { !$0.properties.isWhitespace }.map(Character.init)) }

    /// A page crowded with a megabyte of text in 12,000 runs: its node holds at most the first
    /// 20,000 characters and says that the rest is missing, or, when poppler takes longer
    /// than the helper is given (5 s; on this machine it takes about that), says the text
    /// could not be read; the next page's node has its text either way.
    func testACrowdedPageIsCutAndSaysSo() throws {
        try QuireRun.requireDisplay()
        let fixtures = try Fixtures()
        let session = try AccessibleSession(file: fixtures.crowded(), shot: fixtures.path("crowded"))
        let tree = try XCTUnwrap(session.poll { tree in
            tree.page("Page 1 of 2").map { !$0.description.isEmpty && !$0.description.contains("being read") } == true
                && tree.page("Page 2 of 2")?.description == "" ? tree : nil
        }, "the crowded page's node: \(session.last.prefix(600))")
        let crowded = try XCTUnwrap(tree.page("Page 1 of 2"))
        if crowded.description.hasPrefix("Only the first") {
            XCTAssertLessThanOrEqual(crowded.text.unicodeScalars.count, 20_000)
            XCTAssertGreaterThan(crowded.text.unicodeScalars.count, 18_000)
            XCTAssertTrue(crowded.text.hasPrefix("crowded text run"), String(crowded.text.prefix(80)))
        } else {
            XCTAssertEqual(crowded.description, "The text of this page could not be read.")
        }
        XCTAssertEqual(tree.page("Page 2 of 2")?.text, "The page after the crowded one.")
    }

    /// A document helper that hangs reading page 2's text: page 1's node has its text, page
    /// 2's says it could not be read once the helper is given up (5 s), and page 3's is read
    /// by the helper that takes its place.
    func testAPageWhoseTextHangsSaysItCouldNotBeRead() throws {
        try QuireRun.requireDisplay()
        let fixtures = try Fixtures()
        let session = try AccessibleSession(file: fixtures.dense(pages: 5), shot: fixtures.path("hang"),
                                            environment: ["QUIRE_HELPER_FAULT": "text-hang-on-page:2"])
        let tree = try XCTUnwrap(session.poll { $0.page("Page 2 of 5")?.description == "The text of this page could not be read." ? $0 : nil },
                                 "page 2's node once the helper is given up: \(session.last)")
        XCTAssertEqual(tree.page("Page 1 of 5")?.text, Self.denseText(page: 1))
        try session.go(toPage: 3)
        XCTAssertNotNil(session.poll { $0.page("Page 3 of 5")?.text == Self.denseText(page: 3) ? $0 : nil },
                        "page 3 read by a new helper after the hang: \(session.last)")
    }

    /// Caret mode as Orca follows it: F7's caret in a text node of its page that has the
    /// focus, moved by Quire's keys (not the node's own: Ctrl+End stays on the line), its
    /// Shift selection reported, the next page's node focused when the caret crosses into
    /// it, and a caret the screen reader sets is Quire's.
    func testCaretModeMovesACaretAScreenReaderFollows() throws {
        try QuireRun.requireDisplay()
        let fixtures = try Fixtures()
        let session = try AccessibleSession(file: fixtures.dense(pages: 50), shot: fixtures.path("caret"),
                                            scripts: ["caret": Self.caretListener, "setcaret": Self.setCaret])
        XCTAssertNotNil(session.poll { $0.page("Page 1 of 50")?.text == Self.denseText(page: 1) ? $0 : nil }, session.last)
        try session.listen("caret")
        let text = Self.denseText(page: 1) + "\n"
        let line2 = text.distance(from: text.startIndex, to: text.range(of: "Page 1 line 2:")!.lowerBound)
        let line2End = text.distance(from: text.startIndex, to: text.range(of: "Page 1 line 3:")!.lowerBound) - 1

        try session.press("F7")
        let focused = try XCTUnwrap(ScriptedSession.poll { try? Self.events(session.heard("caret")).last { $0.type.hasSuffix("focused") && $0.detail1 == 1 } },
                                    "no node took the focus: \(session.last)")
        XCTAssertEqual(focused.name, "Page 1 of 50")
        XCTAssertEqual(focused.role, "text")

        try session.press("Down")
        XCTAssertTrue(caret(in: session, at: line2), "Down: line 2's start: \(session.last)")
        try session.press("ctrl+Right")
        XCTAssertTrue(caret(in: session, at: line2 + 4), "Ctrl+Right: after \"Page\": \(session.last)")
        try session.press("Right")
        XCTAssertTrue(caret(in: session, at: line2 + 5), "Right: a character on: \(session.last)")
        try session.press("ctrl+End")
        XCTAssertTrue(caret(in: session, at: line2End), "Ctrl+End is Quire's End (the line's end), not the node's (the text's end): \(session.last)")
        try session.press("Home shift+Right shift+Right shift+Right shift+Right")
        let selected = try XCTUnwrap(ScriptedSession.poll { try? Self.events(session.heard("caret")).last { $0.selection == [line2, line2 + 4] } },
                                     "the Shift selection of \"Page\" was not reported: \(session.last)")
        XCTAssertEqual(selected.name, "Page 1 of 50")

        // The reader puts the caret on line 5; Quire's Right goes on from there.
        let line5 = text.distance(from: text.startIndex, to: text.range(of: "Page 1 line 5:")!.lowerBound)
        XCTAssertEqual(try session.run("setcaret", "\(line5 + 2)"), "True")
        try session.press("Right")
        XCTAssertTrue(caret(in: session, at: line5 + 3), "Right after the reader's caret: \(session.last)")

        // Down 45 times: line 50, the page's last, where page 2 is not focused yet; once
        // more: page 2's first line, whose node takes the focus.
        try session.press(Array(repeating: "Down", count: 45).joined(separator: " "))
        let line50 = text.distance(from: text.startIndex, to: text.range(of: "Page 1 line 50:")!.lowerBound)
        XCTAssertTrue(caret(in: session, at: line50 + 3), "45 times Down: line 50: \(session.last)")
        XCTAssertEqual(try Self.events(session.heard("caret")).last { $0.type.hasSuffix("focused") && $0.detail1 == 1 }?.name, "Page 1 of 50")
        try session.press("Down")
        XCTAssertNotNil(ScriptedSession.poll { try? Self.events(session.heard("caret")).last { $0.type.hasSuffix("focused") && $0.detail1 == 1 }?.name == "Page 2 of 50" ? true : nil },
                        "crossing into page 2 did not focus its node: \(session.last)")
        XCTAssertTrue(caret(in: session, at: 3), "page 2's first line, as far across: \(session.last)")
        let tree = try XCTUnwrap(session.probe())
        XCTAssertEqual(tree.pages.filter { $0.name == "Page 2 of 50" }.count, 1, "page 2 has one node, the caret's")
        XCTAssertEqual(tree.page("Page 1 of 50")?.flowsTo, "Page 2 of 50", "page 1's node flows to the caret's")

        // F7 again: the caret's node leaves and the canvas has the focus back.
        try session.press("F7")
        XCTAssertNotNil(ScriptedSession.poll { try? Self.events(session.heard("caret")).last { $0.type.hasSuffix("focused") && $0.detail1 == 1 }?.name == "dense.pdf" ? true : nil },
                        "the canvas did not get the focus back: \(session.last)")
    }

    /// Whether the last caret event reports `offset` (waits for it, 30 s at most).
    private func caret(in session: AccessibleSession, at offset: Int) -> Bool {
        ScriptedSession.poll { try? Self.events(session.heard("caret")).last { $0.type.hasPrefix("object:text-caret-moved") }?.detail1 == offset ? true : nil } ?? false
    }

    struct Event: Decodable {
        let type: String
        let name: String
        let role: String
        let detail1: Int
        let selection: [Int]?
    }

    static func events(_ heard: String) throws -> [Event] { try JSONDecoder().decode([Event].self, from: Data(heard.utf8)) }

    /// Prints the caret, selection and focus events of Quire's pages and canvas, a line each.
    static let caretListener = """
        import json, pyatspi

        def heard(event):
            try:
                source = event.source
                name, role = source.name, source.getRoleName()
            except Exception:
                return
            if not (name.startswith("Page ") or role == "document text"):
                return
            entry = {"type": event.type, "name": name, "role": role, "detail1": event.detail1}
            if event.type.startswith("object:text-selection-changed"):
                text = source.queryText()
                entry["selection"] = list(text.getSelection(0)) if text.getNSelections() > 0 else []
            print(json.dumps(entry), flush=True)

        pyatspi.Registry.registerEventListener(heard, "object:text-caret-moved", "object:text-selection-changed",
                                               "object:state-changed:focused")
        print("listening", flush=True)
        pyatspi.Registry.start()
        """

    /// Sets the caret of the focused page's node at the offset given, as a screen reader does.
    static let setCaret = AccessibleSession.findNode + """
        import sys

        node = find_node(lambda node: node.name.startswith("Page ") and node.getState().contains(pyatspi.STATE_FOCUSED))
        print(node.queryText().setCaretOffset(int(sys.argv[1])) if node is not None else "no focused page")
        """

    /// `Fixtures.dense`'s text of `page` (from 1), as poppler reads it.
    static func denseText(page: Int) -> String {
        (1...50).map { "Page \(page) line \($0): the quick brown fox jumps over the lazy dog again." }.joined(separator: "\n")
    }
}
