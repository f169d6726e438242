import Fixtures
import Foundation
import QuireEngine
@testable import QuireRemote
import XCTest

/// Scanned pages read through a real, confined recognizer helper with Debian's Tesseract
/// and its English data: a page scanned from known text (300 dpi, askew, grainy) comes back
/// as that text with each word where it was printed.
final class RemoteRecognizerTests: XCTestCase {
    private func recognizer(_ pdf: String, languages: String = "eng", pageSeconds: Double = Recognition.pageSeconds) throws -> RemoteRecognizer {
        _ = try XCTUnwrap(TestZygote.shared, "the zygote did not start")
        let installed = try XCTUnwrap(RemoteRecognizer.installed(), "Tesseract's data is not installed (tesseract-ocr-eng)")
        XCTAssertTrue(installed.languages.contains("eng"), "\(installed)")
        return RemoteRecognizer(file: try DocumentFile(opening: DocumentSource(path: pdf)), languages: languages, installed: installed,
                                pageSeconds: pageSeconds)
    }

    func testAScannedPageIsReadAsItsTextWithEachWordInPlace() throws {
        let fixtures = try Fixtures()
        let recognizer = try recognizer(try fixtures.recognisable())
        let page = Size(width: 612, height: 792)
        let words = try XCTUnwrap(recognizer.words(onPage: 0, pageSize: page), "the scan was taken for a page that needs no recognition")
        let text = Recognition.text(of: words)
        let accuracy = WordAccuracy.of(text, expected: Fixtures.scannedLines.joined(separator: "\n"))
        print("recognised \(words.count) words, word accuracy \(Int((accuracy * 1000).rounded()) / 10) %:\n\(text)")
        XCTAssertGreaterThanOrEqual(accuracy, 0.95, text)
        XCTAssertEqual(text.split(separator: "\n").count, Fixtures.scannedLines.count, "lines: \(text)")
        // "Invoice" begins the last line: its box is where it was printed (the sheet was turned 0.6°).
        let invoice = try XCTUnwrap(words.first { $0.text == "Invoice" }, text)
        XCTAssertTrue(invoice.beginsLine)
        let baseline = Fixtures.scannedBaseline(line: Fixtures.scannedLines.count - 1)
        XCTAssertEqual(invoice.box.x, Fixtures.scannedLeft, accuracy: 8, "\(invoice.box)")
        XCTAssertEqual(invoice.box.maxY, baseline, accuracy: 8, "\(invoice.box)")
        XCTAssertEqual(invoice.box.height, 8, accuracy: 4, "\(invoice.box)")
        XCTAssertTrue(words.allSatisfy { $0.box.x >= 0 && $0.box.maxX <= page.width && $0.box.y >= 0 && $0.box.maxY <= page.height })
    }

    /// A Russian scan read in Russian (as its /Lang asks, `RecognitionLanguages`) against in
    /// English alone: the language decides whether its words are found at all.
    func testARussianScanIsReadInRussian() throws {
        let fixtures = try Fixtures()
        let file = try fixtures.recognisable(named: "russian.pdf", lines: Fixtures.scannedRussianLines, language: "ru")
        let installed = try XCTUnwrap(RemoteRecognizer.installed())
        XCTAssertTrue(installed.languages.contains("rus"), "tesseract-ocr-rus is not installed (scripts/deps.sh test installs it)")
        let page = Size(width: 612, height: 792), expected = Fixtures.scannedRussianLines.joined(separator: "\n")
        let chosen = try XCTUnwrap(RecognitionLanguages.chosen(documentLanguage: "ru", locale: "C", installed: installed.languages))
        XCTAssertEqual(chosen, "rus+eng")
        let russian = Recognition.text(of: try XCTUnwrap(try recognizer(file, languages: chosen).words(onPage: 0, pageSize: page)))
        let english = Recognition.text(of: try XCTUnwrap(try recognizer(file, languages: "eng").words(onPage: 0, pageSize: page)))
        let (inRussian, inEnglish) = (WordAccuracy.of(russian, expected: expected), WordAccuracy.of(english, expected: expected))
        print("Russian scan: word accuracy \(Int((inRussian * 1000).rounded()) / 10) % read as rus+eng, \(Int((inEnglish * 1000).rounded()) / 10) % as eng:\n\(russian)")
        XCTAssertGreaterThanOrEqual(inRussian, 0.9, russian)
        XCTAssertLessThan(inEnglish, 0.3, english)
    }

    /// A page over its time is "not recognised" by Tesseract's own deadline, and the helper
    /// (not ended: it stopped itself) reads the next request.
    func testAPageOverItsTimeIsNotRecognisedAndTheHelperGoesOn() throws {
        let fixtures = try Fixtures()
        let recognizer = try recognizer(try fixtures.recognisable(), pageSeconds: 0.05)
        XCTAssertThrowsError(try recognizer.words(onPage: 0)) { error in
            XCTAssertTrue("\(error)".contains("Page 1 was not recognised: recognition stopped after 0.05 s"), "\(error)")
        }
        let pid = try XCTUnwrap(recognizer.helperProcess, "the helper was ended")
        XCTAssertThrowsError(try recognizer.words(onPage: 0))
        XCTAssertEqual(recognizer.helperProcess, pid, "a page over its time ended the helper")
    }

    /// Pictures no scanner makes: each page ends in words or "not recognised", within its time
    /// and the margin, and a helper that had to be ended is made again for the next page.
    func testHostileScansEndAsWordsOrNotRecognisedAndTheNextPageIsRead() throws {
        let fixtures = try Fixtures()
        let file = try fixtures.hostileScans()
        let recognizer = try recognizer(file, pageSeconds: 5)
        var outcomes: [String] = []
        for page in 0..<3 {
            let started = Date()
            let outcome: String
            do {
                let words = try recognizer.words(onPage: page)
                XCTAssertNotNil(words, "page \(page + 1) is a scan")
                XCTAssertLessThanOrEqual(words?.count ?? 0, Recognition.wordLimit)
                outcome = "\(words?.count ?? -1) words"
            } catch {
                XCTAssertTrue("\(error)".contains("Page \(page + 1) was not recognised"), "\(error)")
                outcome = "\(error)"
            }
            outcomes.append("page \(page + 1): \(outcome) in \(String(format: "%.1f", Date().timeIntervalSince(started))) s")
        }
        print("hostile scans:\n" + outcomes.joined(separator: "\n"))
        // The page of 30,000 × 30,000 pixels is drawn at the size recognition needs: white
        // with a black band, it holds no word, and is read, not refused.
        XCTAssertTrue(outcomes[0].hasPrefix("page 1: 0 words"), outcomes[0])
        // After whatever the bomb and the noise did, a helper reads again: the last page has text of its own.
        XCTAssertNil(try recognizer.words(onPage: 3), "the page of text")
        XCTAssertNotNil(recognizer.helperProcess)
    }

    /// A recognizer of `fixtures.scanned()` whose helper has started, asked its page of text
    /// (which it does not recognise), and that helper's process.
    private func startedHelper(_ fixtures: Fixtures) throws -> (RemoteRecognizer, pid_t) {
        let recognizer = try recognizer(fixtures.scanned())
        XCTAssertNil(try recognizer.words(onPage: 2, pageSize: Size(width: 612, height: 792)), "a page of text was recognised")
        return (recognizer, try XCTUnwrap(recognizer.helperProcess))
    }

    func testTheRecognizerIsConfinedAsEveryHelper() throws {
        let fixtures = try Fixtures()
        let (recognizer, pid) = try startedHelper(fixtures)
        defer { withExtendedLifetime(recognizer) {} }
        let status = try String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)
        XCTAssertTrue(status.contains("NoNewPrivs:\t1"), status)
        XCTAssertTrue(status.contains("Seccomp:\t2"), status)
        XCTAssertTrue(status.contains("Threads:\t1\n"), "OpenMP started threads: \(status)")
    }

    /// Its priority is lowered before its confinement: nice 19 and SCHED_IDLE, so that it
    /// runs only where the window and the renders leave a core free.
    func testTheRecognizerRunsAtIdlePriority() throws {
        let fixtures = try Fixtures()
        let (recognizer, pid) = try startedHelper(fixtures)
        defer { withExtendedLifetime(recognizer) {} }
        let stat = try String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)
        // Fields from the third, after the command's closing parenthesis: nice is the 19th, the policy the 41st.
        let fields = stat[stat.index(after: try XCTUnwrap(stat.lastIndex(of: ")")))...].split(separator: " ")
        XCTAssertEqual(fields[16], "19", "nice: \(stat)")
        XCTAssertEqual(fields[38], "5", "not SCHED_IDLE: \(stat)")
    }

    func testALanguageNotInstalledSaysSoAndAPageNotThereFails() throws {
        let fixtures = try Fixtures()
        let missing = try recognizer(fixtures.scanned(), languages: "xyz")
        XCTAssertThrowsError(try missing.words(onPage: 0, pageSize: Size(width: 612, height: 792))) { error in
            XCTAssertTrue("\(error)".contains("not available"), "\(error)")
        }
        let recognizer = try recognizer(fixtures.scanned())
        XCTAssertThrowsError(try recognizer.words(onPage: 7, pageSize: Size(width: 612, height: 792))) { error in
            XCTAssertTrue("\(error)".contains("Page 8 was not recognised"), "\(error)")
        }
        // The helper is still there for the next page, which has text (and a picture): not recognised.
        XCTAssertNil(try recognizer.words(onPage: 1, pageSize: Size(width: 612, height: 792)))
    }
}
