import XCTest
@testable import QuireEngine

/// The question before unsaved annotations are lost names the file, says where it is, and
/// gives the document's title when it is not the file's name.
final class UnsavedQuestionTests: XCTestCase {
    func testTheHeadingNamesTheFileAndTheDetailItsTitleAndFolder() {
        let question = UnsavedQuestion(source: DocumentSource(path: "/home/ada/papers/annot3.pdf"), title: "Annotated PDF")
        XCTAssertEqual(question.heading, "Save your annotations to “annot3.pdf”?")
        XCTAssertEqual(question.detail, "Your highlights and other annotations on “Annotated PDF” are not saved yet. "
            + "If you do not save them, they are lost. The file is in /home/ada/papers.")
    }

    func testTwoCopiesOfOneDocumentAreToldApart() {
        let first = UnsavedQuestion(source: DocumentSource(path: "/tmp/a/report.pdf"), title: "Report")
        XCTAssertNotEqual(first, UnsavedQuestion(source: DocumentSource(path: "/tmp/a/report-copy.pdf"), title: "Report"))
        XCTAssertNotEqual(first, UnsavedQuestion(source: DocumentSource(path: "/tmp/b/report.pdf"), title: "Report"), "by their folders")
    }

    func testATitleThatIsTheNameOrBlankIsNotRepeated() {
        for title in [nil, "", "  ", "notes.pdf"] {
            let question = UnsavedQuestion(source: DocumentSource(path: "/notes.pdf"), title: title)
            XCTAssertEqual(question.detail, "Your highlights and other annotations are not saved yet. If you do not save them, they are lost. The file is in /.",
                           "\(String(describing: title))")
        }
    }

    func testADocumentFromElsewhereSaysWhereItCameFrom() {
        let question = UnsavedQuestion(source: DocumentSource(location: .remote(uri: "https://example.com/a.pdf")), title: nil)
        XCTAssertEqual(question.heading, "Save your annotations to “a.pdf”?")
        XCTAssertTrue(question.detail.hasSuffix("The document comes from https://example.com/a.pdf."), question.detail)
    }
}
