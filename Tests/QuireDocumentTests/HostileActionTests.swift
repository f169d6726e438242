import Fixtures
import Foundation
import QuireEngine
import XCTest
@testable import QuireDocument

/// A hand-written PDF whose links ask to launch a program, run JavaScript, open a local
/// file and go to a web page. Its cross-reference table is deliberately absent: poppler
/// rebuilds it. Each link is read for what it is, and only the web page would be opened.
final class HostileActionTests: XCTestCase {
    private static let hostile = """
        %PDF-1.4
        1 0 obj << /Type /Catalog /Pages 2 0 R /OpenAction 9 0 R >> endobj
        2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj
        3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Annots [4 0 R 5 0 R 6 0 R 7 0 R] >> endobj
        4 0 obj << /Type /Annot /Subtype /Link /Rect [72 700 200 720] /A << /S /Launch /F (calc.exe) >> >> endobj
        5 0 obj << /Type /Annot /Subtype /Link /Rect [72 650 200 670] /A << /S /JavaScript /JS (app.alert\\(1\\)) >> >> endobj
        6 0 obj << /Type /Annot /Subtype /Link /Rect [72 600 200 620] /A << /S /URI /URI (file:///etc/passwd) >> >> endobj
        7 0 obj << /Type /Annot /Subtype /Link /Rect [72 550 200 570] /A << /S /URI /URI (https://example.com/) >> >> endobj
        9 0 obj << /S /JavaScript /JS (app.launchURL\\("https://evil.example"\\)) >> endobj
        trailer << /Root 1 0 R >>
        %%EOF
        """

    func testLaunchJavaScriptAndLocalFilesAreRefusedOnlyTheWebOpens() throws {
        let fixtures = try Fixtures()
        let file = fixtures.path("hostile-actions.pdf")
        FileManager.default.createFile(atPath: file, contents: Data(Self.hostile.utf8))
        let document = try DocumentSource(path: file).open()
        let links = document.links(at: 0).sorted { $0.area.y < $1.area.y } // top first
        XCTAssertEqual(links.count, 4)
        XCTAssertEqual(links.map(\.target), [
            .launch("calc.exe"),
            .unsupported("action type \(links[1].target.unsupportedCode ?? -1)"),
            .uri("file:///etc/passwd"),
            .uri("https://example.com/"),
        ])
        let actions = links.map(\.target.action)
        guard case .refuse(let launch) = actions[0], case .refuse = actions[1], case .refuse(let local) = actions[2] else {
            return XCTFail("\(actions)")
        }
        XCTAssertTrue(launch.contains("calc.exe") && launch.contains("never runs"), launch)
        XCTAssertTrue(local.contains("file:"), local)
        XCTAssertEqual(actions[3], .open("https://example.com/"))
        // Opening the document ran nothing: Quire has no JavaScript engine, and the
        // /OpenAction is never read.
    }
}

extension LinkTarget {
    var unsupportedCode: Int? {
        guard case .unsupported(let what) = self, let code = what.split(separator: " ").last else { return nil }
        return Int(code)
    }
}
