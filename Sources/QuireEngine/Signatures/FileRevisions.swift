/// Where a PDF's revisions end: each incremental update appends a body, a cross-reference
/// and a `%%EOF`. Read in pieces of any size (a marker may straddle two), so that a helper
/// never holds a large file whole. A `%%EOF` inside a stream's bytes would count too: a
/// signature is only ever said to cover "revision k" by where its byte range ends.
public struct FileRevisions: Equatable, Sendable {
    public private(set) var ends: [Int64] = []
    public private(set) var length: Int64 = 0
    public private(set) var contentEnd: Int64 = 0
    private var matched = 0
    private static let marker = Array("%%EOF".utf8)
    /// More ends than any real file has; a file of markers cannot make the list huge.
    public static let endLimit = 4096

    public init() {}

    public init(_ bytes: [UInt8]) { read(bytes) }

    public mutating func read(_ bytes: some Collection<UInt8>) {
        for byte in bytes {
            length += 1
            switch byte {
            case 0x20, 0x0A, 0x0D, 0x09, 0x0C, 0x00: break // PDF's white space
            default: contentEnd = length
            }
            if byte == Self.marker[matched] {
                matched += 1
            } else if byte == Self.marker[0] {
                // "%%%": the last two are still the marker's start.
                matched = matched == 2 ? 2 : 1
            } else {
                matched = 0
            }
            if matched == Self.marker.count {
                matched = 0
                if ends.count < Self.endLimit { ends.append(length) }
            }
        }
    }
}
