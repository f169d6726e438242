import QuireEngine
import QuireWire

/// What a render helper tidies after an answer, put off until the window pauses: the
/// window asks for its next tile as soon as it has an answer, and that question used to
/// wait for the tidying (quire-bench: unmapping a page's pixels 0.15 ms at the median and
/// 0.77 ms at p95 on the paper; giving Splash's heap back 2.4 ms at p95 on the scan). The
/// policy:
///  1. The pixels of each answer stay mapped, and Splash's heap is not trimmed, until no
///     question came for `pause` seconds; then they are done one at a time (an unmapping,
///     or the trim), looking for a question between each, which is answered first.
///  2. At most `limit` answers' pixels stay mapped: past it, the oldest is unmapped at once.
///     Mapped pixels hold no memory of their own (the window's memfd holds the pages), only
///     address space.
struct IdleCleanup {
    static let pause = 0.01
    static let limit = 4

    private var mapped: [SharedPixels] = []
    private var trimHeap = false
    /// Whether the window paused since its last question.
    private var paused = false

    var isEmpty: Bool { mapped.isEmpty && !trimHeap }

    /// How long to wait for a question before tidying: for ever when there is nothing
    /// to tidy, not at all once the window paused.
    var wait: Double? { isEmpty ? nil : paused ? 0 : Self.pause }

    /// A question came: tidying waits for the next pause.
    mutating func asked() { paused = false }

    /// An answer was sent: `pixels` (if any) may be unmapped, and after Splash drew, the heap trimmed.
    mutating func answered(drawnInto pixels: SharedPixels?, bySplash: Bool) {
        if let pixels { mapped.append(pixels) }
        if mapped.count > Self.limit { mapped.removeFirst() }
        trimHeap = trimHeap || bySplash
    }

    /// No question came in `wait`: unmaps one answer's pixels or, when none is left,
    /// gives the heap back.
    mutating func runOne() {
        paused = true
        if !mapped.isEmpty {
            mapped.removeFirst()
        } else if trimHeap {
            // Splash leaves its bands' memory in malloc's heap, held until the helper
            // ends unless given back.
            ProcessHeap.giveBackFree()
            trimHeap = false
        }
    }
}
