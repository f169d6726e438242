import CZlib

/// The bytes of one text store entry. A file in the cache folder is never trusted: any
/// other program, a crash or a full disk may have made it. The rules:
///  1. Layout, all integers little-endian: "QTXS", version (u16), 0 (u16); the key: path
///     (u32 length, UTF-8), device, inode (u64), size, modification seconds and nanoseconds
///     (i64), page count (u32); the payload's stored and inflated lengths (u32 each); the
///     payload, zlib-compressed; a CRC-32 of every byte before it (u32).
///  2. The payload is, per page: flags (u8: bit 0 recognised, bit 1 characters follow; no
///     other bit may be set), the length in UTF-16 units (u32), the units (u16 each); with
///     characters, their text's length in UTF-8 bytes (u32) and the bytes, the count of
///     boxes (u32) and each box as x, y, width, height (f32 each). It must end exactly at
///     the last page; characters must be valid UTF-8, as many as their boxes, every box
///     finite (`StoredText.Characters`).
///  3. Refused (nil), never guessed at: another magic or version, a key not the one asked
///     for (another path, file, version of it or page count), a length past the bytes or
///     past the limits (`maxPages`, `PageCharacters.limit` units or characters a page,
///     `maxInflated`), characters not as rule 2 says, a
///     checksum that does not match, a payload zlib cannot inflate to exactly its length,
///     trailing bytes. Reading allocates at most the lengths checked against these limits.
public enum TextStoreFormat {
    static let magic: [UInt8] = Array("QTXS".utf8)
    public static let version: UInt16 = 1
    static let maxPages = 1 << 20
    static let maxPathBytes = 64 << 10
    static let maxInflated = 1 << 30
    private static let recognisedFlag: UInt8 = 1
    private static let charactersFlag: UInt8 = 2

    /// The entry's bytes.
    public static func encode(_ stored: StoredText) -> [UInt8] {
        var payload: [UInt8] = []
        payload.reserveCapacity(stored.pages.reduce(0) { $0 + 5 + $1.text.units.count * 2 })
        for page in stored.pages {
            payload.append((page.recognised ? recognisedFlag : 0) | (page.characters != nil ? charactersFlag : 0))
            append(UInt32(page.text.units.count), to: &payload)
            for unit in page.text.units { payload.append(UInt8(unit & 0xFF)); payload.append(UInt8(unit >> 8)) }
            if let characters = page.characters {
                let text = Array(characters.text.utf8)
                append(UInt32(text.count), to: &payload)
                payload += text
                append(UInt32(characters.boxes.count), to: &payload)
                for box in characters.boxes {
                    for value in [box.x, box.y, box.width, box.height] { append(Float(value).bitPattern, to: &payload) }
                }
            }
        }
        let compressed = deflate(payload)
        var out = magic
        append(version, to: &out)
        append(UInt16(0), to: &out)
        let key = stored.key
        let path = Array(key.path.utf8)
        append(UInt32(path.count), to: &out)
        out += path
        append(key.device, to: &out)
        append(key.inode, to: &out)
        append(UInt64(bitPattern: key.size), to: &out)
        append(UInt64(bitPattern: key.modifiedSeconds), to: &out)
        append(UInt64(bitPattern: key.modifiedNanoseconds), to: &out)
        append(UInt32(key.pageCount), to: &out)
        append(UInt32(compressed.count), to: &out)
        append(UInt32(payload.count), to: &out)
        out += compressed
        append(checksum(out[...]), to: &out)
        return out
    }

    /// The entry's text, if `bytes` are a sound entry for exactly `key`.
    public static func decode(_ bytes: [UInt8], for key: TextStoreKey) -> StoredText? {
        guard let stored = decode(bytes), stored.key == key else { return nil }
        return stored
    }

    /// The entry's text and the key it names, if `bytes` are a sound entry (the search
    /// across documents reads entries without knowing their keys; it checks them against
    /// the files after).
    public static func decode(_ bytes: [UInt8]) -> StoredText? {
        guard bytes.count >= magic.count + 8, checksum(bytes[..<(bytes.count - 4)]) == readLast32(bytes) else { return nil }
        var reader = Reader(bytes: bytes[..<(bytes.count - 4)])
        guard reader.take(magic.count).map(Array.init) == magic, reader.u16() == version, reader.u16() == 0,
              let pathLength = reader.u32(), pathLength <= maxPathBytes, let pathBytes = reader.take(Int(pathLength)),
              let path = String(validating: pathBytes, as: UTF8.self),
              let device = reader.u64(), let inode = reader.u64(), let size = reader.u64(), let seconds = reader.u64(),
              let nanoseconds = reader.u64(),
              let pageCount = reader.u32(), Int(pageCount) <= maxPages,
              let stored = reader.u32(), let inflatedLength = reader.u32(), Int(inflatedLength) <= maxInflated,
              Int(inflatedLength) <= Int(pageCount) * (13 + PageCharacters.limit * 22),
              let compressed = reader.take(Int(stored)), reader.isAtEnd,
              let payload = inflate(Array(compressed), length: Int(inflatedLength)) else { return nil }
        var pages: [StoredText.Page] = []
        pages.reserveCapacity(Int(pageCount))
        var body = Reader(bytes: payload[...])
        for _ in 0..<Int(pageCount) {
            guard let flags = body.u8(), flags & ~(recognisedFlag | charactersFlag) == 0, let count = body.u32(),
                  Int(count) <= PageCharacters.limit, let raw = body.take(Int(count) * 2) else { return nil }
            var units = [UInt16](repeating: 0, count: Int(count))
            var at = raw.startIndex
            for index in units.indices {
                units[index] = UInt16(raw[at]) | UInt16(raw[at + 1]) << 8
                at += 2
            }
            var characters: StoredText.Characters?
            if flags & charactersFlag != 0 {
                guard let read = readCharacters(&body) else { return nil }
                characters = read
            }
            pages.append(StoredText.Page(PageText(normalizedUnits: units), recognised: flags & recognisedFlag != 0, characters: characters))
        }
        guard body.isAtEnd else { return nil }
        let key = TextStoreKey(path: path, device: device, inode: inode, size: Int64(bitPattern: size), modifiedSeconds: Int64(bitPattern: seconds),
                               modifiedNanoseconds: Int64(bitPattern: nanoseconds), pageCount: Int(pageCount))
        return StoredText(key: key, pages: pages)
    }

    /// A page's characters (rule 2), or nil.
    private static func readCharacters(_ body: inout Reader) -> StoredText.Characters? {
        guard let length = body.u32(), Int(length) <= PageCharacters.limit * 4, let bytes = body.take(Int(length)),
              let text = String(validating: bytes, as: UTF8.self), let count = body.u32(), Int(count) <= PageCharacters.limit,
              let raw = body.take(Int(count) * 16) else { return nil }
        var values = [Double](repeating: 0, count: Int(count) * 4)
        var at = raw.startIndex
        for index in values.indices {
            let bits = UInt32(raw[at]) | UInt32(raw[at + 1]) << 8 | UInt32(raw[at + 2]) << 16 | UInt32(raw[at + 3]) << 24
            values[index] = Double(Float(bitPattern: bits))
            at += 4
        }
        let boxes = (0..<Int(count)).map { Rect(x: values[$0 * 4], y: values[$0 * 4 + 1], width: values[$0 * 4 + 2], height: values[$0 * 4 + 3]) }
        return StoredText.Characters(text: text, boxes: boxes)
    }

    // MARK: Bytes

    private struct Reader {
        var bytes: ArraySlice<UInt8>
        var isAtEnd: Bool { bytes.isEmpty }
        mutating func take(_ count: Int) -> ArraySlice<UInt8>? {
            guard count >= 0, count <= bytes.count else { return nil }
            defer { bytes = bytes.dropFirst(count) }
            return bytes.prefix(count)
        }
        mutating func integer(_ size: Int) -> UInt64? {
            guard let raw = take(size) else { return nil }
            return raw.reversed().reduce(0) { $0 << 8 | UInt64($1) }
        }
        mutating func u8() -> UInt8? { integer(1).map(UInt8.init) }
        mutating func u16() -> UInt16? { integer(2).map(UInt16.init) }
        mutating func u32() -> UInt32? { integer(4).map(UInt32.init) }
        mutating func u64() -> UInt64? { integer(8) }
    }

    private static func append<T: FixedWidthInteger>(_ value: T, to out: inout [UInt8]) {
        withUnsafeBytes(of: value.littleEndian) { out += $0 }
    }

    private static func readLast32(_ bytes: [UInt8]) -> UInt32 {
        bytes.suffix(4).reversed().reduce(0) { $0 << 8 | UInt32($1) }
    }

    private static func checksum(_ bytes: ArraySlice<UInt8>) -> UInt32 {
        bytes.withUnsafeBufferPointer { UInt32(crc32(0, $0.baseAddress, uInt($0.count))) }
    }

    private static func deflate(_ bytes: [UInt8]) -> [UInt8] {
        var length = compressBound(uLong(bytes.count))
        var out = [UInt8](repeating: 0, count: Int(length))
        // Level 1: the store is written at idle priority but a big book is tens of MB of
        // text; level 1 keeps most of the gain (text compresses 3–4×) at a fraction of the time.
        let status = out.withUnsafeMutableBufferPointer { target in
            bytes.withUnsafeBufferPointer { compress2(target.baseAddress, &length, $0.baseAddress, uLong($0.count), 1) }
        }
        precondition(status == Z_OK, "zlib compress2 failed with a buffer of compressBound's size")
        return Array(out.prefix(Int(length)))
    }

    private static func inflate(_ bytes: [UInt8], length: Int) -> [UInt8]? {
        var out = [UInt8](repeating: 0, count: max(length, 1))
        var produced = uLong(length)
        var consumed = uLong(bytes.count)
        let status = out.withUnsafeMutableBufferPointer { target in
            bytes.withUnsafeBufferPointer { uncompress2(target.baseAddress, &produced, $0.baseAddress, &consumed) }
        }
        guard status == Z_OK, Int(produced) == length, Int(consumed) == bytes.count else { return nil }
        return Array(out.prefix(length))
    }
}
