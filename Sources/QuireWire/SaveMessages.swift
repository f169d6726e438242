import QuireEngine

/// A save helper's conversation: it opens the document and says so (`SaveReply.ready`);
/// the window sends the markups and form values to write (`SaveRequest`, whole), then one packet passing
/// the new file's descriptor (`SaveRequest.output`); the helper writes and answers.
public struct SaveRequest: Equatable, Sendable {
    public let markups: [Markup]
    /// The reader's form values (in the order to set them) and the file's annotations deleted.
    public let changes: DocumentChanges
    /// Recognised pages written as invisible text ("Save with Recognised Text", `TextLayer`);
    /// none for a plain save.
    public let textLayers: [TextLayer.Page]
    /// Tesseract's glyphless TrueType, for the layers' font to embed; empty for none.
    public let layerFont: [UInt8]

    public init(markups: [Markup], changes: DocumentChanges = DocumentChanges(), textLayers: [TextLayer.Page] = [], layerFont: [UInt8] = []) {
        self.markups = markups; self.changes = changes; self.textLayers = textLayers; self.layerFont = layerFont
    }

    public static let layerFontLimit = 1 << 20

    /// The packet that passes the output file.
    public static let output: [UInt8] = [0x5A]
    public static let markupLimit = 100_000

    public var bytes: [UInt8] {
        var out = WireWriter()
        out.markups(markups)
        out.changes(changes)
        out.list(textLayers) { out, layer in out.int(layer.page); out.recognisedWords(layer.words) }
        out.int(min(layerFont.count, Self.layerFontLimit)); out.raw(Array(layerFont.prefix(Self.layerFontLimit)))
        return out.bytes
    }

    public init(_ bytes: [UInt8]) throws(WireError) {
        var input = WireReader(bytes)
        markups = try input.markups()
        changes = try input.changes()
        textLayers = try input.list(limit: Self.markupLimit, least: 16) { input throws(WireError) in
            TextLayer.Page(page: try input.int(), words: try input.recognisedWords())
        }
        layerFont = try input.raw(count: try input.count(limit: Self.layerFontLimit))
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
            out.bool(markup.drawing != nil)
            if let drawing = markup.drawing { out.drawing(drawing) }
        }
    }

    mutating func drawing(_ drawing: Drawing) {
        f64(drawing.width); f64(drawing.fontSize); u8(drawing.fill?.rawValue ?? 0)
        switch drawing.shape {
        case .ink(let strokes):
            u8(1)
            list(strokes) { out, stroke in out.list(stroke) { out, point in out.point(point) } }
        case .line(let from, let to, let arrow): u8(2); point(from); point(to); bool(arrow)
        case .rectangle(let frame): u8(3); rect(frame)
        case .ellipse(let frame): u8(4); rect(frame)
        case .textBox(let frame): u8(5); rect(frame)
        case .stamp(let frame, .standard(let name)): u8(6); rect(frame); string(name.rawValue, limit: 64)
        case .stamp(let frame, .picture(let picture)):
            u8(7); rect(frame); int(picture.width); int(picture.height); raw(picture.pixels)
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
            let areas = try input.rects(limit: Markup.areaLimit), text = try input.string(limit: Markup.textLimit * 4)
            let author = try input.string(limit: 1024), created = try input.f64(), comment = try input.string(limit: Markup.textLimit * 4)
            var markup: Markup
            if try input.bool() {
                let drawing = try input.drawing()
                guard drawing.kind == kind else { throw .badValue("a drawing of kind \(drawing.kind) for a markup of kind \(kind)") }
                markup = Markup(id: id, page: page, drawing: drawing, colour: colour, text: text, author: author, created: created)
            } else {
                guard !kind.isDrawn else { throw .badValue("a drawn markup without its drawing") }
                markup = Markup(id: id, page: page, kind: kind, colour: colour, areas: areas, text: text, author: author, created: created)
            }
            markup.comment = comment
            return markup
        }
    }

    mutating func drawing() throws(WireError) -> Drawing {
        let width = try f64(), fontSize = try f64(), rawFill = try u8()
        let fill: Markup.Colour?
        if rawFill == 0 { fill = nil } else if let colour = Markup.Colour(rawValue: rawFill) { fill = colour } else { throw .badValue("a fill of colour \(rawFill)") }
        let shape: Drawing.Shape
        switch try u8() {
        case 1:
            shape = .ink(try list(limit: Drawing.strokeLimit, least: 8) { input throws(WireError) in
                try input.list(limit: Drawing.pointLimit, least: 16) { input throws(WireError) in try input.point() }
            })
        case 2: shape = .line(from: try point(), to: try point(), arrow: try bool())
        case 3: shape = .rectangle(try rect())
        case 4: shape = .ellipse(try rect())
        case 5: shape = .textBox(try rect())
        case 6:
            let frame = try rect(), name = try string(limit: 64)
            guard let stamp = StandardStamp(rawValue: name) else { throw .badValue("a stamp named \(name.prefix(64))") }
            shape = .stamp(frame, .standard(stamp))
        case 7:
            let frame = try rect(), width = try int(), height = try int()
            guard (1...StampPicture.sideLimit).contains(width), (1...StampPicture.sideLimit).contains(height) else {
                throw .badValue("a stamp picture of \(width) × \(height) pixels")
            }
            guard let picture = StampPicture(width: width, height: height, pixels: try raw(count: width * height * 4)) else {
                throw .badValue("a stamp picture's pixels")
            }
            shape = .stamp(frame, .picture(picture))
        case let other: throw .unknownMessage(other)
        }
        return Drawing(shape, width: width, fill: fill, fontSize: fontSize)
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
