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
        var environment = ProcessInfo.processInfo.environment
        environment["QUIRE_SNAPSHOT_TIMEOUT"] = "60"
        environment["XDG_STATE_HOME"] = freshStateHome()
        environment.merge(freshSettings()) { $1 }
        environment.merge(extra) { $1 }
        process.environment = environment
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

/// A state directory of its own for a run, so that no run opens where another left off
/// (tests of remembering pass one explicitly).
func freshStateHome() -> String {
    let path = NSTemporaryDirectory() + "quire-state-\(UUID().uuidString)"
    try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
}

/// Preferences of its own for a run, none shared with another or with the reader's own:
/// GSettings in a keyfile under a fresh config folder (tests of preferences pass one).
func freshSettings() -> [String: String] {
    ["GSETTINGS_BACKEND": "keyfile", "XDG_CONFIG_HOME": freshStateHome()]
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
        [16, 8, 0].map { abs(Int((a >> $0) & 0xFF) - Int((b >> $0) & 0xFF)) }.max()!
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
        for y in stride(from: 0, to: reference.height, by: step) {
            for x in stride(from: 0, to: reference.width, by: step) {
                compared += 1
                let (px, py) = (originX + x, originY + y)
                guard px >= 0, py >= 0, px < width, py < height else { different += 1; continue }
                if Self.distance(self[px, py], reference[x, y]) > tolerance { different += 1 }
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
