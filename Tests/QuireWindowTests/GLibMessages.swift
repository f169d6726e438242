import XCTest

/// GLib's and GTK's warnings and criticals, and pixman's complaints, in what a Quire
/// process printed: each is a fault in Quire's use of them (a reference released twice, a
/// widget measured wrong, a rectangle of negative size), so a window test fails on any.
/// None is let through: the tests run in an environment of their own (TestEnvironment),
/// so no message comes from a desktop session or bus that is not there.
enum GLibMessages {
    /// The warning and critical lines of `text`.
    static func faults(in text: String) -> [String] {
        text.split(separator: "\n").map(String.init).filter { line in
            line.contains("CRITICAL **") || line.contains("WARNING **") || line.contains("*** BUG ***") || line.contains("pixman_")
        }
    }

    /// Fails the running test for each fault in `text`.
    static func assertNone(in text: String, from source: String, file: StaticString = #filePath, line: UInt = #line) {
        for fault in faults(in: text) { XCTFail("\(source) printed: \(fault)", file: file, line: line) }
    }
}
