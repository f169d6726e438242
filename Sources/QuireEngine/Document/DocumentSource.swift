/// Where a document comes from, plus the password that opens it: a value any thread may
/// hold. The window opens it once (`DocumentFile`); helpers open their own documents from that.
public struct DocumentSource: Sendable {
    public enum Location: Sendable {
        case file(path: String)
        /// Contents of a location that is not a local file, loaded once.
        case bytes(LoadedBytes, uri: String)
        /// A location that is not a local file, not yet loaded: the window copies it on a
        /// thread of its own when it opens it (`DocumentFile`).
        case remote(uri: String)
    }

    public let location: Location
    public var password: String?
    /// The address a web document's stored copy (`location`) came from: its name and
    /// identity (`WebDocument.swift`).
    public var webAddress: String?

    public init(path: String, password: String? = nil) {
        location = .file(path: path)
        self.password = password
    }

    public init(location: Location, password: String? = nil) {
        self.location = location
        self.password = password
    }

    /// The path or URI, as shown to people.
    public var displayPath: String {
        if let webAddress { return webAddress }
        return switch location {
        case .file(let path): path
        case .bytes(_, let uri), .remote(let uri): uri
        }
    }

    /// The last component of the path or URI.
    public var displayName: String {
        if let address = webAddress.flatMap(WebAddress.init) { return address.displayName }
        let full = displayPath
        let trimmed = full.hasSuffix("/") ? String(full.dropLast()) : full
        return trimmed.split(separator: "/").last.map(String.init) ?? full
    }
}

/// Bytes loaded from a non-file location: immutable once loaded, so shareable.
public final class LoadedBytes: Sendable {
    private let bytes: [UInt8]

    public init(_ bytes: [UInt8]) { self.bytes = bytes }

    public var count: Int { bytes.count }

    /// Runs `body` over the bytes.
    public func withUnsafeBytes<T, E: Error>(_ body: (UnsafeRawBufferPointer) throws(E) -> T) throws(E) -> T {
        let result: Result<T, E> = bytes.withUnsafeBytes { raw in
            do throws(E) { return .success(try body(raw)) } catch { return .failure(error) }
        }
        return try result.get()
    }

    /// The first bytes, for telling a PDF from other data.
    public func prefix(_ n: Int) -> [UInt8] { Array(bytes.prefix(max(0, n))) }

    /// The last bytes, where a PDF's trailer is.
    public func suffix(_ n: Int) -> [UInt8] { Array(bytes.suffix(max(0, n))) }
}
