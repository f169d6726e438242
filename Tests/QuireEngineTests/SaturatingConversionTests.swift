import XCTest
@testable import QuireEngine

final class SaturatingConversionTests: XCTestCase {
    func testNotANumberIsZero() {
        XCTAssertEqual(Int(saturating: Double.nan), 0)
        XCTAssertEqual(Int32(saturating: -Double.nan), 0)
        XCTAssertEqual(UInt32(saturating: Float.nan), 0)
    }

    func testInfinitiesAndHugeValuesAreTheBounds() {
        XCTAssertEqual(Int(saturating: Double.infinity), .max)
        XCTAssertEqual(Int(saturating: -Double.infinity), .min)
        XCTAssertEqual(Int(saturating: 1e300), .max)
        XCTAssertEqual(Int(saturating: -1e300), .min)
        XCTAssertEqual(Int32(saturating: 1e23), .max)
        XCTAssertEqual(UInt32(saturating: -5.0), 0)
        XCTAssertEqual(Int(saturating: Float.infinity), .max)
    }

    /// Int.max is not a Double: 2⁶³ is the first value past it and must not reach Int(_:).
    func testTheEdgesOfTheRange() {
        XCTAssertEqual(Int(saturating: 9_223_372_036_854_775_808.0), .max)
        XCTAssertEqual(Int(saturating: -9_223_372_036_854_775_808.0), .min)
        XCTAssertEqual(Int32(saturating: 2_147_483_647.0), .max)
        XCTAssertEqual(Int32(saturating: 2_147_483_646.5), 2_147_483_646)
        XCTAssertEqual(Int32(saturating: Float(2_147_483_520)), 2_147_483_520)
    }

    func testOrdinaryValuesTruncateAsIntDoes() {
        XCTAssertEqual(Int(saturating: 2.9), 2)
        XCTAssertEqual(Int(saturating: -2.9), -2)
        XCTAssertEqual(Int(saturating: 1024.0), 1024)
    }
}
