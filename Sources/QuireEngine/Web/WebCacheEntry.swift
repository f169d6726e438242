/// What the cache keeps beside a copy (`WebFetchPolicy` rule 4): its address, the
/// validators the server gave, when it was stored and how large it is. Written as lines
/// "name: value" in `<key>.meta` next to `<key>.pdf`; the address inside tells a copy of
/// another address under the same key (a hash collision) from this one's.
public struct WebCacheEntry: Equatable, Sendable {
    public var address: String
    public var etag: String?
    public var lastModified: String?
    /// Seconds since 1970 (UTC) when the copy was completed or last confirmed unchanged.
    public var storedAt: Int
    public var size: Int

    public init(address: String, etag: String? = nil, lastModified: String? = nil, storedAt: Int, size: Int) {
        self.address = address
        self.etag = etag.flatMap { $0.isEmpty ? nil : $0 }
        self.lastModified = lastModified.flatMap { $0.isEmpty ? nil : $0 }
        self.storedAt = storedAt
        self.size = size
    }

    /// The file names' stem for `address`: FNV-1a (64 bits) of it, in hex.
    public static func key(for address: WebAddress) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in address.description.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }

    public var text: String {
        var lines = ["address: \(address)", "stored: \(storedAt)", "size: \(size)"]
        if let etag { lines.append("etag: \(etag)") }
        if let lastModified { lines.append("last-modified: \(lastModified)") }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Nil for anything but a whole entry (a file cut short, or another program's).
    public init?(text: String) {
        var fields: [String: String] = [:]
        for line in text.split(separator: "\n") {
            guard let colon = line.firstIndex(of: ":") else { return nil }
            fields[String(line[..<colon])] = String(line[line.index(after: colon)...].drop { $0 == " " })
        }
        guard let address = fields["address"], let stored = fields["stored"].flatMap({ Int($0) }),
              let size = fields["size"].flatMap({ Int($0) }), size >= 0 else { return nil }
        self.init(address: address, etag: fields["etag"], lastModified: fields["last-modified"], storedAt: stored, size: size)
    }

    /// Headers that ask the server to send the body only if it changed (rule 5).
    public var conditionalHeaders: [(name: String, value: String)] {
        var headers: [(name: String, value: String)] = []
        if let etag { headers.append(("If-None-Match", etag)) }
        if let lastModified { headers.append(("If-Modified-Since", lastModified)) }
        return headers
    }
}
