import Foundation

/// The X server's whole screen, as `import -window root` sees it (popovers and menus in it).
/// `scripts/test.sh` starts Xvfb with its screen in a file (`-fbdir`) and no cursor drawn
/// in it, and names the file in `QUIRE_TEST_SCREEN`: a look reads that file (an XWD image,
/// which Xvfb draws into) in 5–10 ms, where `import` took 60 ms and its PPM as long again
/// to read in a debug build; a quarter of the window tests' time went to looking. Without
/// the variable (an X server of another's), a look runs `import`.
enum ScreenGrab {
    static let screenFile = ProcessInfo.processInfo.environment["QUIRE_TEST_SCREEN"]

    /// The screen now, and `keep`, which leaves the look's bytes beside `shot` (".xwd" or
    /// ".ppm") for a person to look at after a failure (ImageMagick's `display` reads either).
    static func look(shot: String) throws -> (picture: Picture, keep: () throws -> Void) {
        guard let screenFile else {
            let grabbed = shot + ".ppm"
            let grab = Process()
            grab.executableURL = URL(fileURLWithPath: "/usr/bin/import")
            // Uncompressed: 60 ms a look where a PNG took 230.
            grab.arguments = ["-window", "root", "-depth", "8", "ppm:" + grabbed]
            try grab.run()
            grab.waitUntilExit()
            return (try Picture(ppm: grabbed), {})
        }
        let bytes = try settled(screenFile)
        return (try picture(xwd: bytes, from: screenFile), { try bytes.write(to: URL(fileURLWithPath: shot + ".xwd")) })
    }

    /// The file read until two reads in a row are alike: the server may be drawing into it
    /// while it is read, and half a drawing is a screen that never was.
    private static func settled(_ path: String) throws -> Data {
        var last = try Data(contentsOf: URL(fileURLWithPath: path))
        for _ in 0..<20 {
            let again = try Data(contentsOf: URL(fileURLWithPath: path))
            if again == last { return again }
            last = again
        }
        return last
    }

    /// An XWD image of 32-bit pixels with 8-bit red, green and blue (a 24-bit screen), as
    /// 0xFFRRGGBB. The header's 25 numbers are in the writer's byte order; the pixels in
    /// the server's, which is this machine's (Xvfb runs on it).
    private static func picture(xwd bytes: Data, from path: String) throws -> Picture {
        func failure(_ why: String) -> FixtureFailure { FixtureFailure("\(path): \(why)") }
        guard bytes.count >= 100 else { throw failure("shorter than an XWD header") }
        let header: [Int] = bytes.withUnsafeBytes { raw in
            let bigEndian = UInt32(bigEndian: raw.loadUnaligned(as: UInt32.self)) < 0x10000
            return (0..<25).map { index in
                let value = raw.loadUnaligned(fromByteOffset: index * 4, as: UInt32.self)
                return Int(bigEndian ? UInt32(bigEndian: value) : UInt32(littleEndian: value))
            }
        }
        let (headerSize, format, width, height, byteOrder, bitsPerPixel, stride, colours) =
            (header[0], header[2], header[4], header[5], header[7], header[11], header[12], header[19])
        guard format == 2, bitsPerPixel == 32, header[14] == 0xFF0000, header[15] == 0xFF00, header[16] == 0xFF,
              width > 0, height > 0, stride >= width * 4 else {
            throw failure("not a ZPixmap of 32-bit RGB pixels: \(header)")
        }
        let start = headerSize + colours * 12
        guard bytes.count >= start + stride * height else { throw failure("shorter than its \(width)×\(height) pixels") }
        guard byteOrder == (1.littleEndian == 1 ? 0 : 1) else { throw failure("pixels in the other byte order") }
        // Rows copied whole, then made opaque through a plain pointer: a whole screen at each
        // look, in a debug build (a pixel at a time, 34 ms a look; this way 5).
        let pixels = [UInt32](unsafeUninitializedCapacity: width * height) { out, count in
            bytes.withUnsafeBytes { raw in
                for y in 0..<height {
                    memcpy(out.baseAddress! + y * width, raw.baseAddress! + start + y * stride, width * 4)
                }
            }
            var pixel = out.baseAddress!
            let end = pixel + width * height
            while pixel < end {
                pixel.pointee |= 0xFF00_0000
                pixel += 1
            }
            count = width * height
        }
        return Picture(width: width, height: height, pixels: pixels)
    }
}
