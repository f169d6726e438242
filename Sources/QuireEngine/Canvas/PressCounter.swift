/// How many presses make this one: 2 for a double press (a word chosen, a text box typed in
/// again), 3 for a triple (a line). Counted here, not taken from GTK 4.8's GtkGestureClick:
/// there a press away from the last one, within the double-click time, stops the count and
/// clears the button it was counting, so the next press, at the new place, starts again at
/// one. A double press begun within 0.4 s of a click elsewhere was two single presses: a
/// reader who clicked on the page and at once double-clicked a word chose no word. The rules:
///  1. A press continues the count when it comes within `time` milliseconds of the press
///     before and within `distance` pixels (each way) of the count's first press: GTK's own
///     rules, from its settings. (The canvas counts the primary button's presses only.)
///  2. Any other press starts a new count, of one, at its place.
///  3. A press dragged past `distance` from where the count began ends the count.
public struct PressCounter: Sendable {
    private let time: UInt32
    private let distance: Double
    private var first: Point?
    private var last: UInt32?
    private var count = 0

    /// `time` and `distance`: GTK's `gtk-double-click-time` and `gtk-double-click-distance`.
    public init(time: Int = 400, distance: Int = 5) {
        self.time = UInt32(clamping: max(0, time))
        self.distance = Double(max(0, distance))
    }

    /// A press at `point`, at `time` (the event's milliseconds, which wrap): its number in
    /// the count.
    public mutating func press(at point: Point, time: UInt32) -> Int {
        if let first, let last, time &- last <= self.time, near(point, first) {
            count += 1
        } else {
            first = point
            count = 1
        }
        last = time
        return count
    }

    /// The button, still down, went to `point`.
    public mutating func dragged(to point: Point) {
        guard let first, !near(point, first) else { return }
        self.first = nil
    }

    private func near(_ point: Point, _ first: Point) -> Bool {
        abs(point.x - first.x) < distance && abs(point.y - first.y) < distance
    }
}
