import XCTest
@testable import QuireEngine

/// The environment read once: each variable's value, and the default where it is unset,
/// unparsable or out of range.
final class ConfigurationTests: XCTestCase {
    private let gibibyte = 1 << 30

    private func configuration(_ variables: [String: String], memory: Int = 24 << 30, processors: Int = 2) -> Configuration {
        Configuration(reading: { variables[$0] }, physicalMemory: memory, processors: processors)
    }

    func testAThreadACoreAtMostFour() {
        XCTAssertEqual(configuration([:], processors: 2).workerThreads, 2)
        XCTAssertEqual(configuration([:], processors: 64).workerThreads, 4)
        XCTAssertEqual(configuration([:], processors: -1).workerThreads, 1, "sysconf failed")
    }

    func testUnsetVariablesGiveTheDefaults() {
        let plain = configuration([:])
        XCTAssertEqual(plain.pictureCacheBytes, 64 << 20, "1/384 of 24 GiB")
        XCTAssertEqual(configuration([:], memory: gibibyte).pictureCacheBytes, CacheBudget.minimum)
        XCTAssertEqual(plain.textCacheBytes, 64 << 20)
        XCTAssertEqual(plain.watchdogs, .standard)
        XCTAssertEqual(plain.snapshotSeconds, 120)
        XCTAssertNil(plain.snapshotPassword)
        XCTAssertNil(plain.printToFile)
        XCTAssertNil(plain.propertiesReport)
        XCTAssertFalse(plain.reportsStalls)
        XCTAssertEqual(plain.backgroundTrimSeconds, BackgroundTab.trimAfter)
    }

    func testSetVariablesAreTaken() {
        let set = configuration(["QUIRE_CACHE_MB": "200", "QUIRE_TEXT_CACHE_MB": "0", "QUIRE_RENDER_SECONDS": "2",
                                 "QUIRE_CHECK_SECONDS": "0.1", "QUIRE_SNAPSHOT_TIMEOUT": "30", "QUIRE_PASSWORD": "",
                                 "QUIRE_PRINT_TO_FILE": "/tmp/out.pdf", "QUIRE_PRINT_PAGES": "2-3",
                                 "QUIRE_PROPERTIES_REPORT": "/tmp/p.txt", "QUIRE_REPORT_STALLS": "1",
                                 "QUIRE_BACKGROUND_SECONDS": "0.1"])
        XCTAssertEqual(set.pictureCacheBytes, 200 << 20)
        XCTAssertEqual(set.textCacheBytes, 0, "0 keeps no text")
        XCTAssertEqual(set.watchdogs, HelperWatchdogs(render: 2, opening: 0.5), "half a second at least")
        XCTAssertEqual(set.snapshotSeconds, 30)
        XCTAssertEqual(set.snapshotPassword, "", "an empty password is a password")
        XCTAssertEqual(set.printToFile, "/tmp/out.pdf")
        XCTAssertEqual(set.printPages, "2-3")
        XCTAssertEqual(set.propertiesReport, "/tmp/p.txt")
        XCTAssertTrue(set.reportsStalls)
        XCTAssertEqual(set.backgroundTrimSeconds, 0.5, "half a second at least")
    }

    func testHostileValuesAreIgnored() {
        let hostile = configuration(["QUIRE_CACHE_MB": "-5", "QUIRE_TEXT_CACHE_MB": "99999999999999999999",
                                     "QUIRE_RENDER_SECONDS": "nan", "QUIRE_CHECK_SECONDS": "-1",
                                     "QUIRE_SNAPSHOT_TIMEOUT": "0", "QUIRE_PRINT_TO_FILE": "", "QUIRE_REPORT_STALLS": "yes",
                                     "QUIRE_BACKGROUND_SECONDS": "-3"])
        XCTAssertEqual(hostile.pictureCacheBytes, 64 << 20)
        XCTAssertEqual(hostile.textCacheBytes, 64 << 20)
        XCTAssertEqual(hostile.watchdogs, .standard)
        XCTAssertEqual(hostile.snapshotSeconds, 120)
        XCTAssertNil(hostile.printToFile, "an empty path is no path")
        XCTAssertFalse(hostile.reportsStalls)
        XCTAssertEqual(hostile.backgroundTrimSeconds, BackgroundTab.trimAfter)
        XCTAssertEqual(configuration(["QUIRE_RENDER_SECONDS": "1e300"]).watchdogs.render, 86_400, "a day at most")
    }
}
