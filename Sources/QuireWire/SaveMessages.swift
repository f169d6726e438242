import QuireEngine

/// A save helper's conversation: it opens the document and says so (`SaveReply.ready`);
/// the window sends the markups and form values to write (`SaveRequest`, whole), then one packet passing
/// the new file's descriptor (`SaveRequest.output`); the helper writes and answers.
public struct SaveRequest: Equatable, Sendable {
    public let markups: [Markup]
    /// The reader's form values (in the order to set them) and the file's annotations deleted.
    public let changes: DocumentChanges

    public init(markups: [Markup], changes: DocumentChanges = DocumentChanges()) { self.markups = markups; self.changes = changes }

    /// The packet that passes the output file.
    public static let output: [UInt8] = [0x5A]
    public static let markupLimit = 100_000

    public var bytes: [UInt8] {
        var out = WireWriter()
        out.markups(markups)
        out.changes(changes)
        return out.bytes
    }

    public init(_ bytes: [UInt8]) throws(WireError) {
        var input = WireReader(bytes)
        markups = try input.markups()
        changes = try input.changes()
        try input.finish()
    }
}

extension WireWriter {
    mutating func markups(_ markups: [Markup]) {
        list(markups) { out, markup in
            out.int(markup.id); out.int(markup.page); out.u8(markup.kind.rawValue); out.u8(markup.colour.rawValue)
            out.rects(Array(markup.areas.prefix(Markup.areaLimit)))
            out.string(markup.text, limit: Markup.textLimit * 4)
            out.string(markup.author, limit: 1024)
            out.f64(markup.created)
            out.string(markup.comment, limit: Markup.textLimit * 4)
        }
    }
}

extension WireReader {
    mutating func markups() throws(WireError) -> [Markup] {
        try list(limit: SaveRequest.markupLimit, least: 40) { input throws(WireError) in
            let id = try input.int(), page = try input.int()
            let rawKind = try input.u8(), rawColour = try input.u8()
            guard let kind = Markup.Kind(rawValue: rawKind), let colour = Markup.Colour(rawValue: rawColour) else {
                throw .badValue("a markup of kind \(rawKind), colour \(rawColour)")
            }
            var markup = Markup(id: id, page: page, kind: kind, colour: colour, areas: try input.rects(limit: Markup.areaLimit),
                                text: try input.string(limit: Markup.textLimit * 4), author: try input.string(limit: 1024),
                                created: try input.f64())
            markup.comment = try input.string(limit: Markup.textLimit * 4)
            return markup
        }
    }
}

public enum SaveReply: Equatable, Sendable {
    case ready
    case openFailed(reason: String)
    /// Written: how many markups poppler took (those on pages it could not load, or with
    /// no area on their page, it left out).
    case saved(written: Int)
    case failed(reason: String)

    public static let reasonLimit = 4096

    public var bytes: [UInt8] {
        var out = WireWriter()
        switch self {
        case .ready: out.u8(1)
        case .openFailed(let reason): out.u8(2); out.string(reason, limit: Self.reasonLimit)
        case .saved(let written): out.u8(3); out.int(written)
        case .failed(let reason): out.u8(4); out.string(reason, limit: Self.reasonLimit)
        }
        return out.bytes
    }

    public init(_ bytes: [UInt8]) throws(WireError) {
        var input = WireReader(bytes)
        switch try input.u8() {
        case 1: self = .ready
        case 2: self = .openFailed(reason: try input.string(limit: Self.reasonLimit))
        case 3: self = .saved(written: try input.int())
        case 4: self = .failed(reason: try input.string(limit: Self.reasonLimit))
        case let other: throw .unknownMessage(other)
        }
        try input.finish()
    }
}
