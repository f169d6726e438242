import Fixtures
import Foundation
import QuireDocument
import QuireEngine
import XCTest

/// SyncTeX in a real window, on a PDF with a hand-written SyncTeX file beside it
/// (`Fixtures.syncTeX`): a forward search from a second `quire` reaches the running one
/// over the session bus, and its window shows the line, marked in green over the text;
/// a Ctrl+click runs the editor command remembered from an earlier launch.
final class SyncTeXWindowTests: XCTestCase {
    private let scale = 96.0 / 72

    /// A script's start with a session bus of its own, so that the Quire started first is
    /// the running one the others hand their command lines to.
    private static let sessionBus = TestEnvironment.ownSessionBus + """
        cd "$(dirname "$2")"

        """

    /// Quire on `file` (titled `title`) in a 1000 × 900 window at 100 %, with a config
    /// folder of its own: the script says "shown" once the window is, waits, runs `steps`,
    /// and ends Quire.
    private func session(_ file: String, title: String, arguments: String = "", before: String = "", steps: String,
                         in fixtures: Fixtures) throws -> ScriptedSession {
        let script = before + ScriptedSession.start(title: title, arguments: "--size 1000x900 --zoom 100 " + arguments) + """
            xdotool mousemove 1590 1190
            echo shown
            read answer
            \(steps)
            kill $quire; wait $quire
            """
        let session = try ScriptedSession(script: script, file: file, shot: fixtures.path(title + ".png"),
                                          environment: ["XDG_CONFIG_HOME": fixtures.path("config")])
        XCTAssertEqual(try session.readLine(), "shown")
        return session
    }

    /// The green mark over the view: the bounds of pixels tinted green (the mark is drawn
    /// over black text and white paper, fading; nothing else in the window is green).
    private static func mark(in screen: Picture) -> (x: Int, y: Int, width: Int, height: Int)? {
        var minX = Int.max, minY = Int.max, maxX = -1, maxY = -1
        for y in stride(from: 0, to: min(screen.height, 950), by: 1) {
            for x in stride(from: 0, to: min(screen.width, 1050), by: 2) {
                let pixel = screen[x, y]
                let red = Int((pixel >> 16) & 0xFF), green = Int((pixel >> 8) & 0xFF), blue = Int(pixel & 0xFF)
                guard green - red > 25, green - blue > 15 else { continue }
                minX = min(minX, x); maxX = max(maxX, x); minY = min(minY, y); maxY = max(maxY, y)
            }
        }
        return maxX < 0 ? nil : (minX, minY, maxX - minX + 1, maxY - minY + 1)
    }

    /// Whether the lines just above `mark` show `page`'s lines above `line`, as poppler draws them.
    private func marksLine(_ line: Int, of page: Int, in document: Document, _ screen: Picture,
                           at mark: (x: Int, y: Int, width: Int, height: Int)) throws -> Bool {
        let box = Fixtures.syncTeXBox
        let top = Fixtures.syncTeXBaseline(line: line) - box.height
        let rendered = Picture(try document.render(page: page, scale: scale))
        // From 38 points above the mark's top to 4 above: the line before it, whole.
        let above = rendered.cropped(x: Int((box.x - 12) * scale), y: Int((top - 38) * scale), width: Int(320 * scale), height: Int(34 * scale))
        let x = mark.x + 2 - Int(12 * scale), y = mark.y + 2 - Int(38 * scale)
        return screen.bestMatch(of: above, xs: (x - 4)...(x + 4), ys: (y - 4)...(y + 4)).mismatch <= 0.01
    }

    func testAForwardSearchMovesTheRunningQuiresWindowAndMarksTheLine() throws {
        try QuireRun.requireDisplay()
        let fixtures = try Fixtures()
        let (pdf, _) = try fixtures.syncTeX()
        let document = try DocumentSource(path: pdf).open()
        let session = try session(pdf, title: "thesis.pdf", before: Self.sessionBus, steps: """
            timeout 20 "$1" --synctex-forward "$answer" thesis.pdf; echo "forward exited $?"
            read answer
            timeout 20 "$1" --synctex-forward "$answer" thesis.pdf; echo "forward exited $?"
            read answer
            echo "windows $(xdotool search --onlyvisible --name '^thesis\\.pdf$' | wc -l), quires $(pgrep -c -P $$ -x quire)"
            read answer
            """, in: fixtures)
        _ = try session.pageOrigin(of: document)

        // Page 3's twelfth line, relative to the folder the command is typed in.
        try session.proceed("\(Fixtures.syncTeXSourceLine(page: 2, line: 11)):0:thesis.tex")
        XCTAssertEqual(try session.readLine(), "forward exited 0")
        let marked = try session.stillScreen { Self.mark(in: $0) != nil }
        let mark = try XCTUnwrap(Self.mark(in: marked), "no mark on screen after the forward search")
        // 300 × 13 points at 100 %, and a 2-pixel margin all round.
        XCTAssertEqual(Double(mark.width), 300 * scale + 4, accuracy: 3)
        XCTAssertEqual(Double(mark.height), 13 * scale + 4, accuracy: 3)
        XCTAssertTrue(try marksLine(11, of: 2, in: document, marked, at: mark), "the mark is not on page 3's twelfth line")
        let faded = try session.screen { Self.mark(in: $0) == nil }
        XCTAssertNil(Self.mark(in: faded), "the mark did not fade away")

        // A second search, to page 1: the same window moves there.
        try session.proceed("\(Fixtures.syncTeXSourceLine(page: 0, line: 2)):-1:\(fixtures.path("thesis.tex"))")
        XCTAssertEqual(try session.readLine(), "forward exited 0")
        let again = try session.stillScreen { Self.mark(in: $0) != nil }
        let second = try XCTUnwrap(Self.mark(in: again), "no mark after the second forward search")
        XCTAssertTrue(try marksLine(2, of: 0, in: document, again, at: second), "the mark is not on page 1's third line")
        try session.proceed()
        XCTAssertEqual(try session.readLine(), "windows 1, quires 1")
        try session.proceed()
    }

    func testWithoutARunningQuireAForwardSearchOpensItsDocumentThere() throws {
        try QuireRun.requireDisplay()
        let fixtures = try Fixtures()
        let (pdf, source) = try fixtures.syncTeX(compressed: false)
        let document = try DocumentSource(path: pdf).open()
        let position = "\(Fixtures.syncTeXSourceLine(page: 1, line: 17)):0:\(source)"
        let session = try session(pdf, title: "thesis.pdf", arguments: "--synctex-forward '\(position)'", steps: "", in: fixtures)
        let marked = try session.stillScreen { Self.mark(in: $0) != nil }
        let mark = try XCTUnwrap(Self.mark(in: marked), "no mark in the window the forward search opened")
        XCTAssertTrue(try marksLine(17, of: 1, in: document, marked, at: mark), "the mark is not on page 2's eighteenth line")
        try session.proceed()
    }

    func testCtrlClickRunsTheRememberedEditorCommandAtTheLineClicked() throws {
        try QuireRun.requireDisplay()
        let fixtures = try Fixtures()
        let (pdf, source) = try fixtures.syncTeX()
        let document = try DocumentSource(path: pdf).open()
        // The "editor": a script (with a blank in its name) that writes its arguments down.
        let editor = fixtures.path("an editor.sh"), written = fixtures.path("editor-arguments.txt")
        try "#!/bin/sh\nprintf '%s\\n' \"$@\" > '\(written).part' && mv '\(written).part' '\(written)'\n"
            .write(toFile: editor, atomically: true, encoding: .utf8)
        chmod(editor, 0o755)
        let config = ["XDG_CONFIG_HOME": fixtures.path("config")]
        // Given once, to a launch that ends: the window's launch has no such option.
        let given = try QuireRun.run(["--synctex-editor-command", "'\(editor)' +%{line} %{input} col=%{column}",
                                      "--snapshot", fixtures.path("given.png"), pdf], environment: config)
        XCTAssertEqual(given.status, 0, given.standardError)

        let session = try session(pdf, title: "thesis.pdf", steps: """
            xdotool mousemove $answer keydown ctrl click 1 keyup ctrl
            xdotool mousemove 1590 1190
            echo clicked
            read answer
            """, in: fixtures)
        let origin = try session.pageOrigin(of: document)
        // Page 1's sixth line, in the middle of its words.
        let point = (x: Int(origin.x + 110 * scale), y: Int(origin.y + (Fixtures.syncTeXBaseline(line: 5) - 4) * scale))
        try session.proceed("\(point.x) \(point.y)")
        XCTAssertEqual(try session.readLine(), "clicked")
        let arguments = ScriptedSession.poll { try? String(contentsOfFile: written, encoding: .utf8) }
        XCTAssertEqual(arguments, "+\(Fixtures.syncTeXSourceLine(page: 0, line: 5))\n\(source)\ncol=0\n")
        try session.proceed()
    }

    func testWithoutASyncTeXFileACtrlClickSaysSo() throws {
        try QuireRun.requireDisplay()
        let fixtures = try Fixtures()
        let pdf = fixtures.long(pages: 2, named: "plain.pdf")
        try EditorCommandSetting(directory: fixtures.path("config/quire")).write("true %{input}")
        let session = try session(pdf, title: "plain.pdf", steps: """
            xdotool mousemove 400 300 keydown ctrl click 1 keyup ctrl
            echo clicked
            read answer
            """, in: fixtures)
        _ = try session.stillScreen()
        try session.proceed()
        XCTAssertEqual(try session.readLine(), "clicked")
        XCTAssertTrue(session.errorsSay("There is no SyncTeX file beside this document (plain.synctex.gz or plain.synctex)"))
        try session.proceed()
    }
}
