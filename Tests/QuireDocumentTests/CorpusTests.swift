import Foundation
import QuireEngine
import XCTest
@testable import QuireDocument

/// Every real-world file in ../shared/corpus (when the checkout has it beside, as CI does):
/// it opens with the password INDEX.tsv gives, or fails with a typed error; its first
/// page renders or reports a failure. Nothing crashes.
final class CorpusTests: XCTestCase {
    private var corpus: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../../shared/corpus").standardizedFileURL
    }

    func testEveryCorpusFileOpensOrFailsCleanly() throws {
        let index = corpus.appendingPathComponent("INDEX.tsv")
        guard let table = try? String(contentsOf: index, encoding: .utf8) else {
            throw XCTSkip("no ../shared/corpus beside this checkout")
        }
        var opened = 0, refused: [String] = [], undrawn: [String] = []
        for line in table.split(separator: "\n").dropFirst() {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard fields.count > 7 else { continue }
            let (name, pages, password) = (fields[0], Int(fields[1]), fields[7])
            let source = DocumentSource(path: corpus.appendingPathComponent(name).path, password: password.isEmpty ? nil : password)
            do {
                let document = try source.open()
                if let pages { XCTAssertEqual(document.pageCount, pages, name) }
                let size = document.pageSize(at: 0)
                let scale = TileKey.boundedScale(0.5, for: size)
                do {
                    let image = try document.render(page: 0, scale: scale)
                    XCTAssertGreaterThan(image.width, 0, name)
                } catch {
                    undrawn.append("\(name): \(error)")
                }
                _ = document.outline()
                _ = document.links(at: 0)
                opened += 1
            } catch {
                XCTAssertNil(pages, "\(name) has \(pages ?? 0) pages by INDEX.tsv but did not open: \(error)")
                refused.append("\(name): \(error.title)")
            }
        }
        print("corpus: \(opened) files opened and rendered, \(refused.count) refused: \(refused)")
        XCTAssertGreaterThan(opened, 20)
        XCTAssertEqual(refused, ["broken-not-a-pdf.pdf: This file is not a PDF document"])
        XCTAssertEqual(undrawn, [], "every file that opens draws its first page")
    }

    func testEncryptedCorpusFilesRefuseAWrongPassword() throws {
        let file = corpus.appendingPathComponent("encrypted-aes-pw-ELXRTQWS.pdf").path
        guard FileManager.default.fileExists(atPath: file) else { throw XCTSkip("no ../shared/corpus beside this checkout") }
        XCTAssertThrowsError(try DocumentSource(path: file).open()) { XCTAssertEqual($0 as? DocumentError, .needsPassword(path: file)) }
        XCTAssertThrowsError(try DocumentSource(path: file, password: "nope").open()) { XCTAssertEqual($0 as? DocumentError, .wrongPassword(path: file)) }
    }

    /// The scanned tax form's widgets hung poppler-glib's naming of them (its walk up /Parent
    /// never ends there): its first page lists them all, named.
    func testTheScannedTaxFormsFieldsAreReadWithTheirNames() throws {
        let file = corpus.appendingPathComponent("scan-ru-taxform-jbig2.pdf").path
        guard FileManager.default.fileExists(atPath: file) else { throw XCTSkip("no ../shared/corpus beside this checkout") }
        let document = try DocumentSource(path: file).open()
        let fields = document.formFields(at: 0)
        XCTAssertEqual(fields.count, 35)
        XCTAssertTrue(fields.contains { $0.name == "Text3" }, "\(fields.map(\.name))")
    }
}
