import Fixtures
import Foundation
@testable import QuireUI
import XCTest

/// The bundled guide (`data/quire-guide.pdf`, the document Quire shows without a file) is
/// what `quire-make-guide` writes, byte for byte each time, and tells the reader every key
/// the shortcuts window lists, with no line past its page's margins, as mutool reads it.
final class GuideTests: XCTestCase {
    private var fixtures: Fixtures!
    override func setUpWithError() throws { fixtures = try Fixtures() }
    override func tearDown() { fixtures = nil }

    private static let bundled = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("data/quire-guide.pdf").path

    func testTheGuideIsReproducibleAndTheBundledOneIsCurrent() throws {
        let first = try makeGuide("first.pdf"), second = try makeGuide("second.pdf")
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: first)), try Data(contentsOf: URL(fileURLWithPath: second)),
                       "two runs of quire-make-guide wrote different bytes")
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: first)), try Data(contentsOf: URL(fileURLWithPath: Self.bundled)),
                       "data/quire-guide.pdf is not what quire-make-guide writes: run swift run quire-make-guide")
        let dated = try makeGuide("dated.pdf", environment: ["SOURCE_DATE_EPOCH": "1700000000"])
        XCTAssertTrue(try Data(contentsOf: URL(fileURLWithPath: dated)).contains(Data("20231114221320".utf8)),
                      "SOURCE_DATE_EPOCH does not set the creation date")
    }

    /// Each key of the shortcuts window, as the guide writes it ("Shift+Ctrl+Z"), stands in
    /// the guide's text as a word of its own (not "Ctrl+P" inside "Ctrl+Page Down").
    @MainActor
    func testTheGuideNamesEveryKeyTheShortcutsWindowLists() throws {
        let text = try MuPDF.pages(in: Self.bundled).flatMap(\.lines).map(\.text).joined(separator: " ")
        let keys = ShortcutsWindow.groups.flatMap(\.shortcuts).flatMap { $0.keys.split(separator: " ").map(String.init) }
        XCTAssertGreaterThan(keys.count, 60)
        for key in Set(keys).sorted() {
            let label = Self.label(key)
            XCTAssertTrue(Self.standsAlone(label, in: text), "the guide does not name \(key) (“\(label)”)")
        }
        for feature in ["Annotations view", "squiggly", "Save As", "Keep This Version", "check box", "preview", "References"] {
            XCTAssertTrue(text.contains(feature), "the guide does not tell of \(feature)")
        }
    }

    func testNoLineOfTheGuideLeavesItsPage() throws {
        let pages = try MuPDF.pages(in: Self.bundled)
        XCTAssertGreaterThan(pages.count, 10)
        for (number, page) in pages.enumerated() {
            for line in page.lines where !line.text.trimmingCharacters(in: .whitespaces).isEmpty {
                XCTAssertGreaterThanOrEqual(line.x, 71, "page \(number + 1): “\(line.text)” starts in the margin")
                XCTAssertLessThanOrEqual(line.right, page.width - 71, "page \(number + 1): “\(line.text)” runs into the margin")
                XCTAssertLessThanOrEqual(line.bottom, page.height - 20, "page \(number + 1): “\(line.text)” runs off the page")
                let footer = line.text == "Back to contents" || line.text.hasPrefix("Web: ") || line.text.allSatisfy(\.isNumber)
                if !footer {
                    XCTAssertLessThanOrEqual(line.bottom, page.height - 80, "page \(number + 1): “\(line.text)” runs into the footer")
                }
            }
        }
    }

    /// A GTK accelerator ("<Control><Shift>z") as the guide writes it ("Shift+Ctrl+Z").
    static func label(_ accelerator: String) -> String {
        var rest = Substring(accelerator), modifiers: [String] = []
        for (name, shown) in [("<Shift>", "Shift"), ("<Control>", "Ctrl"), ("<Alt>", "Alt")] where rest.contains(name) {
            modifiers.append(shown)
            rest = Substring(rest.replacingOccurrences(of: name, with: ""))
        }
        let names = ["space": "Space", "Return": "Enter", "BackSpace": "Backspace", "equal": "=", "question": "?", "apostrophe": "'",
                     "grave": "`", "slash": "/", "backslash": "\\", "Back": "Back key", "Forward": "Forward key"]
        var key = names[String(rest)] ?? rest.replacingOccurrences(of: "_", with: " ")
        if !modifiers.isEmpty && key.count == 1 { key = key.uppercased() }
        return (modifiers + [key]).joined(separator: "+")
    }

    /// Whether `label` is in `text` with neither a letter, a digit nor a "+" touching it.
    static func standsAlone(_ label: String, in text: String) -> Bool {
        var searched = text.startIndex..<text.endIndex
        while let found = text.range(of: label, range: searched) {
            let before = found.lowerBound == text.startIndex ? nil : text[text.index(before: found.lowerBound)]
            let after = found.upperBound == text.endIndex ? nil : text[found.upperBound]
            if ![before, after].contains(where: { $0.map { $0.isLetter || $0.isNumber || $0 == "+" } ?? false }) { return true }
            searched = text.index(after: found.lowerBound)..<text.endIndex
        }
        return false
    }

    private func makeGuide(_ name: String, environment: [String: String] = [:]) throws -> String {
        let path = fixtures.path(name)
        let process = Process()
        process.executableURL = QuireRun.executable.deletingLastPathComponent().appendingPathComponent("quire-make-guide")
        process.arguments = [path]
        process.environment = ProcessInfo.processInfo.environment.filter { $0.key != "SOURCE_DATE_EPOCH" }.merging(environment) { $1 }
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, "quire-make-guide failed")
        return path
    }
}
