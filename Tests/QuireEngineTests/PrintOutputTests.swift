import QuireEngine
import XCTest

final class PrintOutputTests: XCTestCase {
    func testTheOfferIsTheDocumentsNameWithoutItsExtension() {
        XCTAssertEqual(PrintOutput.basename(documentName: "Annual Report.PDF", sourcePath: "/tmp/Annual Report.PDF", folder: "/home/a/Documents"),
                       "Annual Report")
    }

    func testTheDocumentItselfIsNeverOffered() {
        XCTAssertEqual(PrintOutput.basename(documentName: "paper.pdf", sourcePath: "/home/a/Documents/paper.pdf", folder: "/home/a/Documents/"),
                       "paper (printed)")
    }

    func testANameWithoutAStemStillNamesAFile() {
        XCTAssertEqual(PrintOutput.basename(documentName: ".pdf", sourcePath: nil, folder: "/d"), "Document")
        XCTAssertEqual(PrintOutput.basename(documentName: "", sourcePath: nil, folder: "/d"), "Document")
    }
}
