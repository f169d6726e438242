import CCairo
import Foundation
import QuireDocument
import QuireEngine
import QuireImage
import XCTest

/// Runs the real `quire` executable (built beside the tests) and collects what it did.
struct QuireRun {
    let status: Int32
    let crashed: Bool
    let standardError: String
    let standardOutput: String

    /// The scale `--snapshot` reported, in device pixels per point.
    var reportedScale: Double? {
        standardOutput.split(separator: " ").first { $0.hasPrefix("scale=") }.flatMap { Double($0.dropFirst(6)) }
    }

    static var executable: URL {
        let tests = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        return tests.deletingLastPathComponent().appendingPathComponent("quire")
    }

    /// The helpers' executable the window starts (the zygote, the web fetch process).
    static var helpers: URL { executable.deletingLastPathComponent().appendingPathComponent("quire-helpers") }

    /// Window tests fail, not skip, without a display.
    static func requireDisplay() throws {
        guard ProcessInfo.processInfo.environment["DISPLAY"] != nil else {
            throw FixtureFailure("window tests need an X display: run them through scripts/test.sh (Xvfb)")
        }
    }

    static func run(_ arguments: [String], environment extra: [String: String] = [:]) throws -> QuireRun {
        try requireDisplay()
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.environment = TestEnvironment.forRun(["QUIRE_SNAPSHOT_TIMEOUT": "60"].merging(extra) { $1 })
        let errors = Pipe(), output = Pipe()
        process.standardError = errors
        process.standardOutput = output
        try process.run()
        // Read both to their ends; the output is one line, so reading it second cannot block quire.
        let data = errors.fileHandleForReading.readDataToEndOfFile()
        let printed = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        GLibMessages.assertNone(in: String(decoding: data, as: UTF8.self), from: "quire \(arguments.joined(separator: " "))")
        return QuireRun(status: process.terminationStatus, crashed: process.terminationReason == .uncaughtSignal,
                        standardError: String(decoding: data, as: UTF8.self), standardOutput: String(decoding: printed, as: UTF8.self))
    }
}

struct FixtureFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// Pixels of a PNG file or of a rendered page, as 0xAARRGGBB, for comparing pictures.
struct Picture {
    let width: Int
    let height: Int
    private let pixels: [UInt32]

    init(png path: String) throws {
        guard let surface = cairo_image_surface_create_from_png(path), cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else {
            throw FixtureFailure("cannot read \(path) as PNG")
        }
        defer { cairo_surface_destroy(surface) }
        self.init(surface: surface)
    }

    /// A binary PPM (P6, 8 bits), as `import` writes a screen.
    init(ppm path: String) throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        // The header: "P6", width, height and the largest value, each after white space
        // (and "#" comments); one white space character, then the pixels.
        var fields: [Int] = [], index = data.startIndex, token = ""
        func isSpace(_ byte: UInt8) -> Bool { [0x20, 0x09, 0x0A, 0x0D].contains(byte) }
        guard data.count > 2, data[index] == UInt8(ascii: "P"), data[index + 1] == UInt8(ascii: "6") else {
            throw FixtureFailure("\(path) is not a binary PPM")
        }
        index += 2
        while fields.count < 3, index < data.endIndex {
            let byte = data[index]
            if byte == UInt8(ascii: "#") {
                while index < data.endIndex, data[index] != 0x0A { index += 1 }
            } else if isSpace(byte) {
                if let value = Int(token) { fields.append(value) }
                token = ""
            } else {
                token.append(Character(Unicode.Scalar(byte)))
            }
            index += 1
        }
        guard fields.count == 3, fields[2] == 255, fields[0] > 0, fields[1] > 0,
              data.endIndex - index >= fields[0] * fields[1] * 3 else { throw FixtureFailure("\(path): a PPM header not understood") }
        let (width, height) = (fields[0], fields[1])
        let pixels = data.withUnsafeBytes { raw in
            let bytes = raw.bindMemory(to: UInt8.self).baseAddress! + (index - data.startIndex)
            return [UInt32](unsafeUninitializedCapacity: width * height) { buffer, count in
                for i in 0..<width * height {
                    buffer[i] = 0xFF00_0000 | UInt32(bytes[3 * i]) << 16 | UInt32(bytes[3 * i + 1]) << 8 | UInt32(bytes[3 * i + 2])
                }
                count = width * height
            }
        }
        self.init(width: width, height: height, pixels: pixels)
    }

    init(_ image: PageImage) {
        self = withExtendedLifetime(image) { Picture(surface: image.surface) }
    }

    private init(surface: OpaquePointer) {
        cairo_surface_flush(surface)
        width = Int(cairo_image_surface_get_width(surface))
        height = Int(cairo_image_surface_get_height(surface))
        let stride = Int(cairo_image_surface_get_stride(surface))
        let data = UnsafeRawPointer(cairo_image_surface_get_data(surface)!)
        var pixels: [UInt32] = []
        pixels.reserveCapacity(width * height)
        for y in 0..<height {
            for x in 0..<width { pixels.append(data.load(fromByteOffset: y * stride + x * 4, as: UInt32.self) | 0xFF00_0000) }
        }
        self.pixels = pixels
    }

    subscript(x: Int, y: Int) -> UInt32 { pixels[y * width + x] }

    init(width: Int, height: Int, pixels: [UInt32]) {
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    static func distance(_ a: UInt32, _ b: UInt32) -> Int {
        // No array: this runs for every pixel of a screen, in a debug build.
        let red = abs(Int((a >> 16) & 0xFF) - Int((b >> 16) & 0xFF))
        let green = abs(Int((a >> 8) & 0xFF) - Int((b >> 8) & 0xFF))
        return max(red, green, abs(Int(a & 0xFF) - Int(b & 0xFF)))
    }

    /// The bounding box of pixels within `tolerance` of `colour`, if any.
    func bounds(of colour: UInt32, tolerance: Int = 3) -> (x: Int, y: Int, width: Int, height: Int)? {
        var minX = Int.max, minY = Int.max, maxX = -1, maxY = -1
        for y in 0..<height {
            for x in 0..<width where Self.distance(self[x, y], colour) <= tolerance {
                minX = min(minX, x); maxX = max(maxX, x); minY = min(minY, y); maxY = max(maxY, y)
            }
        }
        return maxX < 0 ? nil : (minX, minY, maxX - minX + 1, maxY - minY + 1)
    }

    /// The share of `reference`'s pixels that differ by more than `tolerance` from this
    /// picture's pixels at (x, y) + their position (pixels falling outside count as different).
    /// The tolerance is below the 33 levels between white paper and the canvas's grey.
    func mismatch(with reference: Picture, atX originX: Int, y originY: Int, tolerance: Int = 24, step: Int = 1) -> Double {
        var compared = 0, different = 0
        // Plain loops over the buffers: a whole screen is compared at each look, and the
        // tests are built unoptimised.
        pixels.withUnsafeBufferPointer { own in
            reference.pixels.withUnsafeBufferPointer { other in
                var y = 0
                while y < reference.height {
                    let py = originY + y
                    var x = 0
                    while x < reference.width {
                        compared += 1
                        let px = originX + x
                        if px < 0 || py < 0 || px >= width || py >= height {
                            different += 1
                        } else {
                            let a = own[py * width + px], b = other[y * reference.width + x]
                            if a != b && Self.distance(a, b) > tolerance { different += 1 }
                        }
                        x += step
                    }
                    y += step
                }
            }
        }
        return Double(different) / Double(max(compared, 1))
    }

    /// Where `reference` best matches inside this picture, searching the given offsets.
    func bestMatch(of reference: Picture, xs: ClosedRange<Int>, ys: ClosedRange<Int>) -> (x: Int, y: Int, mismatch: Double) {
        var best = (x: xs.lowerBound, y: ys.lowerBound, mismatch: 2.0)
        for y in ys {
            for x in xs {
                let coarse = mismatch(with: reference, atX: x, y: y, step: 16)
                if coarse < best.mismatch { best = (x, y, coarse) }
            }
        }
        return (best.x, best.y, mismatch(with: reference, atX: best.x, y: best.y))
    }
}

extension Picture {
    /// A part of this picture.
    func cropped(x: Int, y: Int, width: Int, height: Int) -> Picture {
        var part: [UInt32] = []
        part.reserveCapacity(width * height)
        for row in y..<y + height { for column in x..<x + width { part.append(self[column, row]) } }
        return Picture(width: width, height: height, pixels: part)
    }
}
