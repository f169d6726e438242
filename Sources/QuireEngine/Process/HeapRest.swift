/// When the window gives the memory its heap keeps free back to the system. Under GTK's
/// cairo renderer every frame allocates a surface the size of what it repaints (7.3 MB for
/// a 1590×1143 window while pages move) and frees it at the frame's end. The policy:
///  1. While frames come, glibc keeps that memory for the next frame (the window leaves
///     its thresholds to adapt): a fixed low mmap threshold made each frame fault in and
///     zero 1,800 fresh pages and unmap them again, which was half of the window's CPU
///     while paging a scan.
///  2. Once no frame was painted for `rest` seconds, the heap's free memory goes back
///     (glibc's trim), so that a still window keeps no frame it is not drawing: sooner
///     than a reader looks up, and than the harness's second of stillness
///     (`viewer-bench.sh`) after which it reads the memory.
///  3. One check waits at a time, however many frames come: a frame painted meanwhile
///     moves the trim later, not the check sooner; nothing waits while nothing was freed.
public struct HeapRest: Sendable {
    public static let rest = 0.5

    /// What to do when the check comes.
    public enum Check: Equatable, Sendable {
        case trim
        /// Check again in this many seconds.
        case again(after: Double)
        case nothing
    }

    /// The last frame painted since the heap was trimmed; while there is one, a check waits.
    private var lastFrame: Double?

    public init() {}

    /// A frame was painted at `now`: true when a check is to be made ready, `rest`
    /// seconds on.
    public mutating func painted(at now: Double) -> Bool {
        defer { lastFrame = now }
        return lastFrame == nil
    }

    /// The check made ready came at `now`.
    public mutating func check(at now: Double) -> Check {
        guard let lastFrame else { return .nothing }
        let quiet = now - lastFrame
        if quiet < Self.rest { return .again(after: Self.rest - quiet) }
        self.lastFrame = nil
        return .trim
    }
}
