/// Whether a file the reader chose for a picture stamp may be decoded, and the size it is
/// kept at. The policy:
///  1. A file over `fileLimit` bytes is refused before it is read.
///  2. Its header must be a PNG's or a JPEG's, and say a size: a picture of more than
///     `pixelLimit` pixels is refused before it is decoded (a 20000 × 20000 PNG header is a
///     gigabyte and a half once decoded, whatever the file's few bytes).
///  3. It is kept at most `StampPicture.sideLimit` pixels a side, its aspect kept.
public enum StampPictureCheck {
    public static let fileLimit = 32 << 20
    public static let pixelLimit = 50_000_000

    public enum Failure: Error, Equatable, Sendable {
        case tooLarge, notAPicture, tooManyPixels

        /// What the reader is told.
        public var message: String {
            switch self {
            case .tooLarge: tr("This picture is larger than 32 MiB: choose a smaller one")
            case .notAPicture: tr("This file is not a PNG or JPEG picture")
            case .tooManyPixels: tr("This picture has too many pixels: choose one of at most 50 megapixels")
            }
        }
    }

    /// Checks a file of `size` bytes whose first bytes (up to 64 KiB, for a JPEG's size) are `head` (rules 1 and 2).
    public static func check(size: Int, head: [UInt8]) -> Failure? {
        guard size <= fileLimit else { return .tooLarge }
        guard let (width, height) = dimensions(head) else { return .notAPicture }
        guard width > 0, height > 0 else { return .notAPicture }
        return width * height > pixelLimit ? .tooManyPixels : nil
    }

    /// The size a picture of `width` × `height` is kept at (rule 3).
    public static func keptSize(width: Int, height: Int) -> (width: Int, height: Int) {
        let side = StampPicture.sideLimit, longest = max(width, height)
        guard longest > side else { return (width, height) }
        let scale = Double(side) / Double(longest)
        return (max(1, Int((Double(width) * scale).rounded())), max(1, Int((Double(height) * scale).rounded())))
    }

    /// A PNG's IHDR size, or a JPEG's first frame's; nil for anything else.
    static func dimensions(_ bytes: [UInt8]) -> (Int, Int)? {
        func big(_ at: Int, _ count: Int) -> Int? {
            guard at >= 0, at + count <= bytes.count else { return nil }
            return bytes[at..<at + count].reduce(0) { $0 << 8 | Int($1) }
        }
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
            guard Array(bytes.dropFirst(12).prefix(4)) == Array("IHDR".utf8), let width = big(16, 4), let height = big(20, 4) else { return nil }
            return (width, height)
        }
        guard bytes.starts(with: [0xFF, 0xD8]) else { return nil }
        var at = 2
        // Segments up to the first start of frame (SOF0…SOF15 but DHT, JPG and DAC).
        while at + 4 <= bytes.count, bytes[at] == 0xFF {
            let marker = bytes[at + 1]
            if marker == 0xFF { at += 1; continue }
            guard let length = big(at + 2, 2), length >= 2 else { return nil }
            if (0xC0...0xCF).contains(marker), ![0xC4, 0xC8, 0xCC].contains(marker) {
                guard let height = big(at + 5, 2), let width = big(at + 7, 2) else { return nil }
                return (width, height)
            }
            at += 2 + length
        }
        return nil
    }
}
