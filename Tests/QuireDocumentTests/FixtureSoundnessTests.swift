import Fixtures
import Foundation
import Synchronization
import XCTest

/// Every PDF the project writes, each fixture the fixture builders can make and the bundled
/// guide, is one that another parser finds sound: `qpdf --check` with no error and no
/// warning. poppler repairs damaged files without a word, so nothing else would notice.
/// Fixtures broken on purpose are listed with their reason, and the list is exact: a
/// listed fixture that qpdf finds sound fails the test, as does an unlisted damaged one.
final class FixtureSoundnessTests: XCTestCase {
    /// Fixtures qpdf finds damaged or warns about on purpose, by name: their reason.
    static let brokenOnPurpose: [String: String] = {
        let notAFile = "not a PDF file at all: the bad input a viewer must survive"
        let pastAnyInteger = "a number past 64 bits (1e23, or 400 digits) on purpose: qpdf cannot read its object"
        let brokenXref = "a broken cross-reference stream or /Prev chain on purpose: qpdf rebuilds the table or gives up"
        // Both layers are whole: zlib reads each to its end, and qpdf reads the inner layer
        // alone clean; it warns only when it inflates the inner layer from the outer one (also
        // when Python's zlib writes the outer), at the boundaries of its buffers.
        let twoFlates = "a gigabyte in two Flate layers: qpdf warns \"input stream is complete but output may still be valid\""
        var list = [
            "bad-missing": "no file at all", "bad-directory": "a folder", "bad-empty": notAFile, "bad-text": notAFile,
            "bad-random": notAFile, "bad-truncated": "the standard fixture cut after its first third",
            "crossReferences-object-stream-length-inside-itself": "an object stream whose /Length lies inside itself",
            "crossReferences-object-stream-n-billion": "an object stream that says it holds a billion objects",
        ]
        for name in ["hugeMediaBox", "infiniteMediaBox", "notANumberMediaBox", "hugeUserUnit", "hugeCropBox", "hugePageThreeOfFive",
                     "hugeLinkArea"] { list["geometry-" + name] = pastAnyInteger }
        for name in ["mediabox-1e23", "mediabox-infinite", "mediabox-not-a-number", "mediabox-minus-infinite", "cropbox-infinite",
                     "userunit-1e30", "userunit-infinite", "rotate-1e23"] { list["pageBoxes-" + name] = pastAnyInteger }
        for name in ["content-gigabyte-two-flates", "image-gigabyte", "object-stream-gigabyte-before-first"] {
            list["decompressionBombs-" + name] = twoFlates
        }
        for name in ["w-zero", "w-field-of-2^31-bytes", "w-negative", "w-two-fields", "w-wider-than-the-data", "index-count-2^31",
                     "index-odd-length", "index-negative-start", "index-start-past-2^32", "prev-itself-stream", "prev-itself-table",
                     "prev-cycle-two-tables", "prev-cycle-table-and-stream"] { list["crossReferences-" + name] = brokenXref }
        return list
    }()

    private var fixtures: Fixtures!
    override func setUpWithError() throws { fixtures = try Fixtures() }
    override func tearDown() { fixtures = nil }

    /// A fixture file, its name in `brokenOnPurpose`, and the password it opens with.
    private struct Made {
        let name: String, path: String
        var password: String? = nil
    }

    func testEveryFixtureIsSoundUnlessBrokenOnPurpose() throws {
        // Two at a time: qpdf takes a minute over them all, 22 s of it inflating one bomb.
        let made = try everyFixture()
        let answers = Mutex<[String: Result<String?, Error>]>([:])
        DispatchQueue.concurrentPerform(iterations: made.count) { index in
            let started = Date()
            let problems = Result { try QPDF.problems(in: made[index].path, password: made[index].password) }
            let verdict = switch problems { case .success(nil): "sound"; case .success: "damaged"; case .failure: "not checked" }
            print("\(made[index].name): \(verdict) in \(Int(Date().timeIntervalSince(started) * 1000)) ms")
            answers.withLock { $0[made[index].name] = problems }
        }
        var found: [String: String] = [:]
        for (name, answer) in answers.withLock({ $0 }) {
            if let problems = try answer.get() { found[name] = problems }
        }
        for (name, problems) in found.sorted(by: { $0.key < $1.key }) where Self.brokenOnPurpose[name] == nil {
            XCTFail("qpdf finds \(name) damaged: \(problems)")
        }
        for (name, reason) in Self.brokenOnPurpose.sorted(by: { $0.key < $1.key }) where found[name] == nil {
            XCTFail("\(name) is listed as broken on purpose (\(reason)), but qpdf finds it sound or it was not made")
        }
    }

    func testTheBundledGuideIsSound() throws {
        let guide = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("data/quire-guide.pdf").path
        XCTAssertNil(try QPDF.problems(in: guide))
    }

    /// Writes everything the fixture builders make, each once with its defaults.
    private func everyFixture() throws -> [Made] {
        let f = fixtures!
        var made = [
            f.standard(), f.standard(named: "standard-without-links.pdf", links: false), f.long(pages: 3), f.described(),
            f.outlined(), f.references(), f.tableReference(), f.chapters(), f.dense(pages: 2), f.scanned(), f.scannedBook(), f.searchable(),
            try f.slowShading(), try f.slowShading(scale: 1, named: "page-shading.pdf"), try f.searchableTurned(),
            try f.form(), try f.formTurned(), try f.othersAnnotations(), try f.formWithALoopingParent(),
            try f.formWithoutAcroForm(), try f.manyFieldsWithoutAcroForm(100),
            try f.manyLinks(.mostPopplerReads), try f.manyLinks(.twoHundredThousand),
            try f.syncTeX().pdf,
            try f.pdfLaTeX("\\documentclass{article}\\begin{document}Hello.\\end{document}").pdf,
        ].map { Made(name: URL(fileURLWithPath: $0).lastPathComponent, path: $0) }
        made.append(Made(name: "encrypted.pdf", path: try f.encrypted(password: "secret"), password: "secret"))
        for kind in Fixtures.Bad.allCases { made.append(Made(name: "bad-\(kind.rawValue)", path: try f.bad(kind))) }
        for kind in HostileGeometry.allCases { made.append(Made(name: "geometry-\(kind.rawValue)", path: try f.hostile(kind))) }
        for kind in HostileStrings.allCases { made.append(Made(name: "strings-\(kind.rawValue)", path: try f.hostile(kind))) }
        for hostileClass in HostileClass.allCases {
            for input in hostileClass.inputs {
                let name = "\(hostileClass.rawValue)-\(input.name)"
                let file = f.path(name + ".pdf")
                try Data(input.bytes()).write(to: URL(fileURLWithPath: file))
                made.append(Made(name: name, path: file))
            }
        }
        return made
    }
}
