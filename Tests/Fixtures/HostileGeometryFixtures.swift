import Foundation

/// Page geometry no paper has, written as valid PDF numbers that poppler 22.12 passes
/// through: 99999999999999999999999 as 1e23 points, a 400-digit number as infinity.
/// (The fuzzer's `1e30` is not a PDF number: poppler falls back to Letter on it.)
public enum HostileGeometry: String, CaseIterable, Sendable {
    case hugeMediaBox, infiniteMediaBox, notANumberMediaBox, zeroWidthMediaBox, negativeMediaBox, zeroMediaBox
    case hugeUserUnit, hugeCropBox, hugePageThreeOfFive, hugeLinkArea

    public static let huge = "99999999999999999999999"
    public static let infinite = "1" + String(repeating: "0", count: 399)
    public static let letterBox = "/MediaBox [0 0 612 792]"

    /// The pages poppler reads with a size no paper has (zero-based).
    public var unshownPages: [Int] {
        switch self {
        case .hugeMediaBox, .infiniteMediaBox, .notANumberMediaBox, .zeroWidthMediaBox: [0]
        case .hugePageThreeOfFive: [2]
        // poppler swaps reversed corners, takes an all-zero box for none (Letter), clips
        // the crop box to the media box and ignores /UserUnit.
        case .negativeMediaBox, .zeroMediaBox, .hugeUserUnit, .hugeCropBox, .hugeLinkArea: []
        }
    }

    var document: HandWrittenPDF {
        let huge = Self.huge, infinite = Self.infinite
        func box(_ numbers: String) -> HandWrittenPDF.Page { HandWrittenPDF.Page(entries: "/MediaBox [\(numbers)]") }
        let letter = HandWrittenPDF.Page(entries: Self.letterBox)
        switch self {
        case .hugeMediaBox: return HandWrittenPDF(pages: [box("0 0 \(huge) \(huge)")])
        case .infiniteMediaBox: return HandWrittenPDF(pages: [box("0 0 \(infinite) \(infinite)")])
        // Infinity minus infinity: the width is not a number.
        case .notANumberMediaBox: return HandWrittenPDF(pages: [box("\(infinite) 0 \(infinite) 792")])
        case .zeroWidthMediaBox: return HandWrittenPDF(pages: [box("0 0 0 792")])
        case .negativeMediaBox: return HandWrittenPDF(pages: [box("0 0 -612 -792")])
        case .zeroMediaBox: return HandWrittenPDF(pages: [box("0 0 0 0")])
        case .hugeUserUnit:
            return HandWrittenPDF(pages: [HandWrittenPDF.Page(entries: Self.letterBox + " /UserUnit 1" + String(repeating: "0", count: 30))])
        case .hugeCropBox: return HandWrittenPDF(pages: [HandWrittenPDF.Page(entries: Self.letterBox + " /CropBox [0 0 \(huge) \(huge)]")])
        case .hugePageThreeOfFive:
            // Page 3 has a link, which must not reach the view either.
            var third = box("0 0 \(huge) \(huge)")
            third.entries += " /Annots [\(HandWrittenPDF(pages: Array(repeating: letter, count: 5)).firstExtra) 0 R]"
            third.extraObjects = ["<< /Type /Annot /Subtype /Link /Rect [72 690 200 720] /Dest [\(HandWrittenPDF.pageObject(0)) 0 R /Fit] >>"]
            return HandWrittenPDF(pages: [letter, letter, third, letter, letter])
        case .hugeLinkArea:
            // Four links on page 1: an area 1e23 wide to page 2 at a top 1e23 up, an
            // infinite one to page 2 at an infinite top, one wholly off the page, and an
            // ordinary one to a place 1e23 below page 2's bottom.
            var first = HandWrittenPDF.Page(entries: Self.letterBox)
            let firstExtra = HandWrittenPDF(pages: [first, letter]).firstExtra
            first.entries += " /Annots [\((firstExtra..<firstExtra + 4).map { "\($0) 0 R" }.joined(separator: " "))]"
            let second = HandWrittenPDF.pageObject(1)
            first.extraObjects = [
                "<< /Type /Annot /Subtype /Link /Rect [-\(huge) -\(huge) \(huge) \(huge)] /Dest [\(second) 0 R /XYZ 0 \(huge) 0] >>",
                "<< /Type /Annot /Subtype /Link /Rect [0 0 \(infinite) 700] /Dest [\(second) 0 R /XYZ 0 -\(infinite) 0] >>",
                "<< /Type /Annot /Subtype /Link /Rect [\(huge) 0 \(huge)0 10] /Dest [\(second) 0 R /XYZ 0 100 0] >>",
                "<< /Type /Annot /Subtype /Link /Rect [72 72 144 92] /Dest [\(second) 0 R /XYZ 0 -\(huge) 0] >>",
            ]
            return HandWrittenPDF(pages: [first, letter])
        }
    }
}

extension Fixtures {
    /// Writes a document of `kind`'s hostile geometry and returns its path.
    public func hostile(_ kind: HostileGeometry) throws -> String {
        let file = path("hostile-\(kind.rawValue).pdf")
        try kind.document.bytes.write(to: URL(fileURLWithPath: file))
        return file
    }
}
