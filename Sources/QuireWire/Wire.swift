/// The byte encoding of the messages between the window and its helpers: little-endian
/// integers, IEEE doubles, length-prefixed UTF-8. The reader trusts nothing: every read
/// is bounds-checked and throws `WireError` on a message that ends early, names an
/// unknown message, or holds a string past the bound given.
public enum WireError: Error, Equatable, Sendable {
    case truncated
    case unknownMessage(UInt8)
    case tooLong
    case badValue(String)
}

public struct WireWriter: Sendable {
    public private(set) var bytes: [UInt8] = []
    public init() {}

    public mutating func u8(_ value: UInt8) { bytes.append(value) }
    public mutating func u32(_ value: UInt32) { withUnsafeBytes(of: value.littleEndian) { bytes += $0 } }
    public mutating func i64(_ value: Int64) { withUnsafeBytes(of: value.littleEndian) { bytes += $0 } }
    public mutating func int(_ value: Int) { i64(Int64(value)) }
    public mutating func f64(_ value: Double) { i64(Int64(bitPattern: value.bitPattern)) }
    public mutating func bool(_ value: Bool) { u8(value ? 1 : 0) }
    public mutating func raw(_ value: [UInt8]) { bytes += value }
    /// The string cut to `limit` bytes of UTF-8 (at a character boundary).
    public mutating func string(_ value: String, limit: Int) {
        var utf8 = Array(value.utf8)
        if utf8.count > limit {
            utf8 = Array(utf8.prefix(limit))
            while let last = utf8.last, last & 0xC0 == 0x80 { utf8.removeLast() }
            if let last = utf8.last, last >= 0xC0 { utf8.removeLast() }
        }
        u32(UInt32(utf8.count))
        bytes += utf8
    }
}

public struct WireReader {
    private let bytes: [UInt8]
    private var at = 0
    public init(_ bytes: [UInt8]) { self.bytes = bytes }

    public var isAtEnd: Bool { at == bytes.count }
    /// Bytes not yet read.
    public var remaining: Int { bytes.count - at }

    private mutating func take(_ count: Int) throws(WireError) -> ArraySlice<UInt8> {
        guard count >= 0, bytes.count - at >= count else { throw .truncated }
        defer { at += count }
        return bytes[at..<at + count]
    }

    public mutating func u8() throws(WireError) -> UInt8 { try take(1).first! }
    public mutating func u32() throws(WireError) -> UInt32 {
        try take(4).reversed().reduce(0) { $0 << 8 | UInt32($1) }
    }
    public mutating func i64() throws(WireError) -> Int64 {
        Int64(bitPattern: try take(8).reversed().reduce(UInt64(0)) { $0 << 8 | UInt64($1) })
    }
    public mutating func int() throws(WireError) -> Int { Int(try i64()) }
    public mutating func raw(count: Int) throws(WireError) -> [UInt8] { Array(try take(count)) }
    public mutating func f64() throws(WireError) -> Double { Double(bitPattern: UInt64(bitPattern: try i64())) }
    public mutating func bool() throws(WireError) -> Bool {
        switch try u8() {
        case 0: false
        case 1: true
        case let other: throw .badValue("a truth value of \(other)")
        }
    }
    public mutating func string(limit: Int) throws(WireError) -> String {
        let count = Int(try u32())
        guard count <= limit else { throw .tooLong }
        return String(decoding: try take(count), as: UTF8.self)
    }

    /// Throws unless the whole message was read: trailing bytes mean a message of
    /// another shape.
    public func finish() throws(WireError) { if !isAtEnd { throw .badValue("\(bytes.count - at) bytes past the message's end") } }
}
