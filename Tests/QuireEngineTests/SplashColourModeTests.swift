import QuireEngine
import XCTest

/// Which of Splash's colour modes draws a page (`SplashColourMode`'s policy).
final class SplashColourModeTests: XCTestCase {
    func testAPageOfGreyAndOneBitImagesIsDrawnGreyFromTheStart() {
        XCTAssertEqual(SplashColourMode(for: [.bilevelImage, .bilevelCodec]), .grey, "a JBIG2 or CCITT scan")
        XCTAssertEqual(SplashColourMode(for: [.greyImage, .bilevelImage]), .grey)
        XCTAssertEqual(SplashColourMode(for: []), .grey, "black text, grey lines")
    }

    func testAnyColourShadingTransparencyOrUnreadPageKeepsTheColourPath() {
        for unsure: PageInks in [.colour, .shading, .transparency, .unread] {
            XCTAssertEqual(SplashColourMode(for: unsure), .colour, "\(unsure)")
            XCTAssertEqual(SplashColourMode(for: unsure.union([.greyImage, .bilevelImage, .bilevelCodec])), .colour, "\(unsure) on a scan")
        }
    }
}
