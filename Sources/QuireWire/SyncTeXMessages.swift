import QuireEngine

/// What the window asks a SyncTeX helper (`SyncTeXHelper`), which reads the SyncTeX file
/// beside a PDF. Its first answer says whether it could (`SyncTeXReply.ready`); then one
/// answer a question. Pages are zero-based here, as everywhere in the window.
public enum SyncTeXRequest: Equatable, Sendable {
    /// The boxes of `line` of the first of `inputs` the file knows, those on pages nearest
    /// `nearPage` first.
    case forward(inputs: [String], line: Int, column: Int, nearPage: Int)
    /// The source lines under `point` (points from the page's top-left) of `page`.
    case inverse(page: Int, point: Point)

    public static let nameLimit = SyncTeXPlaces.longestName
    public static let inputLimit = 8

    public var bytes: [UInt8] {
        var out = WireWriter()
        switch self {
        case .forward(let inputs, let line, let column, let page):
            out.u8(1)
            out.list(Array(inputs.prefix(Self.inputLimit))) { out, input in out.string(input, limit: Self.nameLimit) }
            out.int(line); out.int(column); out.int(page)
        case .inverse(let page, let point): out.u8(2); out.int(page); out.point(point)
        }
        return out.bytes
    }

    public init(_ bytes: [UInt8]) throws(WireError) {
        var input = WireReader(bytes)
        switch try input.u8() {
        case 1:
            let inputs = try input.list(limit: Self.inputLimit, least: 4) { input throws(WireError) in try input.string(limit: Self.nameLimit) }
            self = .forward(inputs: inputs, line: try input.int(), column: try input.int(), nearPage: try input.int())
        case 2: self = .inverse(page: try input.int(), point: try input.point())
        case let other: throw .unknownMessage(other)
        }
        try input.finish()
    }
}

public enum SyncTeXReply: Equatable, Sendable {
    case ready
    /// No SyncTeX file, or one that cannot be read: why, for a notice.
    case unavailable(reason: String)
    case boxes([SyncTeXPlaces.Box])
    case sources([SyncTeXPlaces.Source])

    public static let reasonLimit = 1000
    public static let boxLimit = 10_000
    public static let sourceLimit = 100

    public var bytes: [UInt8] {
        var out = WireWriter()
        switch self {
        case .ready: out.u8(1)
        case .unavailable(let reason): out.u8(2); out.string(reason, limit: Self.reasonLimit)
        case .boxes(let boxes):
            out.u8(3)
            out.list(Array(boxes.prefix(Self.boxLimit))) { out, box in
                out.int(box.page); out.f64(box.x); out.f64(box.baseline); out.f64(box.width); out.f64(box.height); out.f64(box.depth)
            }
        case .sources(let sources):
            out.u8(4)
            out.list(Array(sources.prefix(Self.sourceLimit))) { out, source in
                out.string(source.input, limit: SyncTeXRequest.nameLimit); out.int(source.line); out.int(source.column)
            }
        }
        return out.bytes
    }

    public init(_ bytes: [UInt8]) throws(WireError) {
        var input = WireReader(bytes)
        switch try input.u8() {
        case 1: self = .ready
        case 2: self = .unavailable(reason: try input.string(limit: Self.reasonLimit))
        case 3:
            self = .boxes(try input.list(limit: Self.boxLimit, least: 48) { input throws(WireError) in
                SyncTeXPlaces.Box(page: try input.int(), x: try input.f64(), baseline: try input.f64(), width: try input.f64(),
                                  height: try input.f64(), depth: try input.f64())
            })
        case 4:
            self = .sources(try input.list(limit: Self.sourceLimit, least: 20) { input throws(WireError) in
                SyncTeXPlaces.Source(input: try input.string(limit: SyncTeXRequest.nameLimit), line: try input.int(), column: try input.int())
            })
        case let other: throw .unknownMessage(other)
        }
        try input.finish()
    }
}
