/// The size a new window opens at: the one the reader's last window was left at. Policy:
/// 1. What is kept: the window's size when it is neither maximised nor fullscreen (GTK's
///    default size follows it), and whether it was maximised. Fullscreen is not kept.
/// 2. When: as a window closes, the last one closed; on Quit, the window in front.
/// 3. Used by every window made after (the next start's, Ctrl+N's); the last session's
///    windows reopen each at its own, kept with the session (`LastSession`).
///    `--size` wins, unmaximised, and a run it sizes keeps nothing; a snapshot neither
///    reads nor writes it: its picture is the standard window's.
/// 4. The first view is drawn ahead at the kept size (`FirstViewPrediction`), so a reader
///    whose window manager gives the window its size (tiling, or a size it remembers) sees
///    the first page drawn once. A maximised window's size is the window manager's to say:
///    not predicted.
/// 5. The file is ours but untrusted: one that does not decode, is over 4 KiB, or holds a
///    side outside `sides`, is the standard window.
public struct WindowGeometry: SmallState, Equatable {
    public var width: Int
    public var height: Int
    public var maximized: Bool

    public init(width: Int, height: Int, maximized: Bool = false) {
        self.width = width
        self.height = height
        self.maximized = maximized
    }

    /// A new window's size before any was kept.
    public static let standard = WindowGeometry(width: 900, height: 1100)
    public static let fileName = "window.json"
    public static let sizeLimit = 4096
    public static var empty: WindowGeometry { standard }
    /// Sides a window can have: GTK makes a smaller one its content's minimum, and X11's
    /// sides end at 32,767.
    public static let sides = 100...32_767

    /// The geometry to keep for a window `width` × `height` (its default size), maximised or
    /// not; nil when a side is not one a window has (an unrealised window says 0).
    public static func kept(width: Int, height: Int, maximized: Bool) -> WindowGeometry? {
        let geometry = WindowGeometry(width: width, height: height, maximized: maximized)
        return geometry.isKept ? geometry : nil
    }

    /// Rule 5: a side a window has.
    public var isKept: Bool { Self.sides.contains(width) && Self.sides.contains(height) }
}

/// Where the last window's geometry is kept: `window.json`.
public typealias WindowGeometryFile = SmallStateFile<WindowGeometry>
