import Foundation
import XCTest

/// The real-world PDFs in ../shared/corpus, beside the checkout (as CI has it).
enum Corpus {
    static var directory: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../../shared/corpus").standardizedFileURL
    }

    /// The file's path; skips the test when the corpus is not beside this checkout.
    static func path(_ name: String) throws -> String {
        let file = directory.appendingPathComponent(name)
        guard FileManager.default.fileExists(atPath: file.path) else {
            throw XCTSkip("no ../shared/corpus beside this checkout")
        }
        return file.path
    }

    /// The pages the probe renders of `name`: all of them, up to its bound of 20.
    static func pagesRendered(_ name: String) throws -> Int {
        let index = try String(contentsOf: directory.appendingPathComponent("INDEX.tsv"), encoding: .utf8)
        let row = index.split(separator: "\n").map { $0.split(separator: "\t", omittingEmptySubsequences: false) }
            .first { $0.first.map(String.init) == name }
        let pages = try XCTUnwrap(row.flatMap { Int($0[1]) }, "\(name) is not in INDEX.tsv")
        return min(pages, 20)
    }
}
