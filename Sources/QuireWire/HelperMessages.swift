import QuireEngine

/// What the window asks a render helper. A render is one question when the window knows
/// the page's size: `render` names the tile and comes with shared memory (a sealed memfd,
/// passed with the message) large enough for its pixels, which the helper fills before
/// answering `rendered` with their size. Otherwise, or when the memory is too small, the
/// helper answers how many pixels it needs (`HelperReply.needs`), and `pixels` hands it
/// memory made for them. `rasterizer` is the window's choice (`Rasterizer`); a helper
/// holding the reader's changes draws with cairo whatever it is.
public enum HelperRequest: Equatable, Sendable {
    case render(id: UInt32, tile: TileKey, rasterizer: Rasterizer)
    case pixels(id: UInt32)
    case largeImages(id: UInt32, page: Int)
    /// The reader's changes follow, as one whole message (`ChangesMessage`): all of them
    /// (form values, the file's annotations deleted), to draw from now on. Not answered;
    /// the revision is the window's, to tell pictures drawn before from those drawn after.
    case changes(revision: Int)

    public static let formValueLimit = 100_000

    public var bytes: [UInt8] {
        var out = WireWriter()
        switch self {
        case .render(let id, let tile, let rasterizer):
            out.u8(1); out.u32(id); out.int(tile.page); out.int(tile.rotation.rawValue); out.f64(tile.scale)
            out.bool(tile.cell != nil); out.int(tile.cell?.column ?? 0); out.int(tile.cell?.row ?? 0)
            out.u8(rasterizer.rawValue)
        case .pixels(let id): out.u8(2); out.u32(id)
        case .largeImages(let id, let page): out.u8(3); out.u32(id); out.int(page)
        case .changes(let revision): out.u8(4); out.int(revision)
        }
        return out.bytes
    }

    public init(_ bytes: [UInt8]) throws(WireError) {
        var input = WireReader(bytes)
        switch try input.u8() {
        case 1:
            let id = try input.u32(), page = try input.int(), degrees = try input.int(), scale = try input.f64()
            let hasCell = try input.bool(), column = try input.int(), row = try input.int(), drawer = try input.u8()
            guard let rotation = Rotation(rawValue: degrees) else { throw .badValue("a rotation of \(degrees)°") }
            guard let rasterizer = Rasterizer(rawValue: drawer) else { throw .badValue("rasterizer \(drawer)") }
            self = .render(id: id, tile: TileKey(page: page, rotation: rotation, scale: scale,
                                                 cell: hasCell ? TileKey.Cell(column: column, row: row) : nil),
                           rasterizer: rasterizer)
        case 2: self = .pixels(id: try input.u32())
        case 3: self = .largeImages(id: try input.u32(), page: try input.int())
        case 4: self = .changes(revision: try input.int())
        case let other: throw .unknownMessage(other)
        }
        try input.finish()
    }
}

/// What a helper answers. Nothing in it is trusted by the window until checked
/// (`RenderReplyCheck` on the window's side).
public enum HelperReply: Equatable, Sendable {
    /// The document opened; the helper waits for requests.
    case ready(pageCount: Int)
    case openFailed(reason: String)
    case needs(id: UInt32, width: Int, height: Int)
    /// Drawn, in `cpuSeconds` of the helper's CPU time (what tells a slow page) and
    /// `drawSeconds` of its clock (what the bench takes from a round trip to find the
    /// cost of drawing in another process), with `drawnWith` (cairo where Splash was
    /// asked for when the helper holds the reader's changes or Splash cannot open the file);
    /// `grey`: the pixels are one byte each (`PageImage.isGrey`).
    case rendered(id: UInt32, width: Int, height: Int, cpuSeconds: Double, drawSeconds: Double, drawnWith: Rasterizer, grey: Bool)
    case renderFailed(id: UInt32, reason: String)
    case largeImages(id: UInt32, Bool)

    /// Reasons are for a notice: a line, not a page.
    public static let reasonLimit = 500

    public var bytes: [UInt8] {
        var out = WireWriter()
        switch self {
        case .ready(let count): out.u8(1); out.int(count)
        case .openFailed(let reason): out.u8(2); out.string(reason, limit: Self.reasonLimit)
        case .needs(let id, let width, let height): out.u8(3); out.u32(id); out.int(width); out.int(height)
        case .rendered(let id, let width, let height, let seconds, let draw, let rasterizer, let grey):
            out.u8(4); out.u32(id); out.int(width); out.int(height); out.f64(seconds); out.f64(draw); out.u8(rasterizer.rawValue)
            out.bool(grey)
        case .renderFailed(let id, let reason): out.u8(5); out.u32(id); out.string(reason, limit: Self.reasonLimit)
        case .largeImages(let id, let large): out.u8(6); out.u32(id); out.bool(large)
        }
        return out.bytes
    }

    public init(_ bytes: [UInt8]) throws(WireError) {
        var input = WireReader(bytes)
        switch try input.u8() {
        case 1: self = .ready(pageCount: try input.int())
        case 2: self = .openFailed(reason: try input.string(limit: Self.reasonLimit))
        case 3: self = .needs(id: try input.u32(), width: try input.int(), height: try input.int())
        case 4:
            let id = try input.u32(), width = try input.int(), height = try input.int()
            let seconds = try input.f64(), draw = try input.f64(), drawer = try input.u8(), grey = try input.bool()
            guard let rasterizer = Rasterizer(rawValue: drawer) else { throw .badValue("rasterizer \(drawer)") }
            self = .rendered(id: id, width: width, height: height, cpuSeconds: seconds, drawSeconds: draw, drawnWith: rasterizer, grey: grey)
        case 5: self = .renderFailed(id: try input.u32(), reason: try input.string(limit: Self.reasonLimit))
        case 6: self = .largeImages(id: try input.u32(), try input.bool())
        case let other: throw .unknownMessage(other)
        }
        try input.finish()
    }
}

/// What a helper the zygote forks does: draw pixels, read everything else, write the
/// document with the reader's annotations into a file the window opened, or read SyncTeX.
public enum HelperKind: UInt8, Equatable, Sendable {
    case renderer = 1
    case document = 2
    case saver = 3
    /// Reads the SyncTeX file beside the document (`SyncTeXRequest`).
    case synctex = 4
    /// Reads scanned pages' words with Tesseract (`RecognitionRequest`).
    case recognizer = 5
    /// Verifies the document's signatures, answers once (`SignatureReply`) and ends.
    case signatures = 6
}

/// How a helper ended, as its zygote saw it.
public enum HelperExit: Equatable, Sendable {
    case signaled(Int32)
    case exited(Int32)
    /// Not ended (yet), or not one of the zygote's.
    case unknown
}

/// What the window asks the zygote, and its answers.
public enum ZygoteRequest: Equatable, Sendable {
    /// Fork a helper for the document passed with the message (its descriptor, then the
    /// helper's end of a channel).
    case spawn(HelperKind, displayPath: String, password: String?)
    /// End a helper the zygote made (and has not yet seen end): the zygote does it, so
    /// that a process id is never reused under the window's signal.
    case end(pid: Int32)
    /// How a helper ended (waiting a moment for one whose channel just closed).
    case exitStatus(pid: Int32)

    public static let textLimit = 4096

    public var bytes: [UInt8] {
        var out = WireWriter()
        switch self {
        case .spawn(let kind, let path, let password):
            out.u8(1); out.u8(kind.rawValue); out.string(path, limit: Self.textLimit); out.optionalString(password, limit: Self.textLimit)
        case .end(let pid): out.u8(2); out.int(Int(pid))
        case .exitStatus(let pid): out.u8(3); out.int(Int(pid))
        }
        return out.bytes
    }

    public init(_ bytes: [UInt8]) throws(WireError) {
        var input = WireReader(bytes)
        func pid() throws(WireError) -> Int32 {
            let pid = try input.int()
            guard let pid = Int32(exactly: pid), pid > 0 else { throw .badValue("process \(pid)") }
            return pid
        }
        switch try input.u8() {
        case 1:
            let raw = try input.u8()
            guard let kind = HelperKind(rawValue: raw) else { throw .badValue("a helper of kind \(raw)") }
            let path = try input.string(limit: Self.textLimit), password = try input.optionalString(limit: Self.textLimit)
            self = .spawn(kind, displayPath: path, password: password)
        case 2: self = .end(pid: try pid())
        case 3: self = .exitStatus(pid: try pid())
        case let other: throw .unknownMessage(other)
        }
        try input.finish()
    }
}

public enum ZygoteReply: Equatable, Sendable {
    case spawned(pid: Int32)
    case failed(reason: String)
    case exit(HelperExit)

    public var bytes: [UInt8] {
        var out = WireWriter()
        switch self {
        case .spawned(let pid): out.u8(1); out.int(Int(pid))
        case .failed(let reason): out.u8(2); out.string(reason, limit: HelperReply.reasonLimit)
        case .exit(.signaled(let signal)): out.u8(3); out.int(Int(signal))
        case .exit(.exited(let code)): out.u8(4); out.int(Int(code))
        case .exit(.unknown): out.u8(5)
        }
        return out.bytes
    }

    public init(_ bytes: [UInt8]) throws(WireError) {
        var input = WireReader(bytes)
        func code() throws(WireError) -> Int32 {
            let value = try input.int()
            guard let code = Int32(exactly: value) else { throw .badValue("a status of \(value)") }
            return code
        }
        switch try input.u8() {
        case 1:
            let pid = try code()
            guard pid > 0 else { throw .badValue("process \(pid)") }
            self = .spawned(pid: pid)
        case 2: self = .failed(reason: try input.string(limit: HelperReply.reasonLimit))
        case 3: self = .exit(.signaled(try code()))
        case 4: self = .exit(.exited(try code()))
        case 5: self = .exit(.unknown)
        case let other: throw .unknownMessage(other)
        }
        try input.finish()
    }
}

/// How the helpers' executable is told to serve as the zygote (its channel on descriptor 3).
public enum ZygoteRole {
    public static let argument = "--zygote"
    public static let channelDescriptor: Int32 = 3
}
