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
        let script = "export QUIRE_PROPERTIES_REPORT='\(report)'\n" + ScriptedSession.start(title: title) + Self.showProperties(titled: "Properties") + """
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
        let shown = try XCTUnwrap(Self.reported(in: report) { $0.hasPrefix("Font: ") }, "the dialog never listed its fonts")
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

    /// In a German locale the dialog writes numbers as Germans do: a decimal comma and
    /// points between thousands, as its dates are German already. The locale is made for
    /// the test in its own folder (LOCPATH): the machine may have none but C.UTF-8.
    func testGermanPropertiesWriteGermanNumbers() throws {
        try QuireRun.requireDisplay()
        let fixtures = try Fixtures()
        let file = fixtures.described(pages: 3, named: "eigenschaften.pdf")
        let report = fixtures.path("eigenschaften.txt")
        let locales = fixtures.path("locale")
        try FileManager.default.createDirectory(atPath: locales, withIntermediateDirectories: true)
        let localedef = Process()
        localedef.executableURL = URL(fileURLWithPath: "/usr/bin/localedef")
        localedef.arguments = ["-i", "de_DE", "-f", "UTF-8", locales + "/de_DE.UTF-8"]
        try localedef.run()
        localedef.waitUntilExit()
        try XCTSkipUnless(localedef.terminationStatus == 0, "localedef could not make de_DE.UTF-8 (no glibc locale sources?)")
        let title = Fixtures.describedMetadata.first { $0.field == .title }!.value
        let script = "export QUIRE_PROPERTIES_REPORT='\(report)'\n" + ScriptedSession.start(title: title) + Self.showProperties(titled: "Eigenschaften") + """
            read answer
            kill $quire; wait $quire
            """
        let session = try ScriptedSession(script: script, file: file, shot: fixtures.path("eigenschaften.png"), environment: [
            "LOCPATH": locales, "LANG": "de_DE.UTF-8", "LC_ALL": "", "LC_NUMERIC": "", "LC_MESSAGES": "", "LANGUAGE": "de",
        ])
        XCTAssertEqual(try session.readLine(), "shown")
        let shown = try XCTUnwrap(Self.reported(in: report) { $0.hasPrefix("Dateigröße: ") }, "the German dialog never showed the file size")
        XCTAssertTrue(shown.contains("Seitengröße: 210 × 297 mm (8,27 × 11,69 Zoll), A4, Hochformat"), "\(shown)")
        let bytes = try XCTUnwrap(FileManager.default.attributesOfItem(atPath: file)[.size] as? Int)
        XCTAssert((1000..<1_000_000).contains(bytes), "the fixture is \(bytes) bytes: the expected size below reads kB")
        let tenths = Int((Double(bytes) / 100).rounded())
        let expected = "Dateigröße: \(tenths / 10),\(tenths % 10) kB (\(bytes / 1000).\(String(format: "%03d", bytes % 1000)) Bytes)"
        XCTAssertTrue(shown.contains(expected), "no “\(expected)” in \(shown)")
        try session.proceed()
    }

    /// Script lines: Alt+Return in $window, then "shown" once a window titled `title` is
    /// up (30 s at most; its id in $dialog), else "no dialog".
    private static func showProperties(titled title: String) -> String {
        """
        xdotool windowfocus --sync "$window"
        xdotool key alt+Return
        dialog=$(appears 30 --onlyvisible --name '^\(title)$' | head -1)
        [ -n "$dialog" ] && echo shown || echo "no dialog"

        """
    }

    /// The lines of the dialog's report once one of them is `wanted` (30 s at most).
    private static func reported(in report: String, until wanted: (String) -> Bool) -> [String]? {
        ScriptedSession.poll { () -> [String]? in
            guard let text = try? String(contentsOfFile: report, encoding: .utf8) else { return nil }
            let lines = text.split(separator: "\n").map(String.init)
            return lines.contains(where: wanted) ? lines : nil
        }
    }
}
