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

    /// `Fixtures.dense`'s text of `page` (from 1), as poppler reads it.
    static func denseText(page: Int) -> String {
        (1...50).map { "Page \(page) line \($0): the quick brown fox jumps over the lazy dog again." }.joined(separator: "\n")
    }
}

/// What the probe saw: the canvas's document node and its page nodes.
struct AccessibleDocument: Decodable {
    struct Page: Decodable {
        let name: String
        let description: String
        let text: String
        /// x, y, width, height in window coordinates.
        let extents: [Int]
        let flowsTo: String?
    }

    let name: String
    let role: String
    let pages: [Page]

    /// The node named `name`, its text without the line breaks that end a page.
    func page(_ name: String) -> Page? {
        pages.first { $0.name == name }.map {
            Page(name: $0.name, description: $0.description, text: $0.text.trimmingCharacters(in: .whitespacesAndNewlines),
                 extents: $0.extents, flowsTo: $0.flowsTo)
        }
    }
}

/// Quire on a file in a 1400×1000 window, with a session bus and an accessibility bus of
/// the run's own (at-spi-bus-launcher on the run's session bus, told no display, so that
/// it publishes the bus on no X screen another run could find) and GTK's AT-SPI backend
/// on; the test asks the script to probe the tree with pyatspi or to press keys.
final class AccessibleSession {
    private let session: ScriptedSession
    /// The last probe's answer, for failure messages.
    private(set) var last = ""

    /// `screenReader`: org.a11y.Status says a screen reader listens, as Orca says when it
    /// starts (else the pages have no nodes until `screenReaderStarts`).
    init(file: String, shot: String, screenReader: Bool = true) throws {
        let script = TestEnvironment.ownSessionBus + """
            cat > "$XDG_RUNTIME_DIR/probe.py" <<'END'
            \(Self.probe)
            END
            env -u DISPLAY /usr/libexec/at-spi-bus-launcher --launch-immediately >"$XDG_RUNTIME_DIR/a11y-bus.log" 2>&1 &
            stop_at_exit="$! $stop_at_exit"
            for i in $(seq 200); do
                dbus-send --session --print-reply --dest=org.a11y.Bus /org/a11y/bus org.a11y.Bus.GetAddress >/dev/null 2>&1 && break
                sleep 0.05
            done
            reader() { dbus-send --session --print-reply --dest=org.a11y.Bus /org/a11y/bus org.freedesktop.DBus.Properties.Set string:org.a11y.Status string:ScreenReaderEnabled variant:boolean:true >/dev/null; }
            \(screenReader ? "reader" : "")
            unset GTK_A11Y

            """ + ScriptedSession.start(title: (file as NSString).lastPathComponent, arguments: "--size 1400x1000") + """
            stop_at_exit="$quire $stop_at_exit"
            echo ready
            while read answer; do
                case "$answer" in
                probe) echo "$(timeout 20 /usr/bin/python3 "$XDG_RUNTIME_DIR/probe.py" 2>>"$XDG_RUNTIME_DIR/probe.log" | tr -d '\\n')" ;;
                reader) reader; echo started ;;
                page*) xdotool windowfocus --sync "$window"; xdotool key ctrl+l; xdotool type "${answer#page }"; xdotool key Return; echo went ;;
                *) break ;;
                esac
            done

            """
        session = try ScriptedSession(script: script, file: file, shot: shot)
        let ready = try session.readLine()
        guard ready == "ready" else { throw FixtureFailure("the script said: \(ready)") }
    }

    /// The tree as pyatspi sees it now; nil while Quire has no document node.
    func probe() throws -> AccessibleDocument? {
        try session.proceed("probe")
        last = try session.readLine()
        return try? JSONDecoder().decode(AccessibleDocument.self, from: Data(last.utf8))
    }

    /// Probes until `outcome` holds (30 s at most; a probe takes a few tenths of a second).
    func poll<T>(_ outcome: (AccessibleDocument) -> T?) -> T? {
        ScriptedSession.poll { try? probe().flatMap(outcome) }
    }

    /// A screen reader starts: org.a11y.Status's ScreenReaderEnabled turns true.
    func screenReaderStarts() throws {
        try session.proceed("reader")
        XCTAssertEqual(try session.readLine(), "started")
    }

    /// The screen once `ready` holds for it (`ScriptedSession.stillScreen`).
    func stillScreen(_ ready: (Picture) -> Bool) throws -> Picture { try session.stillScreen(ready) }

    /// Ctrl+L, the page's number, Enter.
    func go(toPage page: Int) throws {
        try session.proceed("page \(page)")
        XCTAssertEqual(try session.readLine(), "went")
    }

    /// The pyatspi script: the first node with the role "document text" (the canvas) of any
    /// application, and its children named "Page …", as one line of JSON ("null" when none).
    /// Window coordinates: GTK 4.8 answers screen coordinates with a warning.
    static let probe = """
        import json, sys
        import pyatspi

        def find(node, depth=0):
            if node is None or depth > 40:
                return None
            if node.getRole() == pyatspi.ROLE_DOCUMENT_TEXT:
                return node
            for i in range(node.childCount):
                found = find(node.getChildAtIndex(i), depth + 1)
                if found is not None:
                    return found
            return None

        def page(node):
            text = node.queryText()
            box = node.queryComponent().getExtents(pyatspi.WINDOW_COORDS)
            flows = [r.getTarget(0).name for r in node.getRelationSet() if r.getRelationType() == pyatspi.RELATION_FLOWS_TO]
            return {"name": node.name, "description": node.description, "text": text.getText(0, text.characterCount),
                    "extents": [box.x, box.y, box.width, box.height], "flowsTo": flows[0] if flows else None}

        document = None
        for application in pyatspi.Registry.getDesktop(0):
            document = find(application)
            if document is not None:
                break
        if document is None:
            print("null")
            sys.exit(0)
        children = [document.getChildAtIndex(i) for i in range(document.childCount)]
        print(json.dumps({"name": document.name, "role": document.getRoleName(),
                          "pages": [page(c) for c in children if c is not None and c.name.startswith("Page ")]}))
        """
}
