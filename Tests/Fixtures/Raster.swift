import Foundation

/// A page of a PDF as another program draws it (mutool, or poppler's pdftoppm), at 72 dpi
/// times `scale`: to see where a file's marks are, with renderers other than Quire's own.
public struct Raster {
    public enum Renderer: String, CaseIterable, Sendable {
        case mutool, pdftoppm
    }

    public let width: Int, height: Int
    /// Red, green and blue, a byte each, rows from the top.
    public let rgb: [UInt8]
    public let scale: Double

    /// Page `page` (from 0) of `path` as `renderer` draws it; throws when it cannot.
    public init(_ path: String, page: Int = 0, scale: Double = 2, renderer: Renderer) throws {
        let process = Process(), pipe = Pipe()
        let dpi = String(Int(72 * scale))
        switch renderer {
        case .mutool:
            process.executableURL = URL(fileURLWithPath: "/usr/bin/mutool")
            process.arguments = ["draw", "-q", "-r", dpi, "-F", "ppm", "-o", "-", path, String(page + 1)]
        case .pdftoppm:
            process.executableURL = URL(fileURLWithPath: "/usr/bin/pdftoppm")
            process.arguments = ["-r", dpi, "-f", String(page + 1), "-l", String(page + 1), path]
        }
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        try process.run()
        let output = [UInt8](pipe.fileHandleForReading.readDataToEndOfFile())
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw QPDFFailure(description: "\(renderer) could not draw \(path) (status \(process.terminationStatus))") }
        // P6, width, height, 255, one whitespace, then the pixels.
        var fields: [String] = [], index = 0
        while fields.count < 4, index < output.count {
            while index < output.count, [0x20, 0x0A, 0x0D, 0x09].contains(output[index]) { index += 1 }
            let start = index
            while index < output.count, ![0x20, 0x0A, 0x0D, 0x09].contains(output[index]) { index += 1 }
            fields.append(String(decoding: output[start..<index], as: UTF8.self))
        }
        guard fields.count == 4, fields[0] == "P6", let width = Int(fields[1]), let height = Int(fields[2]),
              output.count >= index + 1 + width * height * 3 else { throw QPDFFailure(description: "\(renderer) drew no picture of \(path)") }
        self.width = width
        self.height = height
        self.scale = scale
        rgb = Array(output[(index + 1)..<(index + 1 + width * height * 3)])
    }

    /// How many pixels inside `area` (points from the page's top left) are within `tolerance`
    /// of `colour` (0…1 each) in every channel.
    public func pixels(near colour: [Double], in area: (x: Double, y: Double, width: Double, height: Double), tolerance: Int = 40) -> Int {
        let wanted = colour.map { Int(($0 * 255).rounded()) }
        let left = max(0, Int(area.x * scale)), right = min(width, Int(((area.x + area.width) * scale).rounded(.up)))
        let top = max(0, Int(area.y * scale)), bottom = min(height, Int(((area.y + area.height) * scale).rounded(.up)))
        guard left < right, top < bottom else { return 0 }
        var count = 0
        for y in top..<bottom {
            for x in left..<right {
                let at = (y * width + x) * 3
                if (0..<3).allSatisfy({ abs(Int(rgb[at + $0]) - wanted[$0]) <= tolerance }) { count += 1 }
            }
        }
        return count
    }
}
