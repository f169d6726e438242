import Fixtures
import Foundation
import XCTest

/// Under `LANGUAGE=de` the window speaks German: the header's tooltips, its menus, the find
/// bar's count, a notice and the error page, as `--snapshot` reads them back from the
/// widgets (`QUIRE_REPORT_SHOWN_TEXT=1`); without it, the same places say what they said
/// before they were translated. glibc reads LANGUAGE only when the locale is not C, so
/// the runs set `LANG=C.UTF-8`, which Debian's libc has built in. The German catalog is
/// the one `scripts/compile-translations.sh` writes to `.build/locale` (scripts/test.sh
/// runs it), where Quire run from the source tree looks.
final class TranslationWindowTests: XCTestCase {
    private var fixtures: Fixtures!
    override func setUpWithError() throws {
        try QuireRun.requireDisplay()
        try Self.requireCatalog()
        fixtures = try Fixtures()
    }
    override func tearDown() { fixtures = nil }

    private static func environment(language: String) -> [String: String] {
        ["LANG": "C.UTF-8", "LC_ALL": "", "LC_MESSAGES": "", "LANGUAGE": language, "QUIRE_REPORT_SHOWN_TEXT": "1"]
    }

    func testHeaderMenusAndFindBarSpeakGerman() throws {
        let shown = try shownWhileFinding(language: "de")
        for expected in ["menu \"Ö_ffnen…\"", "menu \"Zuletzt _geöffnet\"", "menu \"_Drucken…\"", "menu \"Eigens_chaften\"",
                         "menu \"Seitenbreite\"", "menu \"Ganze Seite\"", "menu \"Nachtmodus\"",
                         "tooltip \"Seitenleiste (F9)\"", "tooltip \"Hauptmenü\"", "tooltip \"Suchoptionen\"",
                         "label \"1 von 4\""] {
            XCTAssertTrue(shown.contains(expected), "the German window does not show \(expected): \(shown)")
        }
        XCTAssertFalse(shown.contains("menu \"_Open…\""), "the German main menu still says _Open…")
    }

    func testANoticeAndTheErrorPageSpeakGerman() throws {
        var environment = Self.environment(language: "de")
        environment["QUIRE_HELPER_FAULT"] = "crash-on-page:1"
        let failing = try QuireRun.run(["--snapshot", fixtures.path("notice.png"), "--size", "1000x900", fixtures.standard()], environment: environment)
        XCTAssertEqual(failing.status, 0, failing.standardError)
        XCTAssertTrue(Self.shown(failing).contains("label \"der Prozess, der Seite 1 zeichnete, wurde währenddessen beendet\""),
                      "the notice of the page that failed is not German: \(Self.shown(failing))")

        let missing = fixtures.path("missing.pdf")
        let refused = try QuireRun.run(["--snapshot", fixtures.path("error.png"), missing], environment: Self.environment(language: "de"))
        XCTAssertEqual(refused.status, 2, refused.standardError)
        let page = Self.shown(refused)
        XCTAssertTrue(page.contains("label \"Datei nicht gefunden\""), "the error page's title is not German: \(page)")
        XCTAssertTrue(page.contains("label \"„\(missing)“ existiert nicht. Vielleicht wurde es verschoben oder gelöscht.\""), "\(page)")
        XCTAssertTrue(page.contains("label \"Ein anderes Dokument öffnen…\""), "\(page)")
    }

    func testWithoutALanguageTheWindowSaysWhatItSaidBefore() throws {
        let shown = try shownWhileFinding(language: "")
        for expected in ["menu \"_Open…\"", "menu \"Open _Recent\"", "menu \"Fit Width\"", "menu \"Night Mode\"",
                         "tooltip \"Sidebar (F9)\"", "tooltip \"Main menu\"", "label \"1 of 4\""] {
            XCTAssertTrue(shown.contains(expected), "the English window does not show \(expected): \(shown)")
        }
    }

    /// `quire --help` speaks German, as GNU tools do, its option names kept as typed; a bad
    /// option is refused in German, with the German usage, and a non-zero status.
    func testHelpAndCommandLineErrorsSpeakGerman() throws {
        let help = try QuireRun.run(["--help"], environment: Self.environment(language: "de"))
        XCTAssertEqual(help.status, 0, help.standardError)
        for expected in ["Aufruf: quire [--page N]", "  --page N", "bei Seite N beginnen", "  --zoom MODE", "Umgebung:",
                         "Öffnet jede PDF-Datei FILE"] {
            XCTAssertTrue(help.standardOutput.contains(expected), "the German --help lacks “\(expected)”: \(help.standardOutput)")
        }
        XCTAssertFalse(help.standardOutput.contains("start at page N"), help.standardOutput)

        let zoom = try QuireRun.run(["--zoom", "banana", "x.pdf"], environment: Self.environment(language: "de"))
        XCTAssertEqual(zoom.status, 1, zoom.standardError)
        XCTAssertTrue(zoom.standardError.hasPrefix("quire: --zoom nimmt fit-width, fit-page, fit-ink oder einen Prozentwert von 10 bis 6400, nicht „banana“\n"),
                      zoom.standardError)
        XCTAssertTrue(zoom.standardError.contains("Aufruf: quire"), zoom.standardError)
        let unknown = try QuireRun.run(["--bogus"], environment: Self.environment(language: "de"))
        XCTAssertEqual(unknown.status, 1, unknown.standardError)
        XCTAssertTrue(unknown.standardError.hasPrefix("quire: unbekannte Option --bogus\n"), unknown.standardError)
    }

    /// Without a language, or in the C locale, the same stays English.
    func testHelpAndCommandLineErrorsStayEnglishWithoutALanguage() throws {
        for environment in [Self.environment(language: "en"), Self.environment(language: ""), ["LANG": "C", "LC_ALL": "C", "LANGUAGE": "de"]] {
            let help = try QuireRun.run(["--help"], environment: environment)
            XCTAssertEqual(help.status, 0, help.standardError)
            XCTAssertTrue(help.standardOutput.hasPrefix("Usage: quire [--page N]"), "\(environment): \(help.standardOutput)")
            XCTAssertTrue(help.standardOutput.contains("start at page N"), "\(environment): \(help.standardOutput)")
            let zoom = try QuireRun.run(["--zoom", "banana", "x.pdf"], environment: environment)
            XCTAssertEqual(zoom.status, 1, zoom.standardError)
            XCTAssertTrue(zoom.standardError.hasPrefix("quire: --zoom takes fit-width, fit-page, fit-ink or a percentage from 10 to 6400, not “banana”\n"),
                          "\(environment): \(zoom.standardError)")
        }
    }

    /// The outline's find entry says what it is for in full, in German as in English (its
    /// German placeholder was cut to "In der Gliederung suc…" in the sidebar's width).
    func testTheOutlinesFindPlaceholderIsNotCut() throws {
        for (language, placeholder) in [("de", "Überschrift suchen"), ("", "Find in outline")] {
            let run = try QuireRun.run(["--snapshot", fixtures.path("outline-\(language).png"), "--size", "1000x700", "--sidebar", "outline", fixtures.outlined()],
                                       environment: Self.environment(language: language))
            XCTAssertEqual(run.status, 0, run.standardError)
            let shown = Self.shown(run)
            XCTAssertTrue(shown.contains("label \"\(placeholder)\""), "the outline does not show “\(placeholder)”: \(shown)")
            XCTAssertFalse(shown.contains("cut \"\(placeholder)\""), "“\(placeholder)” is cut short")
        }
    }

    /// What the window shows, finding "says hello" in the standard fixture, in `language`.
    private func shownWhileFinding(language: String) throws -> [String] {
        let run = try QuireRun.run(["--snapshot", fixtures.path("find-\(language).png"), "--size", "1000x900", "--find", "says hello", fixtures.standard()],
                                   environment: Self.environment(language: language))
        XCTAssertEqual(run.status, 0, run.standardError)
        return Self.shown(run)
    }

    /// The `shown …` lines of a run, without their prefix.
    private static func shown(_ run: QuireRun) -> [String] {
        run.standardOutput.split(separator: "\n").filter { $0.hasPrefix("shown ") }.map { String($0.dropFirst(6)) }
    }

    /// The German catalog beside the build: missing, the test says how to make it.
    private static func requireCatalog() throws {
        var directory = QuireRun.executable.deletingLastPathComponent()
        while directory.path != "/" {
            if FileManager.default.fileExists(atPath: directory.appendingPathComponent("Package.swift").path) {
                let catalog = directory.appendingPathComponent(".build/locale/de/LC_MESSAGES/quire.mo").path
                guard FileManager.default.fileExists(atPath: catalog) else {
                    throw FixtureFailure("no \(catalog): run scripts/compile-translations.sh (scripts/test.sh does)")
                }
                return
            }
            directory = directory.deletingLastPathComponent()
        }
        throw FixtureFailure("the quire under test is not in a source tree")
    }
}
