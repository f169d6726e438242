import XCTest

/// A confined helper draws what an unconfined one does: fonts found through fontconfig, CMaps
/// from poppler-data, and every image decoder still work under Landlock and seccomp.
final class ConfinedRenderingTests: XCTestCase {
    /// Type 1, CJK vertical with embedded and system fonts, Arabic TrueType, JBIG2 scans,
    /// JPEG 2000 photos, JPEG and other filters, AcroForm appearances, an encrypted file,
    /// LaTeX mathematics in a long document with object streams.
    static let documents = [
        "small-tracemonkey.pdf", "cjk-japanese-vertical.pdf", "rtl-arabic-cidtruetype.pdf", "outline-geotopo-de.pdf",
        "scan-ru-taxform-jbig2.pdf", "image-jpx-photos-landscape.pdf", "image-codecs-imagemagick.pdf",
        "form-libreoffice.pdf", "encrypted-owner-only-rc4.pdf", "synth-mixed-sizes-rotations.pdf",
    ]

    func testConfinedPagesAreTheUnconfinedPagesPixelForPixel() throws {
        for name in Self.documents {
            let path = try Corpus.path(name)
            let (confined, confinedEnding) = try ProbeSession.finished(path, attempt: "none")
            let (free, freeEnding) = try ProbeSession.finished(path, attempt: "none", profile: "none")
            XCTAssertEqual(confinedEnding, .exited(0), name)
            XCTAssertEqual(freeEnding, .exited(0), name)
            confined.assertRendered(try Corpus.pagesRendered(name))
            XCTAssertEqual(confined.lines(startingWith: "page "), free.lines(startingWith: "page "), name)
        }
    }
}
