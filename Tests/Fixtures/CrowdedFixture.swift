import Foundation
import PDFWriter

extension Fixtures {
    /// Two pages: the first (17 by 140 inches) crowded with `runs` small runs of text (85
    /// characters each, four points high, in a grid of 6 columns: 12,000 runs are a
    /// megabyte; of characters under three points poppler keeps only 50,000), the second
    /// one letter page of one line.
    public func crowded(runs: Int = 12_000, named name: String = "crowded.pdf") -> String {
        let file = path(name)
        let writer = PDFWriter(path: file)
        writer.beginPage(width: 1224, height: 10_080)
        let run = "crowded text run with words enough to fill eighty-five characters of a tiny line here"
        for index in 0..<runs {
            writer.text("\(run.prefix(80)) \(String(format: "%04d", index % 10_000))", x: 4 + Double(index % 6) * 203,
                        y: 5 + Double(index / 6) * 5, size: 4)
        }
        writer.beginPage()
        writer.text("The page after the crowded one.", x: 72, y: 72)
        writer.finish()
        return file
    }
}
