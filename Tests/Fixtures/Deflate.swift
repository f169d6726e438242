/// zlib streams (RFC 1950 around RFC 1951 deflate) written by hand, for decompression
/// bombs that stay small on disk. The policy:
///  1. A run of one byte goes in a dynamic block whose codes give a 258-byte match 2 bits:
///     a gigabyte of spaces is about 1 MB, and that megabyte is itself one long run of
///     zero bytes, so a second layer of Flate makes it about a kilobyte.
///  2. A repeated pattern goes in a fixed-Huffman block as matches at the pattern's
///     distance (about 15 bits per 258 bytes): a million path segments in 100 KB.
///  3. Anything else is written as literals, or stored (`stored`) for filter chains
///     whose every layer must add only a few bytes.
public enum Deflate {
    public enum Piece: Sendable {
        case bytes([UInt8])
        /// `pattern` written `times` times in a row.
        case repeated([UInt8], times: Int)
    }

    /// A zlib stream whose inflated bytes are the pieces in order.
    public static func zlib(_ pieces: [Piece]) -> [UInt8] {
        var writer = BitWriter()
        var adler = Adler32()
        for piece in pieces {
            switch piece {
            case .bytes(let bytes):
                writer.fixedBlock(literals: bytes)
                adler.add(bytes)
            case .repeated(let pattern, let times) where pattern.count == 1:
                writer.dynamicRun(of: pattern[0], count: times)
                adler.add(pattern[0], count: times)
            case .repeated(let pattern, let times):
                writer.fixedRepeat(pattern, times: times)
                for _ in 0..<times { adler.add(pattern) }
            }
        }
        writer.bits(1, 1) // the last block: fixed, holding only its end
        writer.bits(1, 2)
        writer.huffman(fixedCode(256))
        return [0x78, 0x01] + writer.finish() + adler.bigEndian
    }

    /// `bytes` compressed where they repeat: a run of one byte, or of a pattern of up to
    /// 128 bytes, at least 32 bytes long, is written as a run; the rest as literals. Enough
    /// for a second layer over a bomb and for object streams of repeated objects.
    public static func zlib(compressing bytes: [UInt8]) -> [UInt8] {
        var pieces: [Piece] = [], literal: [UInt8] = [], index = 0
        while index < bytes.count {
            var found: (period: Int, length: Int)?
            for period in 1...128 where index + period < bytes.count {
                var length = 0
                while index + period + length < bytes.count, bytes[index + period + length] == bytes[index + length] { length += 1 }
                if length >= 32 { found = (period, length); break }
            }
            guard let (period, length) = found else {
                literal.append(bytes[index])
                index += 1
                continue
            }
            if !literal.isEmpty { pieces.append(.bytes(literal)); literal = [] }
            let times = (period + length) / period
            pieces.append(.repeated(Array(bytes[index..<(index + period)]), times: times))
            index += period * times
        }
        if !literal.isEmpty { pieces.append(.bytes(literal)) }
        return zlib(pieces)
    }

    /// A zlib stream of stored blocks: it adds 11 bytes (and 5 per 64 KiB) to `bytes`.
    public static func stored(_ bytes: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [0x78, 0x01]
        var start = 0
        repeat {
            let count = min(65_535, bytes.count - start)
            let last: UInt8 = start + count == bytes.count ? 1 : 0
            out += [last, UInt8(count & 0xFF), UInt8(count >> 8), UInt8(~count & 0xFF), UInt8((~count >> 8) & 0xFF)]
            out += bytes[start..<(start + count)]
            start += count
        } while start < bytes.count
        var adler = Adler32()
        adler.add(bytes)
        return out + adler.bigEndian
    }

    // MARK: the format's tables

    static let lengthBases = [3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258]
    static let lengthExtra = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0]
    static let distanceBases = [1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049,
                                3073, 4097, 6145, 8193, 12289, 16385, 24577]
    static let distanceExtra = [0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13]

    /// The fixed Huffman code of a literal/length symbol: (code, bit count).
    static func fixedCode(_ symbol: Int) -> (Int, Int) {
        switch symbol {
        case 0...143: (0x30 + symbol, 8)
        case 144...255: (0x190 + symbol - 144, 9)
        case 256...279: (symbol - 256, 7)
        default: (0xC0 + symbol - 280, 8)
        }
    }

    /// Canonical Huffman codes for code lengths (RFC 1951 3.2.2).
    static func canonicalCodes(_ lengths: [Int]) -> [(Int, Int)] {
        let longest = lengths.max() ?? 0
        var counts = [Int](repeating: 0, count: longest + 1)
        for length in lengths where length > 0 { counts[length] += 1 }
        var next = [Int](repeating: 0, count: longest + 2)
        var code = 0
        for bits in 1...max(1, longest) {
            code = (code + counts[bits - 1]) << 1
            next[bits] = code
        }
        return lengths.map { length in
            guard length > 0 else { return (0, 0) }
            defer { next[length] += 1 }
            return (next[length], length)
        }
    }
}

/// Bits packed the way deflate wants them: values least significant bit first, Huffman
/// codes most significant bit first.
private struct BitWriter {
    var out: [UInt8] = []
    var buffer: UInt64 = 0
    var count = 0

    mutating func bits(_ value: Int, _ width: Int) {
        buffer |= UInt64(value) << UInt64(count)
        count += width
        while count >= 8 {
            out.append(UInt8(truncatingIfNeeded: buffer))
            buffer >>= 8
            count -= 8
        }
    }

    mutating func huffman(_ code: (Int, Int)) {
        var reversed = 0
        for bit in 0..<code.1 where code.0 & (1 << bit) != 0 { reversed |= 1 << (code.1 - 1 - bit) }
        bits(reversed, code.1)
    }

    mutating func finish() -> [UInt8] {
        if count > 0 { out.append(UInt8(truncatingIfNeeded: buffer)) }
        buffer = 0
        count = 0
        return out
    }

    mutating func fixedBlock(literals: [UInt8]) {
        bits(0, 1)
        bits(1, 2)
        for byte in literals { huffman(Deflate.fixedCode(Int(byte))) }
        huffman(Deflate.fixedCode(256))
    }

    /// `pattern` once as literals, then matches at its distance for the rest.
    mutating func fixedRepeat(_ pattern: [UInt8], times: Int) {
        precondition(pattern.count <= 32_768)
        bits(0, 1)
        bits(1, 2)
        for byte in pattern { huffman(Deflate.fixedCode(Int(byte))) }
        var left = (times - 1) * pattern.count, written = pattern.count
        while left > 0 {
            if left < 3 {
                huffman(Deflate.fixedCode(Int(pattern[written % pattern.count])))
                left -= 1
                written += 1
                continue
            }
            let length = min(258, left)
            match(length: length, distance: pattern.count)
            left -= length
            written += length
        }
        huffman(Deflate.fixedCode(256))
    }

    private mutating func match(length: Int, distance: Int) {
        let lengthIndex = Deflate.lengthBases.lastIndex { $0 <= length }!
        huffman(Deflate.fixedCode(257 + lengthIndex))
        bits(length - Deflate.lengthBases[lengthIndex], Deflate.lengthExtra[lengthIndex])
        let distanceIndex = Deflate.distanceBases.lastIndex { $0 <= distance }!
        huffman((distanceIndex, 5))
        bits(distance - Deflate.distanceBases[distanceIndex], Deflate.distanceExtra[distanceIndex])
    }

    /// A dynamic block with three literal/length codes (the byte and the end: 2 bits; a
    /// 258-byte match: 1 bit) and one distance code (1: 1 bit).
    mutating func dynamicRun(of byte: UInt8, count: Int) {
        var literalLengths = [Int](repeating: 0, count: 286)
        literalLengths[Int(byte)] = 2
        literalLengths[256] = 2
        literalLengths[285] = 1
        let lengths = literalLengths + [1]
        // Code-length codes: 0, 2 and 18 (a run of zeros) 2 bits; 1 and 17 3 bits: complete.
        var codeLengthLengths = [Int](repeating: 0, count: 19)
        (codeLengthLengths[0], codeLengthLengths[2], codeLengthLengths[18]) = (2, 2, 2)
        (codeLengthLengths[1], codeLengthLengths[17]) = (3, 3)
        let codeLengthCodes = Deflate.canonicalCodes(codeLengthLengths)
        let order = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1]
        bits(0, 1)
        bits(2, 2)
        bits(286 - 257, 5)
        bits(0, 5)
        bits(order.count - 4, 4)
        for symbol in order { bits(codeLengthLengths[symbol], 3) }
        var index = 0
        while index < lengths.count {
            guard lengths[index] == 0 else {
                huffman(codeLengthCodes[lengths[index]])
                index += 1
                continue
            }
            var zeros = 1
            while index + zeros < lengths.count, lengths[index + zeros] == 0 { zeros += 1 }
            switch zeros {
            case 11...:
                let taken = min(zeros, 138)
                huffman(codeLengthCodes[18])
                bits(taken - 11, 7)
                index += taken
            case 3...:
                huffman(codeLengthCodes[17])
                bits(zeros - 3, 3)
                index += zeros
            default:
                huffman(codeLengthCodes[0])
                index += 1
            }
        }
        let codes = Deflate.canonicalCodes(literalLengths)
        huffman(codes[Int(byte)])
        var left = count - 1
        while left >= 258 {
            huffman(codes[285])
            bits(0, 1) // distance code 0: one back
            left -= 258
        }
        for _ in 0..<left { huffman(codes[Int(byte)]) }
        huffman(codes[256])
    }
}

private struct Adler32 {
    static let modulus: UInt64 = 65_521
    var a: UInt64 = 1, b: UInt64 = 0

    mutating func add(_ bytes: [UInt8]) {
        for byte in bytes {
            a = (a + UInt64(byte)) % Self.modulus
            b = (b + a) % Self.modulus
        }
    }

    /// `count` copies of `byte` at once: a grows by count × byte, b by count × a plus
    /// byte × count(count + 1)/2.
    mutating func add(_ byte: UInt8, count: Int) {
        let n = UInt64(count), m = Self.modulus
        let triangle = (n % (2 * m)) * ((n + 1) % (2 * m)) / 2 % m
        b = (b + (n % m) * a + UInt64(byte) * triangle) % m
        a = (a + (n % m) * UInt64(byte)) % m
    }

    var bigEndian: [UInt8] {
        let value = UInt32(b << 16 | a)
        return [UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)]
    }
}
