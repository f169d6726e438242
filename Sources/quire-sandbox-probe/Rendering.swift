import CCairo
import QuireDocument
import QuireWire

/// Renders pages at scale 1 and copies each into the shared memfd (made before the
/// confinement, as the window makes it; mapped after, as a helper maps it), printing a digest of each page's pixels
/// so that a test can compare a confined render with an unconfined one.
enum Rendering {
    /// The number of pages rendered.
    static func renderAll(_ document: Document, pages: Int, into shared: SharedPixels, prefix: String = "") -> Int {
        var rendered = 0
        for index in 0..<pages {
            do {
                let image = try document.render(page: index, scale: 1)
                cairo_surface_flush(image.surface)
                guard let pixels = cairo_image_surface_get_data(image.surface) else {
                    Output.line("\(prefix)page \(index + 1): the picture has no pixels")
                    continue
                }
                guard let mapped = try? SharedPixels(mapping: shared.descriptor, byteCount: shared.byteCount) else {
                    Output.line("\(prefix)page \(index + 1): mapping the memfd was refused")
                    continue
                }
                let written = min(image.memoryBytes, mapped.byteCount)
                mapped.address.copyMemory(from: pixels, byteCount: written)
                Output.line("\(prefix)page \(index + 1) digest=\(digest(pixels, count: image.memoryBytes)) shared=\(written)")
                rendered += 1
            } catch {
                Output.line("\(prefix)page \(index + 1) failed: \(error)")
            }
        }
        return rendered
    }

    /// FNV-1a over the pixels' 64-bit words, in hex.
    private static func digest(_ pixels: UnsafeRawPointer, count: Int) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for offset in stride(from: 0, to: count - count % 8, by: 8) {
            hash = (hash ^ pixels.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) &* 0x100_0000_01b3
        }
        return String(hash, radix: 16)
    }
}
