import XCTest

/// The helper profile, from outside: a probe opens a real PDF, confines itself as a helper,
/// renders every page, then tries what a compromised helper would.
final class HelperProfileTests: XCTestCase {
    /// By seccomp (EPERM), before Landlock (EACCES) would.
    func testOpeningAnyFileForWritingIsRefused() throws {
        let (probe, ending) = try ProbeSession.rendering("cjk-japanese-vertical.pdf", attempt: "write")
        XCTAssertEqual(ending, .exited(0))
        let attempts = probe.lines(startingWith: "attempt ")
        XCTAssertEqual(attempts.count, 3, "\(probe.lines)")
        for attempt in attempts { XCTAssertTrue(attempt.hasSuffix("refused EPERM"), attempt) }
    }

    func testOpeningASocketKillsTheHelper() throws {
        try assertKilled(attempting: "connect", on: "scan-ru-taxform-jbig2.pdf", lastSaying: "trying socket inet")
    }

    func testExecKillsTheHelper() throws {
        try assertKilled(attempting: "exec", on: "image-jpx-photos-landscape.pdf", lastSaying: "trying exec")
    }

    func testForkIsRefused() throws {
        let (probe, ending) = try ProbeSession.rendering("small-tracemonkey.pdf", attempt: "fork")
        XCTAssertEqual(ending, .exited(0))
        XCTAssertEqual(probe.lines(startingWith: "attempt fork"), ["attempt fork: refused EPERM"])
        XCTAssertEqual(probe.lines(startingWith: "child "), [])
    }

    func testThreadsMayStart() throws {
        let (probe, ending) = try ProbeSession.rendering("rtl-arabic-rotated-pages.pdf", attempt: "thread")
        XCTAssertEqual(ending, .exited(0))
        XCTAssertEqual(probe.lines(startingWith: "attempt thread"), ["attempt thread: succeeded"])
    }

    /// The Swift runtime spawns its backtracer on a crash; that is refused, not killed for.
    func testACrashEndsTheHelperWithItsOwnSignal() throws {
        let (probe, ending) = try ProbeSession.finished(try Corpus.path("rotated-page-rot90.pdf"), attempt: "crash")
        XCTAssertEqual(probe.lines.last, "trying crash")
        XCTAssertEqual(ending, .killed(signal: SIGSEGV))
    }

    func testTheKernelReportsNoNewPrivilegesAndAFilterFromOutside() throws {
        let name = "form-irs-f1040-2010.pdf"
        let probe = try ProbeSession(try Corpus.path(name), attempt: "none")
        XCTAssertEqual(probe.read { $0 == "waiting" }, "waiting")
        let status = try probe.statusFromOutside()
        XCTAssertEqual(status["NoNewPrivs"], "1")
        XCTAssertEqual(status["Seccomp"], "2") // SECCOMP_MODE_FILTER
        XCTAssertEqual(status["Seccomp_filters"], "1")
        XCTAssertEqual(probe.finish(), .exited(0))
        probe.assertRendered(try Corpus.pagesRendered(name))
        XCTAssertEqual(probe.lines(startingWith: "status "), ["status NoNewPrivs:\t1", "status Seccomp:\t2", "status Seccomp_filters:\t1"])
    }

    func testAnUnprivilegedHelperIsConfinedAlike() throws {
        let name = "scan-ru-taxform-jbig2.pdf"
        let probe = try ProbeSession(try Corpus.path(name), attempt: "write", unprivileged: true)
        XCTAssertEqual(probe.read { $0 == "waiting" }, "waiting")
        let status = try probe.statusFromOutside()
        XCTAssertNotEqual(status["Uid"]?.hasPrefix("0\t"), true, "the probe runs as root")
        XCTAssertEqual(status["Seccomp"], "2")
        XCTAssertEqual(probe.finish(), .exited(0))
        probe.assertRendered(try Corpus.pagesRendered(name))
        XCTAssertEqual(probe.lines(startingWith: "attempt ").filter { !$0.hasSuffix("refused EPERM") }, [])
    }

    func testAProcessWithASecondThreadIsNotConfined() throws {
        let (probe, ending) = try ProbeSession.finished(try Corpus.path("rotated-page-rot90.pdf"), attempt: "none", profile: "threaded-helper")
        XCTAssertEqual(ending, .exited(4))
        XCTAssertEqual(probe.lines.count, 1)
        XCTAssertTrue(probe.lines.first?.hasPrefix("The sandbox failed checking the process has one thread") == true, "\(probe.lines)")
    }

    private func assertKilled(attempting attempt: String, on name: String, lastSaying last: String,
                              file: StaticString = #filePath, line: UInt = #line) throws {
        let (probe, ending) = try ProbeSession.rendering(name, attempt: attempt, file: file, line: line)
        XCTAssertEqual(probe.lines.last, last, file: file, line: line)
        XCTAssertEqual(ending, .killed(signal: SIGSYS), file: file, line: line)
    }
}
