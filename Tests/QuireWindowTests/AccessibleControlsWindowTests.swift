import Fixtures
import Foundation
import XCTest

/// The window's controls as a screen reader finds them (issue 47, item 3), read over AT-SPI
/// by Debian's pyatspi from a real window (`AccessibleSession`): every control has a name
/// of words and a role, the outline's rows say their level and page, the find bar's count
/// is there to read and is told to the reader once it settles, a toast and the password
/// prompt can be read.
final class AccessibleControlsWindowTests: XCTestCase {
    /// Every control of the window, the sidebar's views and the find bar open, the pages a
    /// document view keeps hidden (welcome, error, password) too: focusable or operable, it
    /// has a name that is words (not empty, not a GTK type, not said twice) and a role.
    func testEveryControlHasANameAndARole() throws {
        let fixtures = try Fixtures()
        let session = try outlined("controls", in: fixtures)
        try session.press("F9 ctrl+f")
        // Once the sidebar and the find bar show.
        let controls = try XCTUnwrap(answer(session, "controls") { (found: Controls) in found.sidebarAndFindBar }, "the controls: \(session.last)")
        XCTAssertEqual(controls.unnamed, [], "controls without a name of words")
        XCTAssertGreaterThan(controls.names.count, 30, "\(controls.names)")
        for name in ["Sidebar", "Open a document", "Back", "Forward", "Page", "Zoom", "Main menu", "Find in document",
                     "Previous match", "Next match", "Search options", "All matches", "Close the find bar", "Outline",
                     "Find in outline", "Thumbnails", "Bookmarks", "Annotations", "Password", "Unlock"] {
            XCTAssertTrue(controls.names.contains(name), "no control named \(name): \(controls.names)")
        }
    }

    /// The outline's rows say their title, their level and their page's label.
    func testTheOutlinesRowsSayTheirLevelAndPage() throws {
        let fixtures = try Fixtures()
        let session = try outlined("outline", in: fixtures)
        try session.press("F9")
        let rows = answer(session, "rows", "Outline") { (rows: [String]) in rows.count == 8 }
        XCTAssertEqual(rows, ["Préface — 序文 ✓, level 1, page i", "Part I, level 1, page ii", "Chapter 1, level 2, page ii",
                              "Section 1.1, level 3, page ii", "Section 1.2, level 3, page 1", "Chapter 2 (collapsed), level 2, page 2",
                              "Nowhere, level 2, leads nowhere", "Part II, level 1, page 3"], session.last)
    }

    /// Tab reaches the outline's first row, which shows it has the keys: a ring of the
    /// accent colour down its side (Adwaita draws none on the expander that takes them).
    func testTabReachesAnOutlineRowWithAVisibleFocus() throws {
        let fixtures = try Fixtures()
        let session = try outlined("ring", in: fixtures)
        try session.press("F9")
        _ = answer(session, "rows", "Outline") { (rows: [String]) in rows.count == 8 }
        let row = try XCTUnwrap(tab(session) { $0.name.hasPrefix("Préface") }, "Tab never reached the outline's first row: \(session.last)")
        XCTAssertEqual(row.name, "Préface — 序文 ✓, level 1, page i")
        // The row's left side (GTK 4.8's extents lie a few pixels off what is drawn): the
        // ring, #3584E4 at half over the sidebar's grey, down most of its lines.
        let (x, y, height) = (row.extents[0], row.extents[1], row.extents[3])
        let screen = try session.stillScreen { _ in true }
        let lines = y + 8..<y + height - 8
        let ring = lines.filter { line in (x..<x + 10).contains { column in
            let pixel = screen[column, line]
            return Int(pixel & 0xFF) > Int(pixel >> 16 & 0xFF) + 40
        } }
        XCTAssertGreaterThan(ring.count, lines.count * 3 / 4, "no ring down the row's side at \(row.extents)")
    }

    /// The thumbnails take the keys: the arrows and End go to another page, and the view's
    /// description, which a screen reader speaks as it changes, says which.
    func testTheThumbnailsGoToAPageByKeyAndSayWhich() throws {
        let fixtures = try Fixtures()
        let session = try opened(fixtures.dense(pages: 5), "thumbnails", in: fixtures) { $0.page("Page 1 of 5") != nil }
        // No outline: the sidebar opens on the thumbnails.
        try session.press("F9")
        let thumbnails = try tab(session) { $0.name == "Thumbnails" && $0.role != "page tab" }
        XCTAssertEqual(thumbnails?.description, "Page 1 of 5", "Tab never reached the thumbnails: \(session.last)")
        try session.listen("descriptions")
        try session.press("Down")
        XCTAssertNotNil(answer(session, "focused") { (found: Focused) in found.description == "Page 2 of 5" }, "Down: \(session.last)")
        try session.press("End")
        XCTAssertNotNil(answer(session, "focused") { (found: Focused) in found.description == "Page 5 of 5" }, "End: \(session.last)")
        XCTAssertNotNil(session.poll { $0.page("Page 5 of 5") != nil ? $0 : nil }, "the document did not go to page 5: \(session.last)")
        let told = try session.heard("descriptions")
        XCTAssertTrue(told.contains("{\"role\": \"filler\", \"name\": \"Thumbnails\", \"description\": \"Page 2 of 5\"}"), told)
    }

    /// The Annotations view's rows say their kind, page and text.
    func testTheAnnotationsRowsSayTheirKindPageAndText() throws {
        let fixtures = try Fixtures()
        let saved = try fixtures.highlightedChapters(text: "Read this\nfirst", named: "annotated.pdf")
        let session = try opened(saved, "annotations", in: fixtures) { $0.name == "annotated.pdf" }
        try session.press("F9")
        XCTAssertNotNil(answer(session, "press", "Annotations") { (done: Bool) in done }, "no Annotations tab: \(session.last)")
        let rows = answer(session, "rows", "Annotations") { (rows: [String]) in !rows.isEmpty }
        XCTAssertEqual(rows, ["Highlight, page 3: Read this first"], session.last)
    }

    /// The count is a status bar's text, which a screen reader reads on request; once the
    /// search ends, the focused entry's description says it, whose change Orca speaks.
    func testTheFindCountIsReadAndToldOnceItSettles() throws {
        let fixtures = try Fixtures()
        let session = try opened(fixtures.dense(pages: 3), "find", in: fixtures) { $0.page("Page 1 of 3") != nil }
        try session.listen("descriptions")
        try session.press("ctrl+f f o x")
        let status = answer(session, "status") { (found: [String]) in found.first == "1 of 150" }
        XCTAssertEqual(status, ["1 of 150", "status bar", "1 of 150 matches"], "the count and the entry's description: \(session.last)")
        let told = ScriptedSession.poll { () -> String? in
            let heard = (try? session.heard("descriptions")) ?? ""
            return heard.contains("1 of 150 matches") ? heard : nil
        }
        XCTAssertNotNil(told, "no description change told: \(session.last)")
        XCTAssertTrue(told?.contains("\"name\": \"Find in document\"") == true, told ?? "")
        XCTAssertFalse(told?.contains("found…") == true, "a count that still changed was told: \(told ?? "")")
    }

    /// A notice (a mark set, here) is a node named by its words, its close button named too.
    func testAToastCanBeRead() throws {
        let fixtures = try Fixtures()
        let session = try outlined("toast", in: fixtures)
        try session.press("m a")
        let toast = answer(session, "named", "Mark_a_set") { (found: [String]) in !found.isEmpty }
        XCTAssertEqual(toast, ["Mark a set on page i", "Mark a set on page i", "Dismiss"], "the toast, its text, its button: \(session.last)")
    }

    /// Tab from the page opens the form's fields one by one: each editor, with the keys, is
    /// named for its field (what the document calls it for a reader, else its name).
    func testAFormFieldsEditorIsNamedForItsField() throws {
        let fixtures = try Fixtures()
        let session = try opened(fixtures.form(), "form", in: fixtures) { $0.page("Page 1 of 1") != nil }
        var names: [String] = [], last: Focused?
        for _ in 0..<2 {
            try session.press("Tab")
            // Once the keys have left the page, and the editor before.
            last = answer(session, "focused") { (found: Focused) in found.role != "document text" && found.extents != last?.extents }
            names.append(last.map { "\($0.role) \($0.name)" } ?? session.last)
        }
        XCTAssertEqual(names, ["text Your name", "text notes"])
    }

    /// The pointer resting on a link shows its destination in a popover, named for a screen
    /// reader by the page it shows.
    func testALinksPreviewIsNamedForItsPage() throws {
        let fixtures = try Fixtures()
        let session = try opened(fixtures.standard(named: "links.pdf"), "preview", in: fixtures, title: Fixtures.standardTitle) { $0.page("Page 1 of 4, labelled p1") != nil }
        let page = try XCTUnwrap(session.probe()?.page("Page 1 of 4, labelled p1"), session.last)
        // "Go to page three" covers x 40–160, y 88–104 points of page 1.
        let scale = Double(page.extents[2]) / Fixtures.standardSizes[0].width
        try session.movePointer(x: page.extents[0] + Int(100 * scale), y: page.extents[1] + Int(96 * scale))
        let preview = answer(session, "named", "Preview_of_page") { (found: [String]) in !found.isEmpty }
        XCTAssertEqual(preview?.first, "Preview of page p3", session.last)
    }

    /// The password prompt's entry is named and has the keys.
    func testThePasswordPromptsEntryIsNamed() throws {
        try QuireRun.requireDisplay()
        let fixtures = try Fixtures()
        // No document node: the password page stands in its place.
        let session = try AccessibleSession(file: fixtures.encrypted(password: "sesame"), shot: fixtures.path("password"), scripts: Self.scripts,
                                            showsDocument: false)
        let entry = answer(session, "focused") { (found: Focused) in found.role == "password text" }
        XCTAssertEqual(entry?.name, "Password", "the focused node: \(session.last)")
    }

    /// Quire on `file`, once its document's node is `ready` (`fixtures` kept by the test:
    /// its folder goes with it).
    private func opened(_ file: String, _ shot: String, in fixtures: Fixtures, title: String? = nil,
                        until ready: (AccessibleDocument) -> Bool) throws -> AccessibleSession {
        try QuireRun.requireDisplay()
        let session = try AccessibleSession(file: file, shot: fixtures.path(shot), scripts: Self.scripts, title: title)
        XCTAssertNotNil(session.poll { ready($0) ? $0 : nil }, "no document node: \(session.last)")
        return session
    }

    /// Quire on `Fixtures.outlined`, once its document has a node.
    private func outlined(_ shot: String, in fixtures: Fixtures) throws -> AccessibleSession {
        try opened(fixtures.outlined(), shot, in: fixtures) { $0.name == "outlined.pdf" }
    }

    /// Presses Tab until the node with the keys is `wanted` (20 times at most).
    private func tab(_ session: AccessibleSession, until wanted: (Focused) -> Bool) throws -> Focused? {
        for _ in 0..<20 {
            try session.press("Tab")
            if let focused = answer(session, "focused", until: { (_: Focused) in true }), wanted(focused) { return focused }
        }
        return nil
    }

    struct Focused: Decodable {
        let role: String
        let name: String
        let description: String
        /// x, y, width, height in the window.
        let extents: [Int]
    }

    struct Controls: Decodable {
        /// "role 'name'" of each control whose name is not words.
        let unnamed: [String]
        let names: [String]
        /// The sidebar's tabs show, and an entry has the focus (the find bar's).
        let sidebarAndFindBar: Bool
    }

    /// What script `name` prints, decoded, once `ready` holds for it (nil after 30 s).
    private func answer<T: Decodable>(_ session: AccessibleSession, _ name: String, _ arguments: String = "", until ready: (T) -> Bool) -> T? {
        ScriptedSession.poll {
            (try? session.run(name, arguments)).flatMap { try? JSONDecoder().decode(T.self, from: Data($0.utf8)) }.flatMap { ready($0) ? $0 : nil }
        }
    }

    /// pyatspi scripts: each walks Quire's tree and prints one line of JSON.
    static let walk = """
        import json, re, sys
        import pyatspi

        def nodes(node, depth=0):
            if node is None or depth > 60:
                return
            yield node
            for i in range(node.childCount):
                yield from nodes(node.getChildAtIndex(i), depth + 1)

        def quire():
            for application in pyatspi.Registry.getDesktop(0):
                if application is not None and application.name == "quire":
                    return application
            return None

        def states(node):
            return node.getState()

        """

    static let scripts: [String: String] = [
        // Focusable nodes (but scroll panes, which pass the focus on) and operable ones.
        "controls": walk + """
            operable = {"push button", "toggle button", "check box", "radio button", "page tab", "entry", "text",
                         "password text", "spin button", "combo box", "slider", "switch", "list item", "menu item", "link"}
            unnamed, names, tabs, typing = [], [], False, False
            for node in nodes(quire()):
                tabs = tabs or node.getRoleName() == "page tab"
                typing = typing or (node.getRoleName() == "entry" and node.getState().contains(pyatspi.STATE_FOCUSED))
                role = node.getRoleName()
                focusable = node.getState().contains(pyatspi.STATE_FOCUSABLE)
                if not (focusable and role != "scroll pane") and role not in operable:
                    continue
                name = node.name or ""
                words = name.split(" ")
                half = len(words) // 2
                doubled = len(words) % 2 == 0 and half > 0 and words[:half] == words[half:]
                typed = re.fullmatch(r"(Gtk|Adw|Quire)[A-Za-z]+", name) is not None
                if not name.strip() or typed or doubled or "_" in name or role in ("unknown", "invalid"):
                    unnamed.append("%s '%s'" % (role, name))
                else:
                    names.append(name)
            print(json.dumps({"unnamed": unnamed, "names": names, "sidebarAndFindBar": tabs and typing}))
            """,
        // The names of the rows of the list named argv[1].
        "rows": walk + """
            lists = [n for n in nodes(quire()) if n.getRoleName() == "list" and n.name == sys.argv[1]]
            rows = [lists[0].getChildAtIndex(i) for i in range(lists[0].childCount)] if lists else []
            print(json.dumps([r.name for r in rows if r is not None and r.getRoleName() == "list item"]))
            """,
        // Presses the page tab named argv[1] (as a click does): whether there was one.
        "press": walk + """
            tabs = [n for n in nodes(quire()) if n.getRoleName() == "page tab" and n.name == sys.argv[1]]
            if tabs:
                tabs[0].queryAction().doAction(0)
            print(json.dumps(bool(tabs)))
            """,
        // The status bar's name and role, the find entry's description.
        "status": walk + """
            all = list(nodes(quire()))
            bars = [n for n in all if n.getRole() == pyatspi.ROLE_STATUS_BAR]
            entries = [n for n in all if n.name == "Find in document" and n.getRoleName() == "entry"]
            print(json.dumps([bars[0].name, bars[0].getRoleName(), entries[0].description] if bars and entries else []))
            """,
        // The node named after argv[1] (underscores for spaces), its text, the name of its button.
        "named": walk + """
            wanted = sys.argv[1].replace("_", " ")
            found = [n for n in nodes(quire()) if n.name.startswith(wanted) and n.getRoleName() != "label"]
            if not found:
                print("[]")
                sys.exit(0)
            node = found[0]
            texts = [n.queryText().getText(0, n.queryText().characterCount) for n in nodes(node) if n.getRoleName() == "label"]
            buttons = [n.name for n in nodes(node) if n.getRoleName() == "push button"]
            print(json.dumps([node.name] + texts[:1] + buttons[:1]))
            """,
        // The role, name and extents of the node with the focus.
        "focused": walk + """
            found = [n for n in nodes(quire()) if n.getState().contains(pyatspi.STATE_FOCUSED)]
            if found:
                box = found[-1].queryComponent().getExtents(pyatspi.WINDOW_COORDS)
                print(json.dumps({"role": found[-1].getRoleName(), "name": found[-1].name, "description": found[-1].description,
                                  "extents": [box.x, box.y, box.width, box.height]}))
            else:
                print("null")
            """,
        // Each description change of Quire's, as Orca hears it.
        "descriptions": """
            import json
            import pyatspi

            def heard(event):
                try:
                    if event.host_application.name != "quire":
                        return
                    print(json.dumps({"role": event.source.getRoleName(), "name": event.source.name, "description": str(event.any_data)}), flush=True)
                except Exception:
                    pass

            pyatspi.Registry.registerEventListener(heard, "object:property-change:accessible-description")
            print("listening", flush=True)
            pyatspi.Registry.start()
            """,
    ]
}
