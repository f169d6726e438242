import Foundation
import PDFWriter

extension Fixtures {
    /// What `recognisable()`'s page says, a line of the page each.
    public static let scannedLines = [
        "The reader opened the scanned contract late in the evening and searched",
        "for the clause about payment terms. Nothing was found, because the pages",
        "were pictures of paper, not text. Quire now reads such pages with a",
        "recognition engine, keeping each word and its place on the page, so that",
        "Find lights the words, a selection copies them, and a screen reader speaks",
        "them. The quick brown fox jumps over the lazy dog near the river bank.",
        "Invoice number 4721 was paid on the third of March by bank transfer.",
    ]

    /// Where line `index` of `scannedLines` stands on the page drawn before it was scanned:
    /// its baseline, in points from the top.
    public static func scannedBaseline(line index: Int) -> Double { 120 + Double(index) * 22 }
    public static let scannedLeft = 72.0

    /// A scanned page of known text, made as a scanner would: the text page drawn at 300
    /// dpi by another renderer (mutool), turned 0.6° (a sheet laid slightly askew), with
    /// grain (a fixed pseudo-random noise, so each run is the same) — then that picture
    /// alone on a Letter page, with no text of its own.
    /// `lines` are what the page says (`scannedLines` by default); `language`, when given, is
    /// written as the catalog's /Lang (in an incremental update: cairo writes none).
    public func recognisable(named name: String = "recognisable.pdf", lines: [String] = scannedLines, language: String? = nil) throws -> String {
        let clean = path("\(name)-text.pdf")
        let writer = PDFWriter(path: clean)
        writer.beginPage()
        for (index, line) in lines.enumerated() {
            writer.text(line, x: Self.scannedLeft, y: Self.scannedBaseline(line: index), size: 11, family: "DejaVu Serif")
        }
        writer.finish()
        let raster = try Raster(clean, scale: 300.0 / 72, renderer: .mutool)
        let (width, height) = (raster.width, raster.height)
        var grey = [UInt8](repeating: 255, count: width * height)
        let angle = 0.6 * Double.pi / 180, (cosine, sine) = (cos(angle), sin(angle))
        let (centreX, centreY) = (Double(width) / 2, Double(height) / 2)
        var seed: UInt64 = 0x5EED
        for row in 0..<height {
            for column in 0..<width {
                // The source pixel this one shows, turned about the centre (nearest).
                let dx = Double(column) - centreX, dy = Double(row) - centreY
                let sourceX = Int((centreX + dx * cosine - dy * sine).rounded()), sourceY = Int((centreY + dx * sine + dy * cosine).rounded())
                var level = 255.0
                if sourceX >= 0, sourceX < width, sourceY >= 0, sourceY < height {
                    let at = (sourceY * width + sourceX) * 3
                    level = (Double(raster.rgb[at]) + Double(raster.rgb[at + 1]) + Double(raster.rgb[at + 2])) / 3
                }
                seed = seed &* 6364136223846793005 &+ 1442695040888963407
                let noise = Double(Int((seed >> 33) % 61) - 30) // ±30 levels of grain
                grey[row * width + column] = UInt8(max(0, min(255, level * 0.92 + 8 + noise)))
            }
        }
        let file = path(name)
        let scan = PDFWriter(path: file)
        scan.beginPage()
        scan.picture(grey: grey, columns: width, rows: height, x: 0, y: 0, width: 612, height: 792)
        scan.finish()
        if let language { try Self.setLanguage(of: file, to: "(\(language))") }
        return file
    }

    /// A Russian scan's lines, as `scannedLines` for `recognisable(lines:language:)`.
    public static let scannedRussianLines = [
        "Читатель открыл отсканированный договор поздно вечером и искал",
        "условие об оплате. Ничего не нашлось, потому что страницы были",
        "снимками бумаги, а не текстом. Теперь программа читает такие",
        "страницы и сохраняет каждое слово и его место на странице.",
        "Счёт номер 4721 оплачен третьего марта банковским переводом.",
    ]

    /// Gives `path`'s catalog a /Lang of `value` (PDF text: "(ru)", "<FEFF00720075>"), in an
    /// incremental update: the catalog copied as a new object, the trailer's /Root moved to it.
    public static func setLanguage(of path: String, to value: String) throws {
        let bytes = try Array(Data(contentsOf: URL(fileURLWithPath: path)))
        let text = String(decoding: bytes, as: UTF8.self)
        let catalog = try NSRegularExpression(pattern: "<<\\s*/Type\\s*/Catalog(.*?)>>\\s*endobj", options: [.dotMatchesLineSeparators])
        let sizes = try NSRegularExpression(pattern: "/Size\\s+(\\d+)")
        guard let found = catalog.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)),
              let body = Range(found.range(at: 1), in: text),
              let size = sizes.matches(in: text, range: NSRange(text.startIndex..., in: text)).last.flatMap({ Range($0.range(at: 1), in: text) }).flatMap({ Int(text[$0]) }) else {
            throw CocoaError(.fileReadCorruptFile)
        }
        let update = PDFObjects([PDFObjects.Object(size, "<< /Type /Catalog\(text[body]) /Lang \(value) >>")], trailer: "/Root \(size) 0 R")
        try Data(update.update(of: bytes)).write(to: URL(fileURLWithPath: path))
    }
}

extension Fixtures {
    /// Scans no scanner makes, for recognition's bounds: page 1 a picture of 30,000 × 30,000
    /// pixels (one bit each, white with a black band: 112 MB unpacked, a few kilobytes of
    /// Flate), page 2 a gigabyte of grey behind two layers of Flate (`HostilePages.bombs`),
    /// page 3 grey noise at 150 dpi (nothing to read, blobs everywhere); then a page of text.
    public func hostileScans(named name: String = "hostile-scans.pdf") throws -> String {
        let side = 30_000, rowBytes = side / 8
        let band = Deflate.zlib([.repeated([0xFF], times: rowBytes * 14_000), .repeated([0x00], times: rowBytes * 2_000),
                                 .repeated([0xFF], times: rowBytes * 14_000)])
        let huge = HostilePages.drawing(Array("q 612 0 0 792 0 0 cm /Im Do Q".utf8), resources: { "/XObject << /Im \($0) 0 R >>" }) { base in
            [PDFObjects.Object(base, "<< /Type /XObject /Subtype /Image /Width \(side) /Height \(side) /ColorSpace /DeviceGray /BitsPerComponent 1 /Filter /FlateDecode >>",
                               stream: band)]
        }
        let bomb = try XCTUnwrapFixture(HostilePages.bombs.first { $0.0 == "image-gigabyte" }?.1)
        var seed: UInt64 = 0x0015_E5ED
        let (columns, rows) = (1275, 1650)
        let noise = (0..<(columns * rows)).map { _ -> UInt8 in
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            return UInt8(truncatingIfNeeded: seed >> 33)
        }
        let grain = HostilePages.drawing(Array("q 612 0 0 792 0 0 cm /Im Do Q".utf8), resources: { "/XObject << /Im \($0) 0 R >>" }) { base in
            [PDFObjects.Object(base, "<< /Type /XObject /Subtype /Image /Width \(columns) /Height \(rows) /ColorSpace /DeviceGray /BitsPerComponent 8 >>",
                               stream: noise)]
        }
        let file = path(name)
        try Data(HostileDocument.bytes(pages: [huge, bomb, grain])).write(to: URL(fileURLWithPath: file))
        return file
    }

    private func XCTUnwrapFixture<T>(_ value: T?) throws -> T {
        guard let value else { throw CocoaError(.fileNoSuchFile) }
        return value
    }
}
