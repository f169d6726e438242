import Fixtures
import Foundation
import QuireDocument
import QuireEngine
import XCTest

/// Markups made in the real window as a reader makes them (a drag across two lines,
/// Ctrl+H, Ctrl+Z and Ctrl+Shift+Z, Ctrl+S) and read back from the saved file by another parser (qpdf), then shown
/// by Quire itself when the file is opened again.
final class AnnotationWindowTests: XCTestCase {
    /// Poppler's own areas of `words` on the searchable fixture's first page (points from
    /// its top-left): the text layout the quads must cover.
    private func areas(of words: String, in document: Document) throws -> Rect {
        let rects = try XCTUnwrap(document.matchAreas(of: SearchQuery(words, caseSensitive: true), onPage: 0).first, "no \(words)")
        return rects.dropFirst().reduce(rects[0]) { union, rect in
            Rect(x: min(union.x, rect.x), y: min(union.y, rect.y), width: max(union.maxX, rect.maxX) - min(union.x, rect.x),
                 height: max(union.maxY, rect.maxY) - min(union.y, rect.y))
        }
    }

    private let scale = 96.0 / 72

    private static func opening(_ name: String) -> String { ScriptedSession.opening(name) }

    private func pageOrigin(_ session: ScriptedSession, _ document: Document) throws -> (x: Double, y: Double) {
        try session.pageOrigin(of: document)
    }

    func testAHighlightAcrossTwoLinesIsSavedWhereTheWordsAreAndShownWhenOpenedAgain() throws {
        try QuireRun.requireDisplay()
        let fixtures = try Fixtures()
        let file = fixtures.searchable(named: "marked.pdf")
        let document = try DocumentSource(path: file).open()
        let firstLine = try areas(of: "The quick brown fox jumps over the lazy dog.", in: document)
        let cafe = try areas(of: "A café", in: document), au = try areas(of: "au lait", in: document)
        let script = Self.opening("marked.pdf") + """
            xdotool mousemove 1590 1190
            echo shown
            read answer
            set -- $answer "$@"
            xdotool mousemove $1 $2 mousedown 1 mousemove $(( ($1 + $3) / 2 )) $(( ($2 + $4) / 2 )) mousemove $3 $4 mouseup 1
            shift 4
            xdotool windowfocus --sync "$window"
            xdotool key ctrl+h
            echo "title $(title_after "• marked.pdf")"
            read answer
            xdotool key ctrl+z
            echo "undone $(title_after "marked.pdf")"
            xdotool key ctrl+shift+z
            echo "redone $(title_after "• marked.pdf")"
            read answer
            xdotool key ctrl+s
            echo "title $(title_after "marked.pdf")"
            read answer
            """ + ScriptedSession.quitAndReopen("marked.pdf") + """
            xdotool key ctrl+q
            ended
            """
        let session = try ScriptedSession(script: script, file: file, shot: fixtures.path("marked.png"))
        XCTAssertEqual(try session.readLine(), "shown")

        let origin = try pageOrigin(session, document)
        func onScreen(_ x: Double, _ y: Double) -> String { "\(Int((origin.x + x * scale).rounded())) \(Int((origin.y + y * scale).rounded()))" }
        // From just left of the first line's first letter to just past "café" on the second.
        try session.proceed(onScreen(firstLine.x - 2, firstLine.midY) + " " + onScreen(cafe.maxX + 0.5, cafe.midY))
        XCTAssertEqual(try session.readLine(), "title • marked.pdf", "the title does not mark the unsaved change")
        // Drawn before it is saved, multiplying the page: yellow paper, and words still black.
        func lineColours(_ screen: Picture) -> (yellow: Int, black: Int) {
            var yellow = 0, black = 0
            for y in Int(origin.y + firstLine.y * scale)...Int(origin.y + firstLine.maxY * scale) {
                for x in Int(origin.x + firstLine.x * scale)...Int(origin.x + firstLine.maxX * scale) {
                    let pixel = screen[x, y]
                    if Picture.distance(pixel, 0xFFFF_E333) <= 8 { yellow += 1 }
                    if Picture.distance(pixel, 0xFF00_0000) <= 0x30 { black += 1 }
                }
            }
            return (yellow, black)
        }
        let marked = lineColours(try session.stillScreen { lineColours($0).yellow > 1000 })
        XCTAssertGreaterThan(marked.yellow, 1000, "the highlight is not drawn before it is saved")
        XCTAssertGreaterThan(marked.black, 300, "the words under the highlight are not black: \(marked)")
        try session.proceed()
        XCTAssertEqual(try session.readLine(), "undone marked.pdf", "Ctrl+Z did not take the highlight back")
        XCTAssertEqual(try session.readLine(), "redone • marked.pdf", "Ctrl+Shift+Z did not make it again")
        try session.proceed()
        XCTAssertEqual(try session.readLine(), "title marked.pdf", "the save did not end, or the title still marks a change")
        XCTAssertTrue(session.errorsSay("saved 1 annotations"))
        try session.proceed()
        XCTAssertEqual(try session.readLine(), "exited 0")

        // qpdf reads one highlight of two quads: the whole first line, and "A café" only.
        XCTAssertTrue(try QPDF.check(file), "qpdf finds the saved file damaged")
        let saved = try QPDF.annotations(in: file)
        XCTAssertEqual(saved.map(\.subtype), ["/Highlight"], "\(saved)")
        let highlight = try XCTUnwrap(saved.first)
        XCTAssertEqual(highlight.page, 0)
        XCTAssertEqual(highlight.contents, "The quick brown fox jumps over the lazy dog.\nA café")
        XCTAssertFalse(highlight.author?.isEmpty ?? true, "no author")
        let rgb = Markup.Colour.yellow.components
        XCTAssertEqual(highlight.colour.count, 3)
        for (read, wanted) in zip(highlight.colour, [rgb.red, rgb.green, rgb.blue]) { XCTAssertEqual(read, wanted, accuracy: 0.01) }
        XCTAssertEqual(highlight.quads.count, 16, "two quads: \(highlight.quads)")
        let height = document.pageSize(at: 0).height
        // Each quad as a rectangle from the page's top-left, as the words' areas are.
        let quads = stride(from: 0, to: highlight.quads.count - 7, by: 8).map { index -> Rect in
            let q = Array(highlight.quads[index..<index + 8])
            let xs = [q[0], q[2], q[4], q[6]], ys = [q[1], q[3], q[5], q[7]].map { height - $0 }
            return Rect(x: xs.min()!, y: ys.min()!, width: xs.max()! - xs.min()!, height: ys.max()! - ys.min()!)
        }
        func covers(_ quad: Rect, _ words: Rect) -> Bool {
            quad.x <= words.x + 1 && quad.maxX >= words.maxX - 1 && quad.y <= words.y + 1 && quad.maxY >= words.maxY - 1
        }
        XCTAssertTrue(covers(quads[0], firstLine), "the first quad \(quads[0]) does not cover the first line \(firstLine)")
        XCTAssertTrue(covers(quads[1], cafe), "the second quad \(quads[1]) does not cover “A café” \(cafe)")
        XCTAssertLessThan(quads[1].maxX, au.x + 0.5, "the second quad \(quads[1]) reaches “au” \(au)")
        XCTAssertLessThan(quads[0].maxY, quads[1].y + 1, "the quads overlap")

        // Opened again, poppler draws the highlight: yellow paper behind the first line.
        try session.proceed()
        XCTAssertEqual(try session.readLine(), "reopened")
        func yellow(_ screen: Picture) -> Int {
            let top = Int(origin.y + firstLine.y * scale), bottom = Int(origin.y + firstLine.maxY * scale)
            let left = Int(origin.x + firstLine.x * scale), right = Int(origin.x + firstLine.maxX * scale)
            var count = 0
            for y in top...bottom { for x in left...right where Picture.distance(screen[x, y], 0xFFFF_E333) <= 16 { count += 1 } }
            return count
        }
        let reopened = try session.stillScreen { yellow($0) > 1000 }
        XCTAssertGreaterThan(yellow(reopened), 1000, "the reopened document does not show the highlight")
        try session.proceed()
        XCTAssertEqual(try session.readLine(), "exited 0")
    }

    /// Closing the window with a highlight not saved asks first: Escape (Cancel) keeps the
    /// window and the highlight; Return (Save, the default) saves it, then closes.
    func testClosingWithUnsavedAnnotationsAsksAndSavesByDefault() throws {
        try QuireRun.requireDisplay()
        let fixtures = try Fixtures()
        let file = fixtures.searchable(named: "closing.pdf")
        let pages = try DocumentSource(path: file).open().pageCount
        let script = Self.opening("closing.pdf") + """
            xdotool windowfocus --sync "$window"
            xdotool key ctrl+a ctrl+h
            echo "title $(title_after "• closing.pdf")"
            xdotool key ctrl+w
            asking
            xdotool key Escape
            gone
            # A close would have gone with the question, in the same turn of the main loop.
            name=$(xdotool getwindowname "$window" 2>/dev/null) && echo "still open $name" || echo closed
            xdotool windowfocus --sync "$window"
            xdotool key ctrl+w
            asking
            xdotool key Return
            ended
            """
        let session = try ScriptedSession(script: script, file: file, shot: fixtures.path("closing.png"))
        XCTAssertEqual(try session.readLine(), "title • closing.pdf")
        XCTAssertEqual(try session.readLine(), "asked", "closing with an unsaved highlight did not ask")
        XCTAssertEqual(try session.readLine(), "still open • closing.pdf", "Cancel did not keep the window and its highlight")
        XCTAssertTrue(try QPDF.annotations(in: file).isEmpty, "something was saved before the reader said so")
        XCTAssertEqual(try session.readLine(), "asked")
        XCTAssertEqual(try session.readLine(), "exited 0")
        let saved = try QPDF.annotations(in: file)
        XCTAssertEqual(saved.count, pages, "one highlight per page of the selection: \(saved)")
        XCTAssertTrue(saved.allSatisfy { $0.subtype == "/Highlight" })
    }

    /// The file replaced on disk while a highlight is not saved: Quire asks instead of
    /// reloading, and Escape keeps the version annotated, highlight and all.
    func testAFileChangedOnDiskWithUnsavedAnnotationsAsksBeforeReloading() throws {
        try QuireRun.requireDisplay()
        let fixtures = try Fixtures()
        let file = fixtures.searchable(named: "changing.pdf")
        let other = fixtures.long(pages: 2, named: "other.pdf")
        let script = Self.opening("changing.pdf") + """
            xdotool windowfocus --sync "$window"
            xdotool key ctrl+a ctrl+h
            echo "title $(title_after "• changing.pdf")"
            cp '\(other)' "$2.new" && mv "$2.new" "$2"
            appears 20 --onlyvisible --name '^Unsaved Changes$' >/dev/null 2>&1 && echo asked || echo "not asked"
            xdotool key Escape
            for i in $(seq 200); do xdotool search --onlyvisible --name '^Unsaved Changes$' >/dev/null 2>&1 || break; sleep 0.05; done
            echo "kept $(xdotool getwindowname "$window") $(xdotool getwindowname "$window" >/dev/null && xdotool search --name '^Unsaved Changes$' | wc -l)"
            read answer
            kill $quire
            """
        let session = try ScriptedSession(script: script, file: file, shot: fixtures.path("changing.png"))
        XCTAssertEqual(try session.readLine(), "title • changing.pdf")
        XCTAssertEqual(try session.readLine(), "asked", "the change on disk did not ask about the unsaved highlight")
        XCTAssertEqual(try session.readLine(), "kept • changing.pdf 0", "keeping the version lost the highlight or left the question open")
        try session.proceed()
    }

    /// A save helper killed once it has written the new file, before it says so: the
    /// original stays byte for byte, no file is left beside it, the reader is told, and
    /// the highlight is still there, unsaved.
    func testASaveKilledMidwayLeavesTheOriginalIntact() throws {
        try QuireRun.requireDisplay()
        let fixtures = try Fixtures()
        let file = fixtures.searchable(named: "interrupted.pdf")
        let original = try Data(contentsOf: URL(fileURLWithPath: file))
        let folder = (file as NSString).deletingLastPathComponent
        let before = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
        let script = Self.opening("interrupted.pdf") + """
            xdotool windowfocus --sync "$window"
            xdotool key ctrl+a ctrl+h
            echo "title $(title_after "• interrupted.pdf")"
            xdotool key ctrl+s
            read answer
            echo "title $(xdotool getwindowname "$window")"
            read answer
            kill $quire
            """
        let session = try ScriptedSession(script: script, file: file, shot: fixtures.path("interrupted.png"), environment: ["QUIRE_HELPER_FAULT": "save-killed"])
        XCTAssertEqual(try session.readLine(), "title • interrupted.pdf")
        XCTAssertTrue(session.errorsSay("the document could not be saved: the process writing the document ended"))
        try session.proceed()
        XCTAssertEqual(try session.readLine(), "title • interrupted.pdf", "the highlight is no longer shown as unsaved")
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: file)), original, "the original changed")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder).sorted().filter { !$0.hasPrefix("interrupted.png") },
                       before, "the save left a file beside the document")
        try session.proceed()
    }

    /// A click on a highlight chooses it and Delete removes it: saved, the file has the
    /// other pages' highlights and none on the first.
    func testAClickedHighlightIsDeletedByTheDeleteKey() throws {
        try QuireRun.requireDisplay()
        let fixtures = try Fixtures()
        let file = fixtures.searchable(named: "deleting.pdf")
        let document = try DocumentSource(path: file).open()
        let firstLine = try areas(of: "The quick brown fox jumps over the lazy dog.", in: document)
        let script = Self.opening("deleting.pdf") + """
            xdotool mousemove 1590 1190
            echo shown
            read answer
            xdotool windowfocus --sync "$window"
            xdotool key ctrl+a ctrl+h
            echo "title $(title_after "• deleting.pdf")"
            xdotool mousemove $answer click 1
            xdotool key Delete ctrl+s
            # Added and removed, it is still a change until saved.
            echo "title $(title_after "deleting.pdf")"
            xdotool key ctrl+q
            ended
            """
        let session = try ScriptedSession(script: script, file: file, shot: fixtures.path("deleting.png"))
        XCTAssertEqual(try session.readLine(), "shown")
        let origin = try pageOrigin(session, document)
        try session.proceed("\(Int(origin.x + (firstLine.x + firstLine.width / 2) * scale)) \(Int(origin.y + firstLine.midY * scale))")
        XCTAssertEqual(try session.readLine(), "title • deleting.pdf")
        XCTAssertEqual(try session.readLine(), "title deleting.pdf", "the save did not end")
        XCTAssertEqual(try session.readLine(), "exited 0")
        XCTAssertTrue(session.errorsSay("saved \(document.pageCount - 1) annotations"), "the clicked highlight was not the one deleted")
        let saved = try QPDF.annotations(in: file)
        XCTAssertEqual(saved.map(\.page), Array(1..<document.pageCount), "\(saved)")
    }

    /// A note attached to a highlight: the highlight's context menu, Edit Note…, and what
    /// is typed in its popover is the highlight's text (/Contents) in the saved file.
    func testANoteAttachedToAHighlightIsSavedAsItsContents() throws {
        try QuireRun.requireDisplay()
        let fixtures = try Fixtures()
        let file = fixtures.searchable(named: "attached.pdf")
        let document = try DocumentSource(path: file).open()
        let firstLine = try areas(of: "The quick brown fox jumps over the lazy dog.", in: document)
        let script = Self.opening("attached.pdf") + """
            xdotool mousemove 1590 1190
            echo shown
            read answer
            xdotool windowfocus --sync "$window"
            xdotool key ctrl+a ctrl+h
            echo "title $(title_after "• attached.pdf")"
            xdotool mousemove $answer click 3
            echo menu
            read answer
            xdotool key Down Down Down Down Down Return
            echo chosen
            read answer
            xdotool type 'See the second proof'
            xdotool key Escape
            echo escaped
            read answer
            xdotool key ctrl+s
            echo "title $(title_after "attached.pdf")"
            xdotool key ctrl+q
            ended
            """
        let session = try ScriptedSession(script: script, file: file, shot: fixtures.path("attached.png"))
        XCTAssertEqual(try session.readLine(), "shown")
        let origin = try pageOrigin(session, document)
        let at = (x: Int(origin.x + (firstLine.x + 40) * scale), y: Int(origin.y + firstLine.midY * scale))
        try session.proceed("\(at.x) \(at.y)")
        XCTAssertEqual(try session.readLine(), "title • attached.pdf")
        XCTAssertEqual(try session.readLine(), "menu")
        // The menu opens on its first colour: five down is Edit Note…, the sixth item.
        // A popover's shadow is black under Xvfb: the menu's below the pointer, the note's
        // editor's beside the highlight's first line.
        func popoverBelow(_ y: Int) -> (Picture) -> Bool { { $0.showsPopover(x: at.x - 200, y: y, width: 500, height: 200) } }
        XCTAssertTrue(popoverBelow(at.y)(try session.screen(until: popoverBelow(at.y))), "the context menu did not open")
        try session.proceed()
        XCTAssertEqual(try session.readLine(), "chosen")
        let noteTop = Int(origin.y + firstLine.maxY * scale)
        XCTAssertTrue(popoverBelow(noteTop)(try session.stillScreen(popoverBelow(noteTop))), "Edit Note… opened no editor")
        try session.proceed()
        XCTAssertEqual(try session.readLine(), "escaped")
        XCTAssertFalse(popoverBelow(noteTop)(try session.screen { !popoverBelow(noteTop)($0) }), "Escape did not close the note's editor")
        try session.proceed()
        XCTAssertEqual(try session.readLine(), "title attached.pdf", "the save did not end")
        XCTAssertEqual(try session.readLine(), "exited 0")
        let first = try XCTUnwrap(try QPDF.annotations(in: file).first { $0.page == 0 })
        XCTAssertEqual(first.subtype, "/Highlight")
        XCTAssertEqual(first.contents, "See the second proof", "the note typed is not the highlight's text")
    }

    /// Ctrl+M places a note where the pointer is and opens it; what is typed is its text
    /// once the popover closes (Escape). Saved, qpdf reads a Text annotation there.
    func testANotePlacedAtThePointerKeepsWhatIsTyped() throws {
        try QuireRun.requireDisplay()
        let fixtures = try Fixtures()
        let file = fixtures.searchable(named: "noted.pdf")
        let document = try DocumentSource(path: file).open()
        let script = Self.opening("noted.pdf") + """
            xdotool mousemove 1590 1190
            echo shown
            read answer
            xdotool windowfocus --sync "$window"
            xdotool mousemove $answer
            xdotool key ctrl+m
            echo "title $(title_after "• noted.pdf")"
            read answer
            xdotool type 'Check this figure'
            xdotool key Escape
            echo escaped
            read answer
            xdotool key ctrl+s
            echo "title $(title_after "noted.pdf")"
            xdotool key ctrl+q
            ended
            """
        let session = try ScriptedSession(script: script, file: file, shot: fixtures.path("noted.png"))
        XCTAssertEqual(try session.readLine(), "shown")
        let origin = try pageOrigin(session, document)
        let place = (x: 480.0, y: 300.0) // points from the page's top-left, in its empty part
        try session.proceed("\(Int(origin.x + place.x * scale)) \(Int(origin.y + place.y * scale))")
        XCTAssertEqual(try session.readLine(), "title • noted.pdf")
        // The popover beside the note: under Xvfb, without a compositor, its shadow is
        // drawn black, on the page's empty paper below the note.
        let below = (x: Int(origin.x + place.x * scale) - 150, y: Int(origin.y + place.y * scale) + 30)
        func popoverShown(_ screen: Picture) -> Bool { screen.showsPopover(x: below.x, y: below.y, width: 300, height: 150) }
        XCTAssertTrue(popoverShown(try session.screen(until: popoverShown)), "the note's popover did not open")
        try session.proceed()
        XCTAssertEqual(try session.readLine(), "escaped")
        XCTAssertFalse(popoverShown(try session.screen { !popoverShown($0) }), "Escape did not close the note's popover")
        try session.proceed()
        XCTAssertEqual(try session.readLine(), "title noted.pdf", "the note was not saved")
        XCTAssertEqual(try session.readLine(), "exited 0")
        let saved = try QPDF.annotations(in: file)
        XCTAssertEqual(saved.map(\.subtype), ["/Text"], "\(saved)")
        let note = try XCTUnwrap(saved.first)
        XCTAssertEqual(note.contents, "Check this figure")
        XCTAssertFalse(note.author?.isEmpty ?? true)
        let height = document.pageSize(at: 0).height
        XCTAssertEqual(note.rect.count, 4)
        XCTAssertEqual(note.rect[0], place.x, accuracy: 1.5, "the note is not where the pointer was: \(note.rect)")
        XCTAssertEqual(note.rect[3], height - place.y, accuracy: 1.5, "the note is not where the pointer was: \(note.rect)")
    }

    /// A read-only file is not replaced: Ctrl+S says so and offers Save As, where the
    /// reader names a copy; the copy gets the highlights and is shown, the original stays.
    func testAReadOnlyFileIsSavedAsACopy() throws {
        try QuireRun.requireDisplay()
        let fixtures = try Fixtures()
        let file = fixtures.searchable(named: "locked.pdf")
        chmod(file, 0o444)
        let original = try Data(contentsOf: URL(fileURLWithPath: file))
        let copy = fixtures.path("copy.pdf")
        let script = Self.opening("locked.pdf") + """
            xdotool windowfocus --sync "$window"
            xdotool key ctrl+a ctrl+h
            echo "title $(title_after "• locked.pdf")"
            xdotool key ctrl+s
            """ + ScriptedSession.answerSaveAs(with: copy) + """
            echo "title $(title_after "copy.pdf")"
            xdotool windowfocus --sync "$window"
            xdotool key ctrl+q
            ended
            """
        let session = try ScriptedSession(script: script, file: file, shot: fixtures.path("locked.png"))
        XCTAssertEqual(try session.readLine(), "title • locked.pdf")
        XCTAssertEqual(try session.readLine(), "chooser shown", "a read-only file did not offer Save As")
        XCTAssertTrue(session.errorsSay("the file is read-only, so Quire does not replace it"))
        XCTAssertEqual(try session.readLine(), "title copy.pdf", "the copy is not shown")
        XCTAssertEqual(try session.readLine(), "exited 0")
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: file)), original, "the read-only original changed")
        let pages = try DocumentSource(path: file).open().pageCount
        XCTAssertEqual(try QPDF.annotations(in: copy).count, pages, "the copy lacks the highlights")
    }
}
