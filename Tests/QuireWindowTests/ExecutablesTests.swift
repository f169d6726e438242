import Fixtures
import Foundation
import XCTest

/// The window's executable and the helpers' (issue 48): `quire` links GTK and none of what
/// only helpers use (poppler, NSS, libsoup, libseccomp), whose loading cost its start 15 ms;
/// `quire-helpers` links those and not GTK. Read from each file's dynamic section
/// (binutils' readelf, which the Swift toolchain needs), not from the build's settings.
final class ExecutablesTests: XCTestCase {
    private static let helpersOnly = ["libpoppler", "libpoppler-glib", "libnss3", "libsoup-3.0", "libseccomp", "libsynctex"]

    func testTheWindowLinksGTKAndNothingOnlyHelpersUse() throws {
        let needed = try Self.needed(QuireRun.executable)
        XCTAssertTrue(needed.contains { $0.hasPrefix("libgtk-4.so") }, "\(needed)")
        for library in Self.helpersOnly {
            XCTAssertFalse(needed.contains { $0.hasPrefix(library + ".so") }, "quire links \(library): \(needed)")
        }
    }

    func testTheHelpersLinkPopplerAndNotGTK() throws {
        let needed = try Self.needed(QuireRun.helpers)
        for library in ["libpoppler", "libpoppler-glib", "libnss3", "libsoup-3.0", "libseccomp"] {
            XCTAssertTrue(needed.contains { $0.hasPrefix(library + ".so") }, "quire-helpers lacks \(library): \(needed)")
        }
        XCTAssertFalse(needed.contains { $0.hasPrefix("libgtk-4.so") || $0.hasPrefix("libadwaita-1.so") }, "\(needed)")
    }

    /// Started by hand, the helpers' executable says what it is for and ends.
    func testTheHelpersExecutableRefusesToRunByHand() throws {
        let process = Process()
        process.executableURL = QuireRun.helpers
        process.arguments = ["--zygote"]
        process.environment = TestEnvironment.forRun()
        let errors = Pipe()
        process.standardError = errors
        // No descriptor 3: Process closes every descriptor it was not given.
        try process.run()
        let said = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 2, said)
        XCTAssertTrue(said.contains("is started by quire"), said)
    }

    /// The zygote the window starts counts its launch steps from the start the window gives
    /// it (`QUIRE_LAUNCH_STARTED`), so that they read on the window's time line: here 100 s
    /// before now. (Its channel, descriptor 3, is a file: it ends at the first read.)
    func testTheZygoteCountsItsStepsFromTheWindowsStart() throws {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        let given = Double(now.tv_sec) + Double(now.tv_nsec) / 1e9 - 100
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "exec 3</dev/null; exec \"$0\" --zygote", QuireRun.helpers.path]
        process.environment = TestEnvironment.forRun(["QUIRE_TRACE_LAUNCH": "1", "QUIRE_LAUNCH_STARTED": "\(given)"])
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        let said = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        let started = try XCTUnwrap(LaunchTraceWindowTests.steps(said).first { $0.name == "zygote: started" }, said)
        XCTAssertGreaterThan(started.ms, 100_000, said)
        XCTAssertLessThan(started.ms, 200_000, said)
    }

    /// The libraries an executable names in its dynamic section (DT_NEEDED).
    private static func needed(_ executable: URL) throws -> [String] {
        let (status, output) = try Program.run("/usr/bin/readelf", ["-d", executable.path])
        XCTAssertEqual(status, 0)
        let text = String(decoding: output, as: UTF8.self)
        // 0x0000000000000001 (NEEDED)             Shared library: [libgtk-4.so.1]
        return text.split(separator: "\n").filter { $0.contains("(NEEDED)") }.compactMap { line in
            guard let open = line.firstIndex(of: "["), let close = line.lastIndex(of: "]") else { return nil }
            return String(line[line.index(after: open)..<close])
        }
    }
}
