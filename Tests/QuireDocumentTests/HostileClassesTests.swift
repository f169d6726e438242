import Fixtures
import Foundation
import XCTest

/// Every input of each hostile class (`HostileClass`: page boxes, decompression bombs,
/// recursion, path segments, annotations, long strings, cross-references) in a child
/// process of its own (`ProbeRun`), which opens it with the real document layer, takes
/// the first 50 pages and the last through the engine's layout, planning and draw list
/// at four zooms, and renders page 1. The policy:
///  1. Each input opens or is refused with a typed error; a crash, a hang (20 s of CPU)
///     or a broken engine policy fails the test, naming the class and the input.
///  2. Layout and planning of a page stay under 50 ms of CPU (`EnginePass.budget`,
///     measured in the child on its thread's CPU clock, so a loaded machine cannot
///     make it flake); render time is not budgeted.
///  3. The child's peak resident memory stays under `memoryBound`, and GLib has no
///     critical or warning to print.
///  4. Except for what poppler does not bound (`HostileClass.popplerLimits`): those inputs must end as
///     written there, so that the list follows poppler when it changes.
final class HostileClassesTests: XCTestCase {
    /// A known hang is given 2 s of CPU, not 20: it is known to take more, and CI time counts.
    static let knownHangLimit = 2

    /// The child holds one document and one page picture at 1 px a point (Letter: 2 MB):
    /// about 30 MB at rest, 120 MB with 10^5 annotations parsed. A bomb that inflated its
    /// gigabyte into memory would pass 1 GB; 512 MiB is between with room either side.
    static let memoryBound = 512 << 20

    private var directory: URL!
    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("quire-hostile-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }
    override func tearDownWithError() throws { try FileManager.default.removeItem(at: directory) }

    private struct Tally: CustomStringConvertible {
        var opened = 0, refused: [String: Int] = [:], failed: [String] = []
        var description: String {
            "opened \(opened), refused \(refused.values.reduce(0, +)) \(refused.sorted { $0.key < $1.key }), failed \(failed.count) \(failed)"
        }
    }

    /// Runs every input of `hostileClass`, each in its own child, and returns the tally.
    @discardableResult
    private func survive(_ hostileClass: HostileClass) throws -> (opened: Int, refused: Int) {
        var tally = Tally()
        for input in hostileClass.inputs {
            let file = directory.appendingPathComponent("\(hostileClass.rawValue)-\(input.name).pdf")
            try Data(input.bytes()).write(to: file)
            let known = HostileClass.popplerLimits[input.name]
            let run = try ProbeRun.run(file.path, cpuSeconds: known == .hangs ? Self.knownHangLimit : ProbeRun.cpuLimit)
            let what = "\(hostileClass.rawValue): \(input.name)"
            print("\(what): \(run.ending), slowest page \(run.figures["slowest-engine-us"] ?? "-") µs, open \(run.figures["open-ms"] ?? "-") ms, document \(run.figures["document-ms"] ?? "-") ms, "
                + "render \(run.figures["render-ms"] ?? "-") ms \(run.figures["render-failure"] ?? ""), peak \(run.peakResident >> 20) MiB")
            try FileManager.default.removeItem(at: file)
            if let known {
                tally.failed.append("\(input.name) (poppler)")
                if known == .hangs, case .hung = run.ending { continue }
                if known == .exceedsMemory, run.peakResident >= Self.memoryBound { continue }
                XCTFail("\(what): poppler was known to \(known == .hangs ? "hang" : "exceed \(Self.memoryBound >> 20) MiB") here, "
                    + "but it ended \(run.ending) at \(run.peakResident >> 20) MiB: update popplerLimits")
                continue
            }
            switch run.ending {
            case .opened: tally.opened += 1
            case .refused(let error): tally.refused[error, default: 0] += 1
            default:
                tally.failed.append(input.name)
                XCTFail("\(what) ended badly: \(run.ending)")
            }
            if run.peakResident >= Self.memoryBound { tally.failed.append(input.name) }
            XCTAssertLessThan(run.peakResident, Self.memoryBound, "\(what) peaked at \(run.peakResident >> 20) MiB")
            XCTAssertEqual(run.glibComplaints, [], what)
        }
        print("\(hostileClass.rawValue): \(tally)")
        return (tally.opened, tally.refused.values.reduce(0, +))
    }

    func testOutOfRangeAndNonFinitePageBoxesAreSurvived() throws {
        XCTAssertEqual(try survive(.pageBoxes).opened, HostilePages.boxes.count, "boxes are valid syntax: every file opens")
    }

    func testDecompressionBombsAreSurvived() throws {
        let (opened, refused) = try survive(.decompressionBombs)
        XCTAssertEqual(opened + refused, HostileClass.decompressionBombs.inputs.count - 1, "all but poppler's image")
    }

    func testRecursiveFormsAndDeepSaveNestingAreSurvived() throws {
        XCTAssertEqual(try survive(.recursion).opened, HostilePages.recursion.count - 2, "all but poppler's two")
    }

    func testAMillionPathSegmentsAreSurvived() throws {
        XCTAssertEqual(try survive(.pathSegments).opened, 0, "poppler's, all three")
    }

    func testAHundredThousandAnnotationsAreSurvived() throws {
        XCTAssertEqual(try survive(.annotations).opened, HostilePages.manyAnnotations.count)
    }

    func testMultiMegabyteTitlesLabelsAndURIsAreSurvived() throws {
        XCTAssertEqual(try survive(.longStrings).opened, HostileDocument.longStrings.count)
    }

    func testBrokenCrossReferenceStreamsAndCyclesAreSurvived() throws {
        let (opened, refused) = try survive(.crossReferences)
        XCTAssertEqual(opened + refused, HostileDocument.crossReferences.count)
        XCTAssertGreaterThan(opened, 0, "a /Prev cycle is broken and the file read")
    }
}
