import Foundation
import XCTest
@testable import QuireEngine

/// The colour a new markup takes: its kind's own until the reader chooses one, then the
/// last one chosen for that kind.
final class MarkupColoursTests: XCTestCase {
    /// WCAG's contrast ratio of two sRGB colours (1 to 21).
    private func contrast(_ a: (red: Double, green: Double, blue: Double), _ b: (red: Double, green: Double, blue: Double)) -> Double {
        func linear(_ c: Double) -> Double { c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4) }
        func luminance(_ c: (red: Double, green: Double, blue: Double)) -> Double {
            0.2126 * linear(c.red) + 0.7152 * linear(c.green) + 0.0722 * linear(c.blue)
        }
        let (x, y) = (luminance(a), luminance(b))
        return (max(x, y) + 0.05) / (min(x, y) + 0.05)
    }

    /// Every ink, and so every line's own colour, stands 3:1 (WCAG's least for graphics)
    /// against white paper, against the night page it is drawn on before it is saved, and
    /// turned over with the page once saved; the highlighter's yellow did not (1.3:1 on
    /// white, 1.6:1 turned over at night).
    func testLinesReadOnPaperByDayAndAtNight() {
        let white = (red: 1.0, green: 1.0, blue: 1.0), black = (red: 0.0, green: 0.0, blue: 0.0)
        for kind in [Markup.Kind.underline, .strikeOut, .squiggly] {
            XCTAssertTrue(MarkupColours.inks.contains(MarkupColours.standard(for: kind)), "\(kind)")
        }
        for ink in MarkupColours.inks {
            let c = ink.components
            XCTAssertGreaterThanOrEqual(contrast(c, white), 3, "\(ink) on white")
            XCTAssertGreaterThanOrEqual(contrast(c, black), 3, "\(ink) on the night page")
            XCTAssertGreaterThanOrEqual(contrast(ColourMatrix.night.apply(red: c.red, green: c.green, blue: c.blue), black), 3, "\(ink) saved, at night")
        }
        let yellow = Markup.Colour.yellow.components
        XCTAssertLessThan(contrast(yellow, white), 3, "the test no longer tells a line that does not read")
        XCTAssertEqual(MarkupColours().colour(for: .underline), .blueInk)
        XCTAssertEqual(MarkupColours().colour(for: .strikeOut), .redInk)
        XCTAssertEqual(MarkupColours().colour(for: .highlight), .yellow)
    }

    func testTheLastColourChosenForAKindIsTheNextOfThatKindOnly() {
        var colours = MarkupColours()
        colours.choose(.purpleInk, for: .underline)
        colours.choose(.greenInk, for: .underline)
        colours.choose(.pink, for: .highlight)
        XCTAssertEqual(colours.colour(for: .underline), .greenInk)
        XCTAssertEqual(colours.colour(for: .highlight), .pink)
        XCTAssertEqual(colours.colour(for: .strikeOut), .redInk, "another kind kept its own")
        colours.choose(.yellow, for: .strikeOut)
        colours.choose(.blueInk, for: .note)
        XCTAssertEqual(colours.colour(for: .strikeOut), .redInk, "a marker is not a line's colour")
        XCTAssertEqual(colours.colour(for: .note), .yellow, "an ink is not a note's")
    }

    func testChoicesAreStoredByNameAndUnknownNamesKeepTheKindsOwn() {
        var colours = MarkupColours()
        colours.choose(.greenInk, for: .underline)
        colours.choose(.blue, for: .highlight)
        XCTAssertEqual(colours.stored, ["underline": "greenInk", "highlight": "blue"])
        XCTAssertEqual(MarkupColours(stored: colours.stored), colours)
        let odd = MarkupColours(stored: ["underline": "ultraviolet", "strike-out": "yellow", "wavy": "redInk"])
        XCTAssertEqual(odd, MarkupColours())
    }

    func testTheFilesAnnotationsOfferTheirKindsColours() {
        XCTAssertEqual(MarkupColours.offered(forFile: .underline), MarkupColours.inks)
        XCTAssertEqual(MarkupColours.offered(forFile: .square), MarkupColours.inks)
        XCTAssertEqual(MarkupColours.offered(forFile: .highlight), MarkupColours.markers)
        XCTAssertEqual(MarkupColours.kind(ofFile: .strikeOut), .strikeOut)
        XCTAssertEqual(MarkupColours.kind(ofFile: .stamp), .stamp, "a file's stamp's colour is the next stamp's")
        XCTAssertEqual(MarkupColours.offered(forFile: .stamp), MarkupColours.offered(for: .stamp))
        XCTAssertNil(MarkupColours.kind(ofFile: .polygon), "the reader makes no polygons")
    }
}
