/// Standard paper sizes, to name a page's size the way people know it ("A4", "US Letter").
/// A page matches a paper when both sides are within 1.5 mm of it, portrait or landscape:
/// producers round differently (A4 is written 595 × 842 pt or 595.28 × 841.89 pt).
public struct PaperSize: Equatable, Sendable {
    public let name: String
    /// Portrait sides in millimetres.
    public let width: Double
    public let height: Double

    public init(name: String, width: Double, height: Double) {
        self.name = name
        self.width = width
        self.height = height
    }

    public static let standard: [PaperSize] = [
        PaperSize(name: "A0", width: 841, height: 1189), PaperSize(name: "A1", width: 594, height: 841),
        PaperSize(name: "A2", width: 420, height: 594), PaperSize(name: "A3", width: 297, height: 420),
        PaperSize(name: "A4", width: 210, height: 297), PaperSize(name: "A5", width: 148, height: 210),
        PaperSize(name: "A6", width: 105, height: 148), PaperSize(name: "B4", width: 250, height: 353),
        PaperSize(name: "B5", width: 176, height: 250), PaperSize(name: N_("US Letter"), width: 215.9, height: 279.4),
        PaperSize(name: N_("US Legal"), width: 215.9, height: 355.6), PaperSize(name: N_("Tabloid"), width: 279.4, height: 431.8),
        PaperSize(name: N_("Executive"), width: 184.15, height: 266.7), PaperSize(name: N_("DL envelope"), width: 110, height: 220),
        PaperSize(name: N_("C5 envelope"), width: 162, height: 229),
    ]

    static let tolerance = 1.5 // mm

    /// The standard paper a page of `size` points is printed on, if any.
    public static func matching(_ size: Size) -> PaperSize? {
        let (short, long) = (min(size.width, size.height) * millimetresPerPoint, max(size.width, size.height) * millimetresPerPoint)
        return standard.first { abs($0.width - short) <= tolerance && abs($0.height - long) <= tolerance }
    }

    public static let millimetresPerPoint = 25.4 / 72
}

extension PropertyText {
    /// "210 × 297 mm (8.27 × 11.69 in), A4, portrait": whole millimetres, inches to two
    /// places, and the paper's name and orientation when the size is a standard one.
    public static func pageSize(_ size: Size, style: NumberStyle = .current) -> String {
        let mm = { (points: Double) in number(points * PaperSize.millimetresPerPoint, places: 0, style: style) }
        let inches = { (points: Double) in number(points / 72, places: 2, trimmed: true, style: style) }
        let dimensions = tr("{width} × {height} mm ({width_inches} × {height_inches} in)", [
            "width": mm(size.width), "height": mm(size.height), "width_inches": inches(size.width), "height_inches": inches(size.height),
        ])
        guard let paper = PaperSize.matching(size) else { return dimensions }
        let values = ["size": dimensions, "paper": tr(paper.name)]
        if size.width == size.height { return tr("{size}, {paper}", values) }
        return size.width > size.height ? tr("{size}, {paper}, landscape", values) : tr("{size}, {paper}, portrait", values)
    }
}
