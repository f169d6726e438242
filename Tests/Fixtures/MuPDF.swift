import Foundation

/// Reads a PDF Quire wrote with another parser than poppler or qpdf: mutool's structured
/// text (`mutool draw -F stext`), page by page, with where each line is and its size.
public enum MuPDF {
    public struct Line: Equatable {
        public var text: String
        /// The left edge, in points from the page's left.
        public var x: Double
        /// The font size of its last character, in points.
        public var size: Double
        /// Its box's top and bottom, in points from the page's top.
        public var top = 0.0, bottom = 0.0
        /// Its box's right edge, in points from the page's left.
        public var right = 0.0
    }

    public struct Page: Equatable {
        public var width = 0.0, height = 0.0
        public var lines: [Line] = []
    }

    /// Every page of `path` as mutool reads it; throws when mutool cannot.
    public static func pages(in path: String) throws -> [Page] {
        let process = Process(), pipe = Pipe()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/mutool")
        process.arguments = ["draw", "-q", "-F", "stext", "-o", "-", path]
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw QPDFFailure(description: "mutool could not read \(path) (status \(process.terminationStatus))") }
        return parse(String(decoding: output, as: UTF8.self))
    }

    /// The pages of mutool's stext XML: its `page`, `line`, `font` and `char` elements.
    static func parse(_ stext: String) -> [Page] {
        func attribute(_ name: String, in tag: String) -> Substring? {
            guard let start = tag.range(of: " " + name + "=\"") else { return nil }
            return tag[start.upperBound...].prefix { $0 != "\"" }
        }
        let entities = ["&amp;": "&", "&lt;": "<", "&gt;": ">", "&quot;": "\"", "&apos;": "'"]
        var pages: [Page] = []
        var size = 0.0
        for piece in stext.split(separator: "<") {
            let tag = "<" + piece
            if tag.hasPrefix("<page ") {
                pages.append(Page(width: attribute("width", in: tag).flatMap { Double($0) } ?? 0,
                                  height: attribute("height", in: tag).flatMap { Double($0) } ?? 0))
            } else if tag.hasPrefix("<line "), !pages.isEmpty {
                let box = attribute("bbox", in: tag)?.split(separator: " ").compactMap { Double($0) } ?? []
                pages[pages.count - 1].lines.append(Line(text: "", x: box.first ?? .nan, size: 0,
                                                         top: box.count == 4 ? box[1] : .nan, bottom: box.count == 4 ? box[3] : .nan,
                                                         right: box.count == 4 ? box[2] : .nan))
            } else if tag.hasPrefix("<font ") {
                size = attribute("size", in: tag).flatMap { Double($0) } ?? 0
            } else if tag.hasPrefix("<char "), let character = attribute("c", in: tag), !(pages.last?.lines.isEmpty ?? true) {
                let last = pages.count - 1, line = pages[last].lines.count - 1
                pages[last].lines[line].text += entities[String(character)] ?? String(character)
                pages[last].lines[line].size = size
            }
        }
        return pages
    }
}
