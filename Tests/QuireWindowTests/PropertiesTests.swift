import Fixtures
import Foundation
import PDFWriter
import XCTest

/// Alt+Return in a real window: the Properties dialog opens over the document, its labels
/// (written out through `QUIRE_PROPERTIES_REPORT`) show the document's metadata and fonts,
/// and Escape closes it.
final class PropertiesTests: XCTestCase {
    func testAltReturnShowsThePropertiesAndEscapeClosesThem() throws {
        try QuireRun.requireDisplay()
        let fixtures = try Fixtures()
        let file = fixtures.described(pages: 3, named: "props.pdf")
        let report = fixtures.path("props.txt")
        let title = Fixtures.describedMetadata.first { $0.field == .title }!.value
        let script = "export QUIRE_PROPERTIES_REPORT='\(report)'\n" + ScriptedSession.start(title: title) + """
            xdotool windowfocus --sync "$window"
            xdotool key alt+Return
            dialog=$(timeout 30 xdotool search --sync --onlyvisible --name '^Properties$' | head -1)
            [ -n "$dialog" ] && echo shown || echo "no dialog"
            read answer
            xdotool windowfocus --sync "$dialog"
            xdotool key Escape
            # Wait (10 s at most) for the dialog to go.
            for i in $(seq 100); do xdotool search --onlyvisible --name '^Properties$' > /dev/null || break; sleep 0.1; done
            xdotool search --onlyvisible --name '^Properties$' > /dev/null && echo "still open" || echo closed
            read answer
            kill $quire; wait $quire
            """
        let session = try ScriptedSession(script: script, file: file, shot: fixtures.path("props.png"))
        XCTAssertEqual(try session.readLine(), "shown")

        // The fonts come last, once every page is scanned.
        let lines = ScriptedSession.poll { () -> [String]? in
            guard let text = try? String(contentsOfFile: report, encoding: .utf8) else { return nil }
            let lines = text.split(separator: "\n").map(String.init)
            return lines.contains { $0.hasPrefix("Font: ") } ? lines : nil
        }
        let shown = try XCTUnwrap(lines, "the dialog never listed its fonts")
        for (field, label) in [(PDFWriter.Metadata.title, "Title"), (.author, "Author"), (.subject, "Subject"), (.keywords, "Keywords"), (.creator, "Creator")] {
            let value = Fixtures.describedMetadata.first { $0.field == field }!.value
            XCTAssertTrue(shown.contains("\(label): \(value)"), "no “\(label): \(value)” in \(shown)")
        }
        for line in ["Pages: 3", "Page size: 210 × 297 mm (8.27 × 11.69 in), A4, portrait", "Encrypted: No", "Location: \(file)"] {
            XCTAssertTrue(shown.contains(line), "no “\(line)” in \(shown)")
        }
        XCTAssertTrue(shown.contains { $0.hasPrefix("Created: ") && $0.contains("March 2024") }, "\(shown)")
        XCTAssertEqual(shown.filter { $0.hasPrefix("Font: ") }.count, 1, "\(shown)")
        XCTAssertTrue(shown.contains { $0.hasPrefix("Font: ") && $0.contains("DejaVuSans") && $0.contains("embedded") }, "\(shown)")

        try session.proceed()
        XCTAssertEqual(try session.readLine(), "closed")
    }
}
