import Foundation

/// What `documents.json` holds: a format version and one entry per remembered document.
/// Compact JSON with sorted keys and entries sorted by path, so that the same memory
/// writes the same bytes. A version above `currentVersion` was written by a newer Quire
/// and is not guessed at.
struct DocumentStateFile: Codable {
    static let currentVersion = 1

    struct Entry: Codable, Equatable {
        var path: String
        var device: UInt64
        var inode: UInt64
        var permanentID: String?
        /// Seconds since 1970, from the store's clock.
        var lastUsed: Double
        var state: DocumentState
        /// The reader's bookmarks and marks; absent when there are none (or written before them).
        var places: MarkedPlaces?

        init(identity: DocumentIdentity, lastUsed: Double, state: DocumentState, places: MarkedPlaces? = nil) {
            path = identity.path
            device = identity.device
            inode = identity.inode
            permanentID = identity.permanentID
            self.lastUsed = lastUsed
            self.state = state
            self.places = places?.isEmpty == true ? nil : places
        }

        var identity: DocumentIdentity {
            DocumentIdentity(path: path, device: device, inode: inode, permanentID: permanentID)
        }
    }

    /// Why a file's contents cannot be used, for a person.
    struct Unusable: Error {
        let reason: String
    }

    var version = currentVersion
    var documents: [Entry]

    static func encode(_ documents: [Entry]) throws -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let file = DocumentStateFile(documents: documents.sorted { $0.path < $1.path })
        return Array(try encoder.encode(file))
    }

    static func decode(_ bytes: [UInt8]) throws(Unusable) -> [Entry] {
        struct Version: Decodable { let version: Int }
        let data = Data(bytes)
        guard let version = try? JSONDecoder().decode(Version.self, from: data).version else {
            throw Unusable(reason: "it is not JSON with a format version")
        }
        guard version <= currentVersion else {
            throw Unusable(reason: "it was written by a newer Quire (format \(version); this one reads format \(currentVersion))")
        }
        guard version >= 1 else { throw Unusable(reason: "it has an unknown format version \(version)") }
        do {
            return try JSONDecoder().decode(Self.self, from: data).documents
        } catch {
            throw Unusable(reason: "it is damaged (\(describe(error)))")
        }
    }

    private static func describe(_ error: Error) -> String {
        func place(_ path: [CodingKey]) -> String {
            String(path.map { key in key.intValue.map { "[\($0)]" } ?? "." + key.stringValue }.joined().dropFirst())
        }
        switch error as? DecodingError {
        case .keyNotFound(let key, let context)?: return "\(place(context.codingPath + [key])) is missing"
        case .typeMismatch(_, let context)?, .valueNotFound(_, let context)?, .dataCorrupted(let context)?:
            return "\(place(context.codingPath)): \(context.debugDescription)"
        default: return "\(error)"
        }
    }
}
