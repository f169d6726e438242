import CPoppler
import CSplash
import QuireEngine
#if canImport(Glibc)
import Glibc
#endif

extension Document {
    /// Adds what the reader drew (`Drawing`) to its page as the annotation of its kind (/Ink,
    /// /Line, /Square, /Circle, /FreeText, /Stamp), in the markup's colour, its author as /T,
    /// its time as /M, printed, with its appearance stream as /AP /N (drawings.cpp). False when
    /// the page cannot be loaded, or the drawing draws nothing or nothing on the page.
    func add(_ drawing: Drawing, of markup: Markup) -> Bool {
        let drawing = drawing.bounded()
        guard drawing.isVisible else { return false }
        return withPage(markup.page) { page -> Bool? in
            let size = Self.declaredSize(of: page)
            guard drawing.bounds.intersects(Rect(x: 0, y: 0, width: size.width, height: size.height)) else { return false }
            var points: [Double] = []
            var strokes: [Int] = []
            var frame = (0.0, 0.0, 0.0, 0.0)
            var arrow = false
            var stampName: String?
            var picture: StampPicture?
            switch drawing.shape {
            case .ink(let lines):
                for line in lines {
                    strokes.append(line.count)
                    for point in line { points += [point.x, point.y] }
                }
            case .line(let from, let to, let head):
                points = [from.x, from.y, to.x, to.y]
                arrow = head
            case .rectangle(let rect), .ellipse(let rect), .textBox(let rect):
                frame = (rect.x, rect.y, rect.width, rect.height)
            case .stamp(let rect, let stamp):
                frame = (rect.x, rect.y, rect.width, rect.height)
                switch stamp {
                case .standard(let name): stampName = name.rawValue
                case .picture(let pixels): picture = pixels
                }
            }
            let kind: Int32 = switch drawing.shape {
            case .ink: CSPLASH_DRAWN_INK
            case .line: CSPLASH_DRAWN_LINE
            case .rectangle: CSPLASH_DRAWN_SQUARE
            case .ellipse: CSPLASH_DRAWN_CIRCLE
            case .textBox: CSPLASH_DRAWN_FREE_TEXT
            case .stamp: CSPLASH_DRAWN_STAMP
            }
            let rgb = markup.colour.components, fill = drawing.fill?.components ?? (red: 0, green: 0, blue: 0)
            let contents = markup.comment.isEmpty ? markup.text : markup.comment
            let sizes = strokes.map { Int($0) }
            let added: Int32 = points.withUnsafeBufferPointer { points in
                sizes.withUnsafeBufferPointer { sizes in
                    (picture?.pixels ?? []).withUnsafeBufferPointer { pixels in
                        contents.withCString { contents in
                            markup.author.withCString { author in
                                Self.pdfDate(markup.created).withCString { date in
                                    (stampName ?? "").withCString { stampName in
                                        var made = csplash_drawing(
                                            kind: kind, points: points.baseAddress, point_count: points.count / 2,
                                            stroke_lengths: sizes.baseAddress, stroke_count: sizes.count,
                                            frame: frame, width: drawing.width, colour: (rgb.red, rgb.green, rgb.blue),
                                            filled: drawing.fill == nil ? 0 : 1, fill: (fill.red, fill.green, fill.blue),
                                            font_size: drawing.fontSize, arrow: arrow ? 1 : 0,
                                            contents: contents, author: author, date: date, stamp_name: stampName,
                                            pixels: picture == nil ? nil : pixels.baseAddress,
                                            pixel_width: Int32(picture?.width ?? 0), pixel_height: Int32(picture?.height ?? 0))
                                        return csplash_add_drawing(UnsafeMutableRawPointer(page), &made)
                                    }
                                }
                            }
                        }
                    }
                }
            }
            return added != 0
        } ?? false
    }

    /// `seconds` since 1970 as a PDF date in UTC ("D:20261206184730Z").
    static func pdfDate(_ seconds: Double) -> String {
        var time = time_t(seconds.isFinite ? min(max(seconds, 0), 253_402_300_799) : 0)
        var parts = tm()
        gmtime_r(&time, &parts)
        func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "D:\(parts.tm_year + 1900)\(two(parts.tm_mon + 1))\(two(parts.tm_mday))\(two(parts.tm_hour))\(two(parts.tm_min))\(two(parts.tm_sec))Z"
    }
}
