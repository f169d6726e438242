import QuireEngine
import XCTest
@testable import QuireUI

final class LaunchOptionsTests: XCTestCase {
    func testFilesAndSnapshotOptions() throws {
        let options = try LaunchOptions(arguments: ["--snapshot", "out.png", "--page", "3", "--zoom", "150%", "--size", "800x600", "a.pdf"])
        XCTAssertEqual(options.snapshotPath, "out.png")
        XCTAssertEqual(options.page, 3)
        XCTAssertEqual(options.zoom, .percent(150))
        XCTAssertEqual(options.windowSize?.width, 800)
        XCTAssertEqual(options.files, ["a.pdf"])
        XCTAssertEqual(try LaunchOptions(arguments: ["--rotate", "270", "a.pdf"]).rotation, .threeQuarters)
        XCTAssertEqual(try LaunchOptions(arguments: ["--layout", "dual-cover-rtl"]).arrangement, .dual(oddLeft: false, rightToLeft: true))
        XCTAssertFalse(try LaunchOptions(arguments: ["--no-continuous"]).continuous)
        XCTAssertTrue(try LaunchOptions(arguments: ["--night"]).night)
    }

    /// What the command line says of the view, for the preferences to fill in the rest: a
    /// default named is still said.
    func testTheViewSaysOnlyWhatWasGiven() throws {
        XCTAssertEqual(try LaunchOptions(arguments: ["a.pdf"]).view, LaunchView())
        XCTAssertEqual(try LaunchOptions(arguments: ["--zoom", "fit-width", "--layout", "single", "a.pdf"]).view,
                       LaunchView(zoom: .fitWidth, arrangement: .single))
        XCTAssertEqual(try LaunchOptions(arguments: ["--no-continuous", "--rotate", "0", "--page", "3", "--night"]).view,
                       LaunchView(rotation: Rotation.none, continuous: false, page: 2, night: true))
        XCTAssertFalse(try LaunchOptions(arguments: ["--night", "a.pdf"]).view.choosesView, "night mode is not a view of its own")
    }

    func testSeveralFilesAndDashedNamesAfterDoubleDash() throws {
        let options = try LaunchOptions(arguments: ["a.pdf", "--", "-odd.pdf", "b.pdf"])
        XCTAssertEqual(options.files, ["a.pdf", "-odd.pdf", "b.pdf"])
        XCTAssertNil(options.snapshotPath)
    }

    func testInvalidValuesAreRefused() {
        for arguments in [["--page", "0"], ["--zoom", "5"], ["--zoom", "wide"], ["--size", "10x10"], ["--snapshot"],
                          ["--bogus"], ["--rotate", "45"], ["--layout", "triple"], ["--snapshot", "o.png", "a.pdf", "b.pdf"]] {
            XCTAssertThrowsError(try LaunchOptions(arguments: arguments), "\(arguments)")
        }
    }

    func testSyncTeXOptions() throws {
        let options = try LaunchOptions(arguments: ["--synctex-forward", "12:0:ch/one.tex", "--synctex-editor-command",
                                                    "gvim --remote +%{line} %{input}", "thesis.pdf"])
        XCTAssertEqual(options.syncTeXForward, SourcePosition(line: 12, column: 0, input: "ch/one.tex"))
        XCTAssertEqual(options.editorCommand?.words, ["gvim", "--remote", "+%{line}", "%{input}"])
        XCTAssertEqual(options.files, ["thesis.pdf"])
        for arguments in [["--synctex-forward", "12:0:a.tex"], ["--synctex-forward", "12:0:a.tex", "a.pdf", "b.pdf"],
                          ["--synctex-forward", "0:0:a.tex", "a.pdf"], ["--synctex-editor-command", "'gvim", "a.pdf"],
                          ["--synctex-editor-command"]] {
            XCTAssertThrowsError(try LaunchOptions(arguments: arguments), "\(arguments)")
        }
    }

    /// `--help` names every option the parser takes, and wraps each meaning within 80 columns.
    func testTheUsageListsEveryOptionWithinEightyColumns() {
        let lines = LaunchOptions.usage.split(separator: "\n", omittingEmptySubsequences: false)
        for option in ["--snapshot OUT.png", "--page N", "--find TEXT", "--sidebar VIEW", "--zoom MODE", "--rotate DEGREES", "--layout L",
                       "--no-continuous", "--night", "--size WxH", "--synctex-forward", "--synctex-editor-command", "-h, --help", "--version"] {
            XCTAssertTrue(lines.contains { $0.hasPrefix("  " + option) }, "--help does not list \(option)")
        }
        let synopses = lines.prefix { !$0.isEmpty }
        XCTAssertEqual(synopses.count, 4)
        for line in lines.dropFirst(synopses.count) {
            XCTAssertLessThanOrEqual(line.count, 80, "“\(line)” is wider than 80 columns")
        }
    }
}
