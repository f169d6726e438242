import Fixtures
import Foundation
import QuireDocument
import XCTest

/// Ctrl+P in a real window, printing to a file through GtkPrintOperation's export (the
/// `QUIRE_PRINT_TO_FILE` hook: no dialog), the result read back with poppler.
final class PrintTests: XCTestCase {
    private var fixtures: Fixtures!
    override func setUpWithError() throws { fixtures = try Fixtures() }
    override func tearDown() { fixtures = nil }

    /// Presses Ctrl+P in a window on `file` and returns the printed document.
    private func printWithCtrlP(_ file: String, title: String, pages: String?) throws -> Document {
        try QuireRun.requireDisplay()
        let output = fixtures.path("printed.pdf")
        var script = "export QUIRE_PRINT_TO_FILE='\(output)'\n"
        if let pages { script += "export QUIRE_PRINT_PAGES='\(pages)'\n" }
        script += ScriptedSession.start(title: title) + """
            xdotool windowfocus --sync "$window"
            xdotool key ctrl+p
            echo pressed
            read answer
            kill $quire; wait $quire
            """
        let session = try ScriptedSession(script: script, file: file, shot: fixtures.path("print.png"))
        XCTAssertEqual(try session.readLine(), "pressed")
        // The file appears, complete, when printing ends.
        let printed = ScriptedSession.poll { FileManager.default.fileExists(atPath: output) ? true : nil }
        XCTAssertEqual(printed, true, "nothing was printed to \(output)")
        return try DocumentSource(path: output).open()
    }

    func testCtrlPPrintsOnlyTheChosenPages() throws {
        let file = fixtures.long(pages: 5, named: "five.pdf")
        let printed = try printWithCtrlP(file, title: "five.pdf", pages: "2-3")
        XCTAssertEqual(printed.pageCount, 2)
        XCTAssertEqual(printed.text(at: 0).trimmingCharacters(in: .whitespacesAndNewlines), "Long page 2")
        XCTAssertEqual(printed.text(at: 1).trimmingCharacters(in: .whitespacesAndNewlines), "Long page 3")
    }

    func testWithoutARangeEveryPageIsPrintedOnItsOwnSheet() throws {
        let file = fixtures.standard(named: "all.pdf", links: false)
        let printed = try printWithCtrlP(file, title: Fixtures.standardTitle, pages: nil)
        XCTAssertEqual(printed.pageCount, Fixtures.standardSizes.count)
        for (page, size) in Fixtures.standardSizes.enumerated() {
            XCTAssertTrue(printed.text(at: page).contains(Fixtures.standardText(page: page)), "page \(page + 1): \(printed.text(at: page))")
            // A landscape page is printed on a landscape sheet.
            let sheet = printed.pageSize(at: page)
            XCTAssertEqual(sheet.width > sheet.height, size.width > size.height, "page \(page + 1) is on a \(sheet) sheet")
        }
    }
}
