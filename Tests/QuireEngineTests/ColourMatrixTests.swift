import XCTest
@testable import QuireEngine

final class ColourMatrixTests: XCTestCase {
    private func assertColour(_ colour: (red: Double, green: Double, blue: Double), _ expected: (Double, Double, Double),
                              file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(colour.red, expected.0, accuracy: 0.005, file: file, line: line)
        XCTAssertEqual(colour.green, expected.1, accuracy: 0.005, file: file, line: line)
        XCTAssertEqual(colour.blue, expected.2, accuracy: 0.005, file: file, line: line)
    }

    func testNightTurnsPaperBlackAndInkWhite() {
        assertColour(ColourMatrix.night.apply(red: 1, green: 1, blue: 1), (0, 0, 0))
        assertColour(ColourMatrix.night.apply(red: 0, green: 0, blue: 0), (1, 1, 1))
        assertColour(ColourMatrix.night.apply(red: 0.87, green: 0.87, blue: 0.87), (0.13, 0.13, 0.13))
    }

    /// Plain inversion makes red cyan; night keeps it red, lighter.
    func testNightKeepsTheHueOfColours() {
        let red = ColourMatrix.night.apply(red: 0.8, green: 0.2, blue: 0.2)
        XCTAssertGreaterThan(red.red, red.green + 0.3)
        XCTAssertEqual(red.green, red.blue, accuracy: 0.005)
        XCTAssertGreaterThan(red.green, 0.2, "lighter than the original's darkest component")
        let cyan = ColourMatrix.inversion.apply(red: 0.8, green: 0.2, blue: 0.2)
        XCTAssertLessThan(cyan.red, cyan.green)
        let blue = ColourMatrix.night.apply(red: 0.1, green: 0.2, blue: 0.9)
        XCTAssertGreaterThan(blue.blue, max(blue.red, blue.green))
    }

    func testAFullTurnOfHueChangesNothing() {
        let turned = ColourMatrix.hueRotation(degrees: 180).then(.hueRotation(degrees: 180))
        for (index, value) in turned.rows.enumerated() {
            XCTAssertEqual(value, ColourMatrix.identity.rows[index], accuracy: 1e-9)
        }
    }
}
