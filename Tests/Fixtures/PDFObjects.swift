import Foundation

/// A PDF written object by object as bytes, for structures no PDF writer makes: streams of
/// any bytes, a cross-reference table or stream with the offsets right (or its /W, /Index
/// and /Prev as the caller writes them), objects packed in an object stream, and
/// incremental updates appended to another file. `HandWrittenPDF` is the page-level
/// shorthand for geometry; this is the level below it.
public struct PDFObjects: Sendable {
    public struct Object: Sendable {
        public var number: Int
        /// The dictionary, array or other value, as PDF text.
        public var value: String
        /// The stream's bytes, after its filters; /Length is added to `value`'s dictionary
        /// when it has none.
        public var stream: [UInt8]?
        public init(_ number: Int, _ value: String, stream: [UInt8]? = nil) {
            self.number = number
            self.value = value
            self.stream = stream
        }
    }

    /// How the objects are found.
    public enum CrossReference: Sendable {
        case table
        /// An xref stream numbered `number`; the objects in `packed` go in an object stream
        /// numbered `objectStream`. `entries` replaces the computed /W and /Index (for
        /// broken ones); `extra` is added to its dictionary (a /Prev, say).
        /// `compressed` lists objects the caller packed in object streams of its own:
        /// number → (object stream, index in it).
        case stream(number: Int, packed: [Int] = [], objectStream: Int = 0, entries: String? = nil, extra: String = "",
                    compressed: [Int: (stream: Int, index: Int)] = [:])
    }

    /// Where the new section's /Prev points, in an update.
    public enum Previous: Sendable {
        case lastSection
        /// At the section itself: a cycle of one.
        case itself
        case offset(Int)
    }

    public var objects: [Object]
    public var previous = Previous.lastSection
    /// Trailer entries besides /Size (and /Prev in an update): "/Root 1 0 R /Info 9 0 R".
    public var trailer: String
    public init(_ objects: [Object], trailer: String = "/Root 1 0 R") {
        self.objects = objects
        self.trailer = trailer
    }

    public func bytes(_ crossReference: CrossReference = .table) -> [UInt8] {
        var file = Array("%PDF-1.7\n%\u{e2}\u{e3}\n".utf8)
        append(to: &file, crossReference, previous: nil)
        return file
    }

    /// `original` with these objects appended as an incremental update whose trailer (or
    /// xref stream) points back at the original's last cross-reference section.
    public func update(of original: [UInt8], _ crossReference: CrossReference = .table) -> [UInt8] {
        var file = original
        if file.last != 0x0A { file.append(0x0A) }
        append(to: &file, crossReference, previous: Self.lastStartXref(original))
        return file
    }

    /// The offset after the file's last `startxref`, if it has one.
    public static func lastStartXref(_ bytes: [UInt8]) -> Int? {
        let keyword = Array("startxref".utf8)
        guard let at = bytes.lastRange(of: keyword) else { return nil }
        let digits = bytes[at.upperBound...].drop { $0 == 0x20 || $0 == 0x0A || $0 == 0x0D }.prefix { (0x30...0x39).contains($0) }
        return Int(String(decoding: digits, as: UTF8.self))
    }

    private func append(to file: inout [UInt8], _ crossReference: CrossReference, previous: Int?) {
        var offsets: [Int: (kind: Int, field2: Int, field3: Int)] = [:]
        var written = objects
        var xrefNumber: Int?
        var streamDictionary = ""
        if case .stream(let number, let packed, let objectStream, let entries, let extra, let compressed) = crossReference {
            xrefNumber = number
            for (object, place) in compressed { offsets[object] = (2, place.stream, place.index) }
            let inside = written.filter { packed.contains($0.number) }
            written.removeAll { packed.contains($0.number) }
            if !inside.isEmpty {
                var header = "", body = ""
                for (index, object) in inside.enumerated() {
                    header += "\(object.number) \(body.utf8.count) "
                    body += object.value + "\n"
                    offsets[object.number] = (2, objectStream, index)
                }
                let data = Array((header + body).utf8)
                written.append(Object(objectStream, "<< /Type /ObjStm /N \(inside.count) /First \(header.utf8.count) /Filter /FlateDecode >>",
                                      stream: Deflate.zlib(compressing: data)))
            }
            streamDictionary = entries ?? ""
            streamDictionary += " " + extra
        }
        for object in written {
            offsets[object.number] = (1, file.count, 0)
            file += Self.text(of: object)
        }
        let size = (offsets.keys + [xrefNumber ?? 0]).max().map { $0 + 1 } ?? 1
        let start = file.count
        let prev: String
        switch self.previous {
        case .lastSection: prev = previous.map { " /Prev \($0)" } ?? ""
        case .itself: prev = " /Prev \(start)"
        // Ten digits, so that a caller can write the real offset later without moving anything.
        case .offset(let offset): prev = String(format: " /Prev %010d", offset)
        }
        switch crossReference {
        case .table:
            file += Array("xref\n".utf8)
            // One subsection per run of consecutive numbers; object 0 heads a new file.
            if previous == nil { offsets[0] = (0, 0, 65_535) }
            var numbers = offsets.keys.sorted()[...]
            while let first = numbers.first {
                var run = 1
                while numbers.dropFirst(run).first == first + run { run += 1 }
                file += Array("\(first) \(run)\n".utf8)
                for number in numbers.prefix(run) {
                    let entry = offsets[number]!
                    let line = entry.kind == 0 ? "0000000000 65535 f \n" : String(format: "%010d 00000 n \n", entry.field2)
                    file += Array(line.utf8)
                }
                numbers = numbers.dropFirst(run)
            }
            file += Array("trailer\n<< /Size \(size)\(prev) \(trailer) >>\n".utf8)
        case .stream(let number, _, _, let entries, _, _):
            offsets[number] = (1, start, 0)
            let numbers = offsets.keys.sorted()
            var rows: [UInt8] = []
            for number in numbers {
                let entry = offsets[number]!
                rows += [UInt8(entry.kind)] + (0..<4).reversed().map { UInt8(truncatingIfNeeded: entry.field2 >> ($0 * 8)) }
                    + [UInt8(truncatingIfNeeded: entry.field3 >> 8), UInt8(truncatingIfNeeded: entry.field3)]
            }
            let index = numbers.map { "\($0) 1" }.joined(separator: " ")
            let fields = entries == nil ? "/W [1 4 2] /Index [\(index)]" : ""
            file += Self.text(of: Object(number, "<< /Type /XRef /Size \(size)\(prev) \(trailer) \(fields) \(streamDictionary) >>", stream: rows))
        }
        file += Array("startxref\n\(start)\n%%EOF\n".utf8)
    }

    static func text(of object: Object) -> [UInt8] {
        guard let stream = object.stream else { return Array("\(object.number) 0 obj\n\(object.value)\nendobj\n".utf8) }
        // The dictionary's closing ">>" is its last: /Length goes just before it, unless
        // the caller wrote one.
        var value = object.value
        if !value.contains("/Length "), let close = value.range(of: ">>", options: .backwards) { value.insert(contentsOf: " /Length \(stream.count) ", at: close.lowerBound) }
        return Array("\(object.number) 0 obj\n\(value)\nstream\n".utf8) + stream + Array("\nendstream\nendobj\n".utf8)
    }
}

extension Array where Element == UInt8 {
    /// The last place `needle` occurs.
    public func lastRange(of needle: [UInt8]) -> Range<Int>? {
        guard !needle.isEmpty, needle.count <= count else { return nil }
        var start = count - needle.count
        while start >= 0 {
            if self[start] == needle[0], self[start..<(start + needle.count)].elementsEqual(needle) { return start..<(start + needle.count) }
            start -= 1
        }
        return nil
    }
}
