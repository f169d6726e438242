import Fixtures
import Foundation
import QuireEngine
import QuireDocument
import XCTest

/// Every bad input shows its error in the window, says it on stderr, and never crashes.
final class BadInputWindowTests: XCTestCase {
    private var fixtures: Fixtures!
    override func setUpWithError() throws { fixtures = try Fixtures() }
    override func tearDown() { fixtures = nil }

    private func expectedError(_ path: String, password: String? = nil) -> DocumentError? {
        do {
            _ = try DocumentSource(path: path, password: password).open()
            return nil
        } catch { return error }
    }

    /// Runs a snapshot that must fail with `error`; checks status, stderr and the saved window.
    private func assertShowsError(_ path: String, _ error: DocumentError, environment: [String: String] = [:],
                                  file: StaticString = #filePath, line: UInt = #line) throws {
        let output = fixtures.path("error-\(UUID().uuidString).png")
        let run = try QuireRun.run(["--snapshot", output, "--size", "640x480", path], environment: environment)
        XCTAssertFalse(run.crashed, "quire crashed on \(path)", file: file, line: line)
        XCTAssertEqual(run.status, 2, run.standardError, file: file, line: line)
        XCTAssertTrue(run.standardError.contains(error.title), "stderr: \(run.standardError)", file: file, line: line)
        XCTAssertTrue(run.standardError.contains(path), "stderr names the file: \(run.standardError)", file: file, line: line)
        // Status 2 comes from the window's error state; the saved window proves it was on screen.
        XCTAssertEqual(try Picture(png: output).width, 640, file: file, line: line)
    }

    /// A location that is not a local file is read through GIO on the opening's thread,
    /// copied into a memfd and read by a helper like any file: GTK's own resources are
    /// such a location here, and a stylesheet among them is no PDF.
    /// A display that cannot be opened ends Quire with GTK's words and status 1, with a
    /// file or without, and whether or not the user named a GTK theme (Quire starts GTK
    /// itself unless they did: `GtkStart`).
    func testADisplayThatCannotBeOpenedIsSaidNotCrashedOn() throws {
        let fixtures = try Fixtures()
        let file = fixtures.standard(named: "nodisplay.pdf")
        for (arguments, theme) in [([file], nil), ([], nil), ([file], "Adwaita")] as [([String], String?)] {
            var environment = ["DISPLAY": ":9876", "WAYLAND_DISPLAY": "", "GDK_BACKEND": "x11"]
            environment["GTK_THEME"] = theme
            let run = try QuireRun.run(arguments, environment: environment)
            XCTAssertFalse(run.crashed, "\(arguments) \(theme ?? "")")
            XCTAssertEqual(run.status, 1, "\(arguments) \(theme ?? "")")
            XCTAssertTrue(run.standardError.contains("cannot open display: :9876"), run.standardError)
        }
    }

    func testALocationThatIsNotALocalFileIsLoadedAndChecked() throws {
        let uri = "resource:///org/gtk/libgtk/inspector/inspector.css"
        try assertShowsError(uri, .notAPDF(path: uri))
        let missing = "resource:///org/quire/no-such-document.pdf"
        try assertShowsError(missing, .unsupportedLocation(uri: missing, detail: ""))
    }

    func testEachBadInputShowsItsError() throws {
        for kind in Fixtures.Bad.allCases {
            let path = try fixtures.bad(kind)
            guard let error = expectedError(path) else {
                continue // poppler recovered this truncation; the snapshot test covers good files
            }
            try assertShowsError(path, error)
        }
    }

    func testEncryptedDocumentAsksForItsPassword() throws {
        let path = try fixtures.encrypted(password: "s3cret")
        try assertShowsError(path, .needsPassword(path: path))
        try assertShowsError(path, .wrongPassword(path: path), environment: ["QUIRE_PASSWORD": "nope"])
        let output = fixtures.path("unlocked.png")
        let run = try QuireRun.run(["--snapshot", output, "--size", "640x480", path], environment: ["QUIRE_PASSWORD": "s3cret"])
        XCTAssertEqual(run.status, 0, run.standardError)
        XCTAssertNotNil(try Picture(png: output).bounds(of: 0xFFCC_3333), "the unlocked page shows its red box")
    }

    /// The file is opened by a document helper: when that crashes or hangs while opening
    /// it (made to, as no file at hand crashes this poppler), the window says so, with
    /// the signal the zygote saw, and lives on.
    func testAFileThatCrashesOrHangsTheReaderIsAnErrorNotACrash() throws {
        let path = fixtures.standard()
        try assertShowsError(path, .crashedReader(path: path, signal: 11), environment: ["QUIRE_CHECK_FAULT": "crash"])
        try assertShowsError(path, .tooSlowToOpen(path: path, seconds: 1), environment: ["QUIRE_CHECK_FAULT": "hang", "QUIRE_CHECK_SECONDS": "1"])
        // A locked file's password goes to the child too, which then lets the window open it.
        let locked = try fixtures.encrypted(password: "s3cret")
        let output = fixtures.path("checked.png")
        let run = try QuireRun.run(["--snapshot", output, "--size", "640x480", locked], environment: ["QUIRE_PASSWORD": "s3cret"])
        XCTAssertEqual(run.status, 0, run.standardError)
    }

    func testUsageErrorsExitWithoutAWindow() throws {
        let run = try QuireRun.run(["--zoom", "sideways", "x.pdf"])
        XCTAssertEqual(run.status, 1)
        XCTAssertTrue(run.standardError.contains("--zoom"), run.standardError)
    }
}
