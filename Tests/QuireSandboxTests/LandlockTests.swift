import QuireSandbox
import XCTest

/// Landlock is what the kernel offers: enforced when it has it (then a helper reads nothing
/// outside the font and data paths, not even its own document again), reported otherwise.
final class LandlockTests: XCTestCase {
    func testTheReportIsWhatTheKernelOffers() throws {
        let (probe, ending) = try ProbeSession.finished(try Corpus.path("mixed-page-sizes.pdf"), attempt: "none")
        XCTAssertEqual(ending, .exited(0))
        let expected = switch try Sandbox.LandlockStatus.offered {
        case .enforced(let abi): "landlock enforced abi=\(abi)"
        case .unavailable(let reason): "landlock unavailable: \(reason)"
        }
        XCTAssertEqual(probe.lines(startingWith: "landlock "), [expected])
    }

    func testReadingOutsideTheReadablePathsIsRefusedWhenEnforced() throws {
        let (probe, ending) = try ProbeSession.rendering("encrypted-owner-only-rc4.pdf", attempt: "read-home")
        XCTAssertEqual(ending, .exited(0))
        let attempts = probe.lines(startingWith: "attempt read") + probe.lines(startingWith: "attempt list")
        XCTAssertEqual(attempts.count, 3, "\(probe.lines)")
        let enforced = if case .enforced = try Sandbox.LandlockStatus.offered { true } else { false }
        for attempt in attempts {
            XCTAssertTrue(attempt.hasSuffix(enforced ? "refused EACCES" : "succeeded"), attempt)
        }
    }

    func testUserFontPathsFollowXDGCacheHome() {
        let saved = getenv("XDG_CACHE_HOME").map { String(cString: $0) }
        setenv("XDG_CACHE_HOME", "/elsewhere/cache", 1)
        defer { if let saved { setenv("XDG_CACHE_HOME", saved, 1) } else { unsetenv("XDG_CACHE_HOME") } }
        XCTAssertTrue(Sandbox.fontAndDataPaths.contains("/elsewhere/cache/fontconfig"))
        XCTAssertTrue(Sandbox.fontAndDataPaths.contains("/usr/share/fonts"))
        XCTAssertFalse(Sandbox.fontAndDataPaths.contains { $0.hasPrefix("/proc") })
    }
}
