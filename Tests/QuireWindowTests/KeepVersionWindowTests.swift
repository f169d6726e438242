import Fixtures
import Foundation
import QuireEngine
import XCTest

/// Annotate, another program changes the file, "Keep This Version", save: what is saved is
/// the document the reader saw with their highlight, read back by qpdf and mutool, never
/// the other document with the highlight grafted onto it.
final class KeepVersionWindowTests: XCTestCase {
    private var fixtures: Fixtures!
    override func setUpWithError() throws { fixtures = try Fixtures() }
    override func tearDown() { fixtures = nil }

    /// The journey, with the file changed by `change` (shell lines; $2 is the file).
    private func keepThenSave(changing change: String, name: String) throws -> (file: String, errors: String, reference: [MuPDF.Page]) {
        try QuireRun.requireDisplay()
        let file = fixtures.searchable(named: name)
        let other = fixtures.long(pages: 2, named: "other-\(name)")
        let script = ScriptedSession.opening(name) + """
            xdotool windowfocus --sync "$window"
            xdotool key ctrl+a ctrl+h
            echo "title $(title_after "• \(name)")"
            \(change.replacingOccurrences(of: "OTHER", with: "'\(other)'"))
            appears 20 --onlyvisible --name '^Unsaved Changes$' >/dev/null 2>&1 && echo asked || echo "not asked"
            xdotool key Escape
            for i in $(seq 200); do xdotool search --onlyvisible --name '^Unsaved Changes$' >/dev/null 2>&1 || break; sleep 0.05; done
            xdotool windowfocus --sync "$window"
            xdotool key ctrl+s
            echo "saved $(title_after "\(name)")"
            xdotool key ctrl+q
            ended
            """
        let session = try ScriptedSession(script: script, file: file, shot: fixtures.path("keep.png"))
        XCTAssertEqual(try session.readLine(), "title • \(name)")
        XCTAssertEqual(try session.readLine(), "asked", "the change on disk did not ask about the unsaved highlight")
        XCTAssertEqual(try session.readLine(), "saved \(name)", "Ctrl+S after keeping the version did not save it")
        XCTAssertEqual(try session.readLine(), "exited 0")
        return (file, try String(contentsOfFile: session.errors, encoding: .utf8), try MuPDF.pages(in: fixtures.searchable(named: "reference.pdf")))
    }

    /// What is on disk is the searchable fixture (its pages and words) with highlights, sound.
    private func assertSavedIsTheVersionSeen(_ file: String, _ errors: String, _ original: [MuPDF.Page]) throws {
        XCTAssertTrue(try QPDF.check(file), "the saved file is damaged")
        let saved = try MuPDF.pages(in: file)
        XCTAssertEqual(saved.count, original.count, "the saved file has the other document's pages")
        XCTAssertEqual(saved.first?.lines.map(\.text), original.first?.lines.map(\.text), "the saved file has the other document's words")
        let highlights = try QPDF.annotations(in: file)
        XCTAssertFalse(highlights.isEmpty, "the highlight was not saved")
        XCTAssertTrue(highlights.allSatisfy { $0.subtype == "/Highlight" }, "\(highlights)")
        XCTAssertTrue(errors.contains("saved "), errors)
    }

    /// `cp` over the file writes into the same inode: the window's descriptor reads the
    /// other document from then on (what issue 44 saw grafted).
    func testKeepingTheVersionOverAFileRewrittenInPlaceSavesThatVersion() throws {
        let (file, errors, original) = try keepThenSave(changing: "cp OTHER \"$2\"", name: "rewritten.pdf")
        try assertSavedIsTheVersionSeen(file, errors, original)
    }

    /// A file replaced whole (a new inode, as editors and LaTeX write): the window's
    /// descriptor still reads the version seen.
    func testKeepingTheVersionOverAFileReplacedWholeSavesThatVersion() throws {
        let (file, errors, original) = try keepThenSave(changing: "cp OTHER \"$2.new\" && mv \"$2.new\" \"$2\"", name: "replaced.pdf")
        try assertSavedIsTheVersionSeen(file, errors, original)
    }
}
