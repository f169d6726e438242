import Foundation

/// One page of hostile input, self-contained so that it can go in a document of its own
/// or be spliced into any other (`HostileSplice`): its page dictionary's entries and the
/// objects they refer to, numbered from the `base` it was made for. Every number is a
/// valid PDF number and every object valid syntax: the hostility is in the sizes.
public struct HostilePage: Sendable {
    /// Entries of the page dictionary besides /Type and /Parent: always a /MediaBox, a
    /// /Contents and /Resources.
    public var entries: String
    /// Objects numbered `base`, `base + 1`, … in order.
    public var objects: [PDFObjects.Object]
}

/// The page-level classes of the robustness suite and the fuzzer, each a list of named
/// page makers (a maker takes the first free object number).
public enum HostilePages {
    public typealias Maker = @Sendable (_ base: Int) -> HostilePage

    public static let huge = "99999999999999999999999"
    public static let infinite = "1" + String(repeating: "0", count: 399)
    static let letter = "/MediaBox [0 0 612 792]"
    static let font = "/Font << /F1 << /Type /Font /Subtype /Type1 /BaseFont /Helvetica >> >>"
    static let words = Array("BT /F1 24 Tf 72 700 Td (A hostile page) Tj ET".utf8)

    /// A page with `entries` (a box, say) and a line of text.
    static func plain(_ entries: String) -> Maker {
        { base in
            HostilePage(entries: "\(entries) /Resources << \(font) >> /Contents \(base) 0 R",
                        objects: [PDFObjects.Object(base, "<< >>", stream: words)])
        }
    }

    /// A page drawing `content` (already filtered by `filter`), with `resources` naming the
    /// objects `extra` makes; both are given the first number after the content's.
    static func drawing(_ content: [UInt8], filter: String = "", resources: @escaping @Sendable (Int) -> String = { _ in "" },
                        extra: @escaping @Sendable (Int) -> [PDFObjects.Object] = { _ in [] }) -> Maker {
        { base in
            HostilePage(entries: "\(letter) /Resources << \(font) \(resources(base + 1)) >> /Contents \(base) 0 R",
                        objects: [PDFObjects.Object(base, "<< \(filter) >>", stream: content)] + extra(base + 1))
        }
    }

    /// Out-of-range and non-finite boxes and /UserUnit, written as valid PDF numbers.
    public static let boxes: [(String, Maker)] = [
        ("mediabox-1e23", plain("/MediaBox [0 0 \(huge) \(huge)]")),
        ("mediabox-infinite", plain("/MediaBox [0 0 \(infinite) \(infinite)]")),
        ("mediabox-not-a-number", plain("/MediaBox [\(infinite) 0 \(infinite) 792]")),
        ("mediabox-minus-infinite", plain("/MediaBox [-\(infinite) -\(infinite) 0 0]")),
        ("mediabox-1e-21", plain("/MediaBox [0 0 0.000000000000000000001 0.000000000000000000001]")),
        ("mediabox-just-over-limit", plain("/MediaBox [0 0 144001 144001]")),
        ("mediabox-wide-strip", plain("/MediaBox [0 0 144000 1]")),
        ("cropbox-infinite", plain("\(letter) /CropBox [-\(infinite) -\(infinite) \(infinite) \(infinite)]")),
        ("userunit-1e30", plain("\(letter) /UserUnit 1\(String(repeating: "0", count: 30))")),
        ("userunit-infinite", plain("\(letter) /UserUnit \(infinite)")),
        ("userunit-1e-30", plain("\(letter) /UserUnit 0.\(String(repeating: "0", count: 29))1")),
        ("userunit-negative", plain("\(letter) /UserUnit -75000")),
        ("rotate-past-int32", plain("\(letter) /Rotate 4294967386")),
        ("rotate-1e23", plain("\(letter) /Rotate \(huge)")),
    ]

    /// A gigabyte of spaces in a content stream, two layers of Flate (about 1 KB).
    public static let gigabyteOfSpaces: [UInt8] = Deflate.zlib(compressing: Deflate.zlib([
        .bytes(Array("q ".utf8)), .repeated([0x20], times: 1 << 30), .bytes(Array(" Q ".utf8) + words),
    ]))

    static let flateChain = (0..<1_000).reduce(words) { data, _ in Deflate.stored(data) }
    static let gigabyteOfGrey = Deflate.zlib(compressing: Deflate.zlib([.repeated([0x80], times: 18_918 * 18_918 * 3)]))

    /// Decompression bombs: Flate of a gigabyte, and deep chains of filters.
    public static let bombs: [(String, Maker)] = [
        ("content-gigabyte-two-flates", drawing(gigabyteOfSpaces, filter: "/Filter [/FlateDecode /FlateDecode]")),
        ("content-flate-chain-1000", drawing(flateChain,
                                             filter: "/Filter [\(String(repeating: "/FlateDecode ", count: 1_000))]")),
        ("image-gigabyte", drawing(Array("q 612 0 0 792 0 0 cm /Im Do Q".utf8), resources: { "/XObject << /Im \($0) 0 R >>" }, extra: { base in
            // 18,918 × 18,918 × 3 bytes ≈ 1 GiB of grey.
            [PDFObjects.Object(base, "<< /Type /XObject /Subtype /Image /Width 18918 /Height 18918 /ColorSpace /DeviceRGB /BitsPerComponent 8 /Filter [/FlateDecode /FlateDecode] >>",
                               stream: gigabyteOfGrey)]
        })),
    ]

    static let millionQs = Deflate.zlib([.repeated(Array("q ".utf8), times: 1_000_000), .bytes(words)])
    static let millionUnmatchedQs = Deflate.zlib([.bytes(words), .repeated(Array("Q ".utf8), times: 1_000_000)])

    /// Forms that draw themselves, forms that fan out, and a million unmatched `q`s.
    public static let recursion: [(String, Maker)] = [
        ("form-draws-itself", drawing(Array("/Fm Do".utf8), resources: { "/XObject << /Fm \($0) 0 R >>" }, extra: { base in
            [PDFObjects.Object(base, "<< /Type /XObject /Subtype /Form /BBox [0 0 612 792] /Resources << /XObject << /Fm \(base) 0 R >> >> >>",
                               stream: Array("0 0 m 10 10 l S /Fm Do".utf8))]
        })),
        ("forms-draw-each-other", drawing(Array("/A Do".utf8), resources: { "/XObject << /A \($0) 0 R >>" }, extra: { base in
            [PDFObjects.Object(base, "<< /Type /XObject /Subtype /Form /BBox [0 0 612 792] /Resources << /XObject << /B \(base + 1) 0 R >> >> >>",
                               stream: Array("/B Do".utf8)),
             PDFObjects.Object(base + 1, "<< /Type /XObject /Subtype /Form /BBox [0 0 612 792] /Resources << /XObject << /A \(base) 0 R >> >> >>",
                               stream: Array("/A Do".utf8))]
        })),
        // Each of 24 levels draws the next twice: 16 million leaves, unless the reader stops it.
        ("forms-fan-out-2^24", drawing(Array("/F0 Do".utf8), resources: { "/XObject << /F0 \($0) 0 R >>" }, extra: { base in
            (0..<24).map { level in
                PDFObjects.Object(base + level, "<< /Type /XObject /Subtype /Form /BBox [0 0 612 792] /Resources << /XObject << /N \(base + level + 1) 0 R >> >> >>",
                                  stream: Array("/N Do /N Do".utf8))
            } + [PDFObjects.Object(base + 24, "<< /Type /XObject /Subtype /Form /BBox [0 0 612 792] >>", stream: Array("0 0 m 600 780 l S".utf8))]
        })),
        ("q-nested-million", drawing(millionQs, filter: "/Filter /FlateDecode")),
        ("Q-unmatched-million", drawing(millionUnmatchedQs, filter: "/Filter /FlateDecode")),
        ("pattern-paints-itself", drawing(Array("/Pattern cs /P scn 0 0 612 792 re f".utf8), resources: { "/Pattern << /P \($0) 0 R >>" }, extra: { base in
            [PDFObjects.Object(base, "<< /Type /Pattern /PatternType 1 /PaintType 1 /TilingType 1 /BBox [0 0 20 20] /XStep 20 /YStep 20 /Resources << /Pattern << /P \(base) 0 R >> >> >>",
                               stream: Array("/Pattern cs /P scn 0 0 20 20 re f".utf8))]
        })),
    ]

    /// A million segments in one path, about 40 KB of Flate each.
    public static let paths: [(String, Maker)] = [
        ("path-million-lines-stroked", drawing(millionSegments("612 792 l 0 0 l ", then: "S"), filter: "/Filter /FlateDecode")),
        ("path-million-lines-filled", drawing(millionSegments("612 0 l 0 792 l ", then: "f*"), filter: "/Filter /FlateDecode")),
        ("path-million-curves-clipped", drawing(millionSegments("0 792 612 792 612 0 c 0 0 612 0 0 792 c ", then: "W n 0 0 612 792 re f"),
                                                filter: "/Filter /FlateDecode")),
    ]

    /// "0 0 m", `twoSegments` 500,000 times, then `then`.
    static func millionSegments(_ twoSegments: String, then: String) -> [UInt8] {
        Deflate.zlib([.bytes(Array("0 0 m ".utf8)), .repeated(Array(twoSegments.utf8), times: 500_000), .bytes(Array(then.utf8))])
    }

    /// `count` annotations on one page, in one array (an object of its own).
    public static func annotations(_ annotation: String, count: Int = 100_000) -> Maker {
        { base in
            HostilePage(entries: "\(letter) /Resources << \(font) >> /Contents \(base) 0 R /Annots \(base + 1) 0 R",
                        objects: [PDFObjects.Object(base, "<< >>", stream: words),
                                  PDFObjects.Object(base + 1, "[" + String(repeating: annotation + " ", count: count) + "]")])
        }
    }

    public static let manyAnnotations: [(String, Maker)] = [
        ("annotations-100k-links", annotations("<< /Type /Annot /Subtype /Link /Rect [72 72 144 92] /A << /S /URI /URI (https://example.com/) >> >>")),
        ("annotations-100k-squares", annotations("<< /Type /Annot /Subtype /Square /Rect [72 72 144 92] /C [1 0 0] >>")),
        ("annotations-100k-text-fields", annotations("<< /Type /Annot /Subtype /Widget /FT /Tx /T (f) /V (v) /Rect [72 72 144 92] >>")),
        // poppler 22.12 will not load a page of 30,000 annotations or more (the three above
        // are "cannot be loaded"); 10,000 it loads and draws.
        ("annotations-10k-squares", annotations("<< /Type /Annot /Subtype /Square /Rect [72 72 144 92] /C [1 0 0] >>", count: 10_000)),
    ]

    /// A link whose URI is `megabytes` long.
    public static func longURI(megabytes: Int = 4) -> Maker {
        annotations("<< /Type /Annot /Subtype /Link /Rect [72 72 144 92] /A << /S /URI /URI (https://example.com/\(String(repeating: "a", count: megabytes << 20))) >> >>", count: 1)
    }
}
