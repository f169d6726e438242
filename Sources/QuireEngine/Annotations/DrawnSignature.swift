import Foundation

/// The reader's handwritten signature, drawn once in Quire and placed as ink on a page: a
/// picture of a signature, not a digital signature. The policy:
///  1. Its strokes are points in the pad's own units, kept in Quire's data folder
///     (`$XDG_DATA_HOME/quire/signature`), never in a document until placed.
///  2. The file is text, versioned: `quire-signature 1`, then one line a stroke of
///     `x,y` pairs. Reading is bounded: a file larger than `sizeLimit`, of another
///     version, or with a line that is not a stroke reads as no signature; a stroke keeps at
///     most `Drawing.pointLimit` points, the signature `strokeLimit` strokes.
///  3. Placed, it is an ink drawing scaled to `placedWidth` points wide (narrower on a
///     narrow page, and no taller than the page), its aspect kept, its top-left corner
///     where the reader clicked, kept on the page.
public struct DrawnSignature: Equatable, Sendable {
    public let strokes: [[Point]]

    public static let header = "quire-signature 1"
    public static let sizeLimit = 1 << 20
    public static let strokeLimit = 256
    public static let placedWidth = 150.0
    /// The pen's width on the page, points.
    public static let penWidth = 1.5

    /// Nil when nothing would be drawn: no stroke with a point.
    public init?(strokes: [[Point]]) {
        let kept = strokes.prefix(Self.strokeLimit).map { stroke in
            Drawing.thinned(stroke.filter { $0.x.isFinite && $0.y.isFinite && abs($0.x) < 1e6 && abs($0.y) < 1e6 }, to: Drawing.pointLimit)
        }.filter { !$0.isEmpty }
        guard !kept.isEmpty else { return nil }
        self.strokes = kept
    }

    /// The file's bytes (rule 2).
    public func encoded() -> [UInt8] {
        let lines = strokes.map { stroke in stroke.map { "\(Self.number($0.x)),\(Self.number($0.y))" }.joined(separator: " ") }
        return Array(([Self.header] + lines).joined(separator: "\n").utf8) + [10]
    }

    /// The signature in `bytes`; nil for anything else (rule 2).
    public static func decoded(_ bytes: [UInt8]) -> DrawnSignature? {
        guard bytes.count <= sizeLimit, let text = String(validating: bytes, as: UTF8.self) else { return nil }
        var lines = text.split(separator: "\n", omittingEmptySubsequences: true)
        guard lines.first == Substring(header) else { return nil }
        lines.removeFirst()
        guard lines.count <= strokeLimit else { return nil }
        var strokes: [[Point]] = []
        for line in lines {
            var stroke: [Point] = []
            for pair in line.split(separator: " ") {
                let parts = pair.split(separator: ",")
                guard parts.count == 2, let x = Double(parts[0]), let y = Double(parts[1]), x.isFinite, y.isFinite,
                      stroke.count < Drawing.pointLimit else { return nil }
                stroke.append(Point(x: x, y: y))
            }
            strokes.append(stroke)
        }
        return DrawnSignature(strokes: strokes)
    }

    /// The ink drawing it makes with its top-left corner at `corner` of a page of `page`'s size (rule 3).
    public func drawing(at corner: Point, onPage page: Size) -> Drawing {
        let plain = Drawing(.ink(strokes), width: 0.25)
        let g = plain.geometryBounds
        let wide = max(g.width, 1), tall = max(g.height, 1)
        let scale = min(min(Self.placedWidth, page.width * 0.8) / wide, page.height * 0.8 / tall)
        let width = max(wide * scale, Drawing.smallest), height = max(tall * scale, Drawing.smallest)
        let x = min(max(corner.x, 0), max(page.width - width, 0)), y = min(max(corner.y, 0), max(page.height - height, 0))
        var placed = plain.resized(to: Rect(x: x, y: y, width: width, height: height))
        placed.width = Self.penWidth
        return placed.bounded()
    }

    private static func number(_ value: Double) -> String {
        let rounded = (value * 100).rounded() / 100
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
    }
}

/// Where the drawn signature is kept (`DrawnSignature` rule 1), replaced whole (`AtomicFile`).
public struct DrawnSignatureFile {
    private let file: AtomicFile

    public init(directory: String = DrawnSignatureFile.defaultDirectory()) {
        file = AtomicFile(directory: directory, name: "signature", steps: .system)
    }

    public var path: String { file.path }

    /// `$XDG_DATA_HOME/quire`, else `~/.local/share/quire`.
    public static func defaultDirectory(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        if let data = environment["XDG_DATA_HOME"], data.hasPrefix("/") { return data + "/quire" }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        return home + "/.local/share/quire"
    }

    /// The signature kept; nil when there is none or it cannot be read.
    public func read() -> DrawnSignature? {
        guard case .bytes(let bytes, _) = file.read(limit: DrawnSignature.sizeLimit) else { return nil }
        return DrawnSignature.decoded(bytes)
    }

    /// Keeps `signature` in place of the one kept (in a private folder made if needed).
    public func write(_ signature: DrawnSignature) throws {
        try PrivateDirectory.create(file.directory)
        if let problem = PrivateDirectory.problem(file.directory) { throw FileError(describing: problem) }
        try file.replace(with: signature.encoded())
    }
}
