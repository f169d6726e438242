/// How a picture is cut when GTK's cairo renderer draws it. The policy:
///  1. GTK records a cairo node and, at each frame, replays it into an image of the part it
///     covers before compositing that onto the frame: a page picture drawn as one node made
///     a second buffer the size of the view every frame (7.2 MB for a 1,590×1,126 view,
///     beside GTK's own 7.2 MB frame), and glibc's heap kept both free between frames.
///  2. So a picture is drawn as bands of whole device rows, each at most `bandBytes` in the
///     renderer's image (4 bytes a pixel) and at least `minimumRows` tall; each band's
///     image is freed before the next is made, and one band's memory is reused for all.
///  3. A band's pixels are the whole picture's: each is drawn from the whole picture,
///     clipped to its rows, which start on device pixels.
/// The GL renderers take pictures as textures, uncut.
public enum PictureBands {
    public static let bandBytes = 1 << 20
    public static let minimumRows = 32

    /// The bands of a picture `width` × `height` device pixels, top to bottom: the first row
    /// of each and how many.
    public static func rows(width: Int, height: Int) -> [Range<Int>] {
        guard width > 0, height > 0 else { return [] }
        let tall = max(minimumRows, bandBytes / 4 / width)
        return stride(from: 0, to: height, by: tall).map { $0..<min($0 + tall, height) }
    }
}
