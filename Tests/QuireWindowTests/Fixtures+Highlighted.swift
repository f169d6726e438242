import Fixtures
import Foundation
import QuireDocument
import QuireEngine
import XCTest

extension Fixtures {
    /// `chapters()` with a green highlight by Ada over page 3's heading, its note `text`,
    /// saved by Quire's own writer into `name`.
    func highlightedChapters(text: String = "", named name: String) throws -> String {
        let document = try DocumentSource(path: chapters(named: "annotated-chapters.pdf")).open()
        let heading = try XCTUnwrap(document.matchAreas(of: SearchQuery("Chapter 2", caseSensitive: true), onPage: 2).first)
        var edits = AnnotationEdits()
        XCTAssertTrue(document.add(edits.add(page: 2, kind: .highlight, colour: .green, areas: heading, text: text, author: "Ada", created: 0)))
        let saved = path(name)
        let fd = open(saved, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        try document.save(to: fd)
        close(fd)
        return saved
    }
}
