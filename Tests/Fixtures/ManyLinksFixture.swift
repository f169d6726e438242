import Foundation

/// Pages with a hostile number of links: small link annotations in a grid over the
/// middle of page 1 of two Letter pages, each going to the top of page 2. The grid's
/// area is painted `Fixtures.boxColour`, for window tests to find. They are
/// direct dictionaries in one /Annots array sharing one destination, so that 200,000 of
/// them make a file of about 15 MB (with /Border [0 0 0]: without it poppler draws each link a black frame).
///
/// poppler 22.12 refuses to load a page whose /Annots holds more than 10,000 entries
/// ("likely malformed. Too big"): `mostPopplerReads` is the largest page it reads,
/// `twoHundredThousand` a page it does not load at all.
public struct ManyLinks: Sendable {
    public let columns: Int, rows: Int
    public static let mostPopplerReads = ManyLinks(columns: 100, rows: 100)
    public static let twoHundredThousand = ManyLinks(columns: 500, rows: 400)
    public var count: Int { columns * rows }
    /// The grid spans 500 × 600 points from (56, 92).
    private var step: (x: Double, y: Double) { (500 / Double(columns), 600 / Double(rows)) }

    /// Link (column, row)'s area in points from the page's top-left: 80 % of its step
    /// across and down, so that links never touch.
    public func area(column: Int, row: Int) -> (x: Double, y: Double, width: Double, height: Double) {
        (56 + step.x * Double(column), 92 + step.y * Double(row), 0.8 * step.x, 0.8 * step.y)
    }

    var document: HandWrittenPDF {
        let letter = "/MediaBox [0 0 612 792]"
        let firstExtra = HandWrittenPDF(pages: [.init(entries: letter), .init(entries: letter)]).firstExtra
        let annots = firstExtra, destination = firstExtra + 1
        var array = "["
        array.reserveCapacity(count * 60)
        for row in 0..<rows {
            for column in 0..<columns {
                let area = area(column: column, row: row)
                // PDF measures from the page bottom; the grids' numbers are exact in tenths.
                let bottom = 792 - area.y - area.height
                array += "<</Subtype/Link/Border[0 0 0]/Rect[\(Self.tenths(area.x)) \(Self.tenths(bottom)) \(Self.tenths(area.x + area.width)) \(Self.tenths(bottom + area.height))]/Dest \(destination) 0 R>>\n"
            }
        }
        array += "]"
        let colour = Fixtures.boxColour
        let first = HandWrittenPDF.Page(entries: letter + " /Annots \(annots) 0 R",
                                        extraObjects: [array, "[\(HandWrittenPDF.pageObject(1)) 0 R /XYZ null 792 null]"],
                                        drawing: "q \(colour.red) \(colour.green) \(colour.blue) rg 56 100 500 600 re f Q ")
        return HandWrittenPDF(pages: [first, .init(entries: letter)])
    }

    private static func tenths(_ value: Double) -> String {
        let tenths = Int((value * 10).rounded())
        return "\(tenths / 10).\(tenths % 10)"
    }
}

extension Fixtures {
    /// Writes the document of `links` and returns its path.
    public func manyLinks(_ links: ManyLinks) throws -> String {
        let file = path("links-\(links.count).pdf")
        try links.document.bytes.write(to: URL(fileURLWithPath: file))
        return file
    }
}
