/// What fullscreen and a presentation show besides the pages. The policy:
///  1. Fullscreen (F11), the header bar is out of the way until the reader reaches for it:
///     it shows when the pointer touches the screen's top (within `edge` pixels), or when
///     a key uses it (Ctrl+L types into its page entry, which the reader must see).
///  2. It stays while the pointer is over it or within `slack` pixels below it, and while
///     it is busy (one of its menus open, its page entry typing).
///  3. It hides `hideDelay` seconds after the pointer left it; a pointer back in time keeps it.
///  4. In a presentation it never shows; the pointer hides once it has rested for
///     `pointerRest` seconds, and shows again when it moves more than `jitter` pixels
///     (GTK reports a still pointer as moving when the page changes under it).
public struct FullscreenChrome: Sendable {
    public static let edge = 3.0
    public static let slack = 12.0
    public static let hideDelay = 0.6
    public static let pointerRest = 2.0
    public static let jitter = 2.0

    /// What the window is to do with the header bar.
    public enum Header: Equatable, Sendable {
        case show
        /// Keep it shown: a hide asked for is off.
        case stay
        /// Hide it after `hideDelay`, unless the pointer comes back first.
        case hideSoon
        /// Nothing changes.
        case unchanged
    }

    public private(set) var headerShown = false
    private var hiding = false

    public init() {}

    /// The pointer moved to `y` (window pixels from the top) in fullscreen, the header bar
    /// `headerHeight` tall.
    public mutating func pointer(atY y: Double, headerHeight: Double, busy: Bool) -> Header {
        let near = y <= (headerShown ? headerHeight + Self.slack : Self.edge)
        if near || (headerShown && busy) {
            hiding = false
            if headerShown { return .stay }
            headerShown = true
            return .show
        }
        guard headerShown, !hiding else { return .unchanged }
        hiding = true
        return .hideSoon
    }

    /// A key reached for the header bar (rule 1): it shows, and stays while it is busy.
    public mutating func reached() -> Header {
        hiding = false
        if headerShown { return .stay }
        headerShown = true
        return .show
    }

    /// The hide asked for is due: whether to hide now (not when it became busy meanwhile).
    public mutating func hideDue(busy: Bool) -> Bool {
        guard hiding else { return false }
        hiding = false
        guard !busy else { return false }
        headerShown = false
        return true
    }

    /// Fullscreen ended or a presentation began: the header bar is the window's again.
    public mutating func reset() {
        headerShown = false
        hiding = false
    }

    /// A presentation's pointer (rule 4): whether it really moved.
    public struct PointerRest: Sendable {
        private var last: Point?
        public init() {}

        /// The pointer is at `point`: whether it moved (show it, and hide it again after
        /// `pointerRest`).
        public mutating func moved(to point: Point) -> Bool {
            defer { last = point }
            guard let last else { return true }
            return abs(point.x - last.x) > FullscreenChrome.jitter || abs(point.y - last.y) > FullscreenChrome.jitter
        }
    }
}
