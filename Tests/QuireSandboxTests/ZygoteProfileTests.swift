import XCTest

/// The zygote profile: it may fork, and its child then confines itself further as a helper
/// (the two filters and Landlock domains stack) and dies with it.
final class ZygoteProfileTests: XCTestCase {
    func testAForkedChildConfinesItselfAsAHelper() throws {
        let name = "small-tracemonkey.pdf"
        let (probe, ending) = try ProbeSession.rendering(name, attempt: "fork", profile: "zygote")
        XCTAssertEqual(ending, .exited(0))
        probe.assertRendered(try Corpus.pagesRendered(name), prefix: "child ")
        XCTAssertEqual(probe.lines(startingWith: "child confined helper").count, 1, "\(probe.lines)")
        // The zygote let it fork; the helper filter stacked on top does not.
        XCTAssertEqual(probe.lines(startingWith: "child fork"), ["child fork: refused EPERM"])
        XCTAssertEqual(probe.lines(startingWith: "attempt fork"), ["attempt fork: child exited 0"])
    }

    func testAHelperDiesWithItsZygote() throws {
        let probe = try ProbeSession(try Corpus.path("rotated-page-rot90.pdf"), attempt: "orphan", profile: "zygote")
        XCTAssertNotNil(probe.read { $0 == "child waiting" })
        let announced = try XCTUnwrap(probe.read { $0.hasPrefix("attempt orphan: child ") })
        let child = try XCTUnwrap(pid_t(announced.dropFirst("attempt orphan: child ".count)))
        let status = try ProcessStatus.fields(of: child)
        XCTAssertEqual(status["NoNewPrivs"], "1")
        XCTAssertEqual(status["Seccomp_filters"], "2") // the zygote's and its own
        kill(probe.pid, SIGKILL)
        if !ProcessStatus.waitForExit(of: child, seconds: 30) {
            XCTFail("the child outlived its zygote")
            kill(child, SIGKILL)
        }
        // Foundation sees the zygote end only once the descriptors it shares with the child close.
        XCTAssertEqual(probe.ending(), .killed(signal: SIGKILL))
    }

    func testTheZygoteMayNotWriteConnectOrExec() throws {
        let path = try Corpus.path("annot-tracemonkey.pdf")
        let (writer, writerEnding) = try ProbeSession.finished(path, attempt: "write", profile: "zygote")
        XCTAssertEqual(writerEnding, .exited(0))
        XCTAssertEqual(writer.lines(startingWith: "attempt ").filter { !$0.hasSuffix("refused EPERM") }, [])
        writer.assertNothingSucceeded()
        for attempt in ["connect", "exec"] {
            let (probe, ending) = try ProbeSession.finished(path, attempt: attempt, profile: "zygote")
            XCTAssertEqual(ending, .killed(signal: SIGSYS), attempt)
            probe.assertNothingSucceeded()
        }
    }
}
