import XCTest
@testable import QuireEngine

/// A window's document as it opens, fails, asks for its password and is read again.
final class DocumentSessionTests: XCTestCase {
    private let paper = DocumentSource(path: "/home/reader/paper.pdf")
    private let kept = ViewStart.Kept(state: nil, search: "fox", match: nil)

    /// The effects as words, so that a test reads as what the window does.
    private func said(_ effects: [DocumentSession.Effect]) -> [String] {
        effects.map { effect in
            switch effect {
            case .startOpening(let source, let ticket): "start \(source.displayName)\(source.password.map { " with " + $0 } ?? "") #\(ticket)"
            case .cancelOpening: "cancel"
            case .showOpening(let title): "opening \(title)"
            case .showWelcome: "welcome"
            case .showPassword(let error): "password: \(error.title)"
            case .showError(let error): "error: \(error.title)"
            case .load(let source, let kept): "load \(source.displayName)\(kept == nil ? "" : " keeping the view")"
            case .addRecent(let path): "recent \(path)"
            case .watch(let path): "watch \(path ?? "nothing")"
            case .notice(let text): "notice: \(text)"
            }
        }
    }

    func testAFileOpensThenJoinsTheRecentFilesAndIsWatched() {
        var session = DocumentSession()
        XCTAssertTrue(session.isEmpty)
        XCTAssertEqual(said(session.open(paper)), ["opening paper.pdf", "start paper.pdf #1"])
        XCTAssertEqual(session.phase, .opening)
        XCTAssertFalse(session.isEmpty)
        XCTAssertEqual(said(session.opened(ticket: 1)), ["load paper.pdf", "recent /home/reader/paper.pdf", "watch /home/reader/paper.pdf"])
        XCTAssertEqual(session.phase, .document)
        XCTAssertEqual(session.shown?.displayPath, "/home/reader/paper.pdf")
    }

    func testAReloadKeepsTheViewAndIsNotARecentOpening() {
        var session = DocumentSession()
        _ = session.open(paper)
        _ = session.opened(ticket: 1)
        XCTAssertEqual(said(session.reload(keeping: kept)), ["start paper.pdf #2"], "the document stays shown while it is read again")
        XCTAssertEqual(session.phase, .document)
        XCTAssertEqual(said(session.opened(ticket: 2)), ["load paper.pdf keeping the view"], "no recent files, the same watch")
    }

    func testAVersionThatCannotBeOpenedLeavesTheShownOneWithANotice() {
        var session = DocumentSession()
        _ = session.open(paper)
        _ = session.opened(ticket: 1)
        _ = session.reload(keeping: kept)
        let effects = session.failed(.damaged(path: paper.displayPath, detail: "truncated"), ticket: 2)
        XCTAssertEqual(said(effects), ["notice: The document is damaged. Still showing the version opened before; it will be read again when the file changes."])
        XCTAssertEqual(session.phase, .document)
        XCTAssertEqual(said(session.reload(keeping: kept)), ["start paper.pdf #3"], "the next change is read again")
    }

    func testAnOutcomeOfAReplacedOpeningChangesNothing() {
        var session = DocumentSession()
        _ = session.open(paper)
        _ = session.opened(ticket: 1)
        _ = session.reload(keeping: kept)
        _ = session.reload(keeping: kept)
        XCTAssertEqual(said(session.failed(.damaged(path: paper.displayPath, detail: "half"), ticket: 2)), [])
        XCTAssertEqual(said(session.opened(ticket: 2)), [])
        XCTAssertEqual(said(session.opened(ticket: 3)), ["load paper.pdf keeping the view"])
        XCTAssertEqual(said(session.opened(ticket: 3)), [], "an outcome counts once")
    }

    func testAFileThatCannotBeOpenedIsShownAsAnErrorWatchedAndTriedAgain() {
        var session = DocumentSession()
        _ = session.open(paper)
        let error = DocumentError.damaged(path: paper.displayPath, detail: "no trailer")
        XCTAssertEqual(said(session.failed(error, ticket: 1)), ["error: The document is damaged", "watch /home/reader/paper.pdf"])
        XCTAssertEqual(session.phase, .failed(error))
        XCTAssertTrue(session.isEmpty, "another document may take the window")
        XCTAssertTrue(session.canRetry)
        XCTAssertEqual(said(session.reload(keeping: nil)), ["opening paper.pdf", "start paper.pdf #2"], "Ctrl+R or the file changing tries again")
        XCTAssertEqual(said(session.failed(error, ticket: 2)), ["error: The document is damaged"], "still watched")
        _ = session.reload(keeping: nil)
        XCTAssertEqual(said(session.opened(ticket: 3)), ["load paper.pdf", "recent /home/reader/paper.pdf"])
    }

    func testAPasswordIsCheckedUnderItsPromptAndAWrongOneAsksAgain() {
        var session = DocumentSession()
        _ = session.open(paper)
        XCTAssertEqual(said(session.failed(.needsPassword(path: paper.displayPath), ticket: 1)), ["password: This document is locked"])
        XCTAssertEqual(said(session.reload(keeping: nil)), [], "a prompt waits for the password")
        XCTAssertEqual(said(session.passwordTyped("wrong")), ["start paper.pdf with wrong #2"], "checked under the prompt")
        XCTAssertEqual(said(session.passwordTyped("again")), [], "not while a check runs")
        XCTAssertEqual(said(session.failed(.wrongPassword(path: paper.displayPath), ticket: 2)), ["password: The password is incorrect"])
        XCTAssertEqual(said(session.passwordTyped("right")), ["start paper.pdf with right #3"])
        XCTAssertEqual(said(session.opened(ticket: 3)), ["load paper.pdf", "recent /home/reader/paper.pdf", "watch /home/reader/paper.pdf"])
        XCTAssertEqual(session.shown?.password, "right", "a reload opens with the password that worked")
    }

    func testEscapeGivesUpAnOpeningOrAPromptButNotADocument() {
        var session = DocumentSession()
        XCTAssertNil(session.giveUp(), "nothing to give up")
        _ = session.open(paper)
        XCTAssertEqual(session.giveUp().map(said), ["cancel", "welcome"])
        XCTAssertEqual(said(session.opened(ticket: 1)), [], "the given-up opening's outcome is dropped")
        XCTAssertEqual(session.phase, .welcome)

        _ = session.open(paper)
        _ = session.failed(.needsPassword(path: paper.displayPath), ticket: 2)
        _ = session.passwordTyped("slow")
        XCTAssertEqual(session.giveUp().map(said), ["cancel", "welcome"])
        XCTAssertEqual(said(session.passwordTyped("late")), [], "no prompt any more")

        _ = session.open(paper)
        _ = session.opened(ticket: 4)
        _ = session.reload(keeping: kept)
        XCTAssertNil(session.giveUp(), "Escape over a document does not stop its reload")
    }

    func testANameThatIsNoSourceIsAnErrorThatCannotBeRetried() {
        var session = DocumentSession()
        let error = DocumentError.unsupportedLocation(uri: "gopher://x", detail: "no")
        XCTAssertEqual(said(session.cannotOpen(error)), ["error: The location cannot be opened"])
        XCTAssertFalse(session.canRetry)
        XCTAssertEqual(said(session.reload(keeping: nil)), [])
    }

    func testADeletedFileLeavesTheDocumentWithANotice() {
        var session = DocumentSession()
        XCTAssertEqual(said(session.fileDeleted()), [])
        _ = session.open(paper)
        _ = session.opened(ticket: 1)
        XCTAssertEqual(said(session.fileDeleted()), ["notice: “paper.pdf” was deleted or moved. Still showing the version opened before."])
        XCTAssertEqual(session.phase, .document)
    }

    func testADocumentThatIsNotALocalFileIsNotWatchedNorRecent() {
        var session = DocumentSession()
        _ = session.open(paper)
        _ = session.opened(ticket: 1)
        let remote = DocumentSource(location: .remote(uri: "https://example.org/a.pdf"))
        _ = session.open(remote)
        XCTAssertEqual(said(session.opened(ticket: 2)), ["load a.pdf", "watch nothing"])
    }
}
