import Foundation
import PDFWriter

/// A document as pdfLaTeX with `-synctex=1` leaves it: a PDF and, beside it, a SyncTeX
/// file (hand-written in SyncTeX's text format, optionally gzipped as TeX writes it)
/// whose records are the PDF's lines. Page p's line i (from 0) says "Page p+1 line i+1",
/// comes from line `p * linesPerPage + i + 1` of `thesis.tex` in the same folder, and is
/// a box from x 72 to 372 points whose baseline is `baseline(line: i)`, 10 points high
/// and 3 deep.
extension Fixtures {
    public static let syncTeXLinesPerPage = 20
    public static let syncTeXBox = (x: 72.0, width: 300.0, height: 10.0, depth: 3.0)
    public static func syncTeXBaseline(line: Int) -> Double { 100 + Double(line) * 30 }
    public static func syncTeXSourceLine(page: Int, line: Int) -> Int { page * syncTeXLinesPerPage + line + 1 }
    public static func syncTeXText(page: Int, line: Int) -> String { "Page \(page + 1) line \(line + 1)" }

    /// Writes `name.pdf` with `pages` pages and its SyncTeX file (`name.synctex.gz`, or
    /// `name.synctex` when not `compressed`); returns the PDF's path and the source's.
    public func syncTeX(pages: Int = 3, named name: String = "thesis", compressed: Bool = true) throws -> (pdf: String, source: String) {
        let pdf = path(name + ".pdf"), source = path(name + ".tex")
        let writer = PDFWriter(path: pdf)
        for page in 0..<pages {
            writer.beginPage()
            for line in 0..<Self.syncTeXLinesPerPage {
                writer.text(Self.syncTeXText(page: page, line: line), x: Self.syncTeXBox.x, y: Self.syncTeXBaseline(line: line), size: 12)
            }
        }
        writer.finish()
        try writeSyncTeX(for: name, pages: pages, input: source, compressed: compressed)
        return (pdf, source)
    }

    /// Writes (or rewrites) the SyncTeX file of `name.pdf`; `shift` moves every record that
    /// many source lines down, as an edit above them would.
    public func writeSyncTeX(for name: String, pages: Int = 3, input: String, compressed: Bool = true, shift: Int = 0) throws {
        // Scaled points per big point (the PDF's point): 65536 × 72.27 / 72.
        func sp(_ points: Double) -> Int { Int((points * 65781.76).rounded()) }
        let box = Self.syncTeXBox
        var content = ["SyncTeX Version:1", "Input:1:\(input)", "Output:pdf", "Magnification:1000", "Unit:1",
                       "X Offset:0", "Y Offset:0", "Content:"]
        for page in 0..<pages {
            content.append("{\(page + 1)")
            content.append("[1,1:0,0:\(sp(612)),\(sp(792)),0")
            for line in 0..<Self.syncTeXLinesPerPage {
                let number = Self.syncTeXSourceLine(page: page, line: line) + shift, baseline = sp(Self.syncTeXBaseline(line: line))
                content.append("(1,\(number):\(sp(box.x)),\(baseline):\(sp(box.width)),\(sp(box.height)),\(sp(box.depth))")
                content.append("x1,\(number):\(sp(box.x)),\(baseline)")
                content.append(")")
            }
            content.append("]")
            content.append("}\(page + 1)")
        }
        content += ["Postamble:", "Count:\(pages * (Self.syncTeXLinesPerPage * 2 + 1))", "Post scriptum:", ""]
        let plain = path(name + ".synctex")
        try? FileManager.default.removeItem(atPath: plain)
        try? FileManager.default.removeItem(atPath: plain + ".gz")
        try content.joined(separator: "\n").write(toFile: plain, atomically: false, encoding: .utf8)
        if compressed { try Self.gzip(plain) }
    }

    /// Runs `pdflatex -synctex=1` on `source` as `name.tex` in the fixtures' folder; returns
    /// the PDF's path and the source's (the SyncTeX file is `name.synctex.gz` beside them).
    public func pdfLaTeX(_ source: String, named name: String = "real") throws -> (pdf: String, source: String) {
        let tex = path(name + ".tex")
        try source.write(toFile: tex, atomically: true, encoding: .utf8)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/pdflatex")
        process.arguments = ["-synctex=1", "-interaction=nonstopmode", "-halt-on-error", name + ".tex"]
        process.currentDirectoryURL = directory
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw FixtureError("pdflatex failed with status \(process.terminationStatus)") }
        return (path(name + ".pdf"), tex)
    }

    /// `gzip -n FILE`: FILE.gz in its place.
    static func gzip(_ file: String) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/gzip")
        process.arguments = ["-n", "-f", file]
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw FixtureError("gzip failed with status \(process.terminationStatus)") }
    }
}
