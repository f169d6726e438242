import XCTest

/// GLib's and GTK's warnings and criticals in what a Quire process printed: each is a
/// fault in Quire's use of them (a reference released twice, a widget measured wrong), so
/// a window test fails on any. Let through are lines this test machine causes whatever
/// the program: the accessibility bus and dconf, which look for a desktop session that
/// Xvfb does not have.
enum GLibMessages {
    static let allowed = [
        "AT-SPI", "accessibility bus", // at-spi2 without a session bus
        "dconf", // no writable runtime folder for dconf's database
    ]

    /// The warning and critical lines of `text` that are not `allowed`.
    static func faults(in text: String) -> [String] {
        text.split(separator: "\n").map(String.init).filter { line in
            (line.contains("-CRITICAL **") || line.contains("-WARNING **") || line.contains("CRITICAL **") || line.contains("WARNING **"))
                && !allowed.contains { line.contains($0) }
        }
    }

    /// Fails the running test for each fault in `text`.
    static func assertNone(in text: String, from source: String, file: StaticString = #filePath, line: UInt = #line) {
        for fault in faults(in: text) { XCTFail("\(source) printed: \(fault)", file: file, line: line) }
    }
}
