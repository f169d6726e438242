/// How the reader left a document: where, at what zoom, with which sidebar, arranged how.
/// A plain value the UI maps its own types to and from. Values are normalised when made
/// (page at least 0, position within 0…1, a finite positive scale, rotation a quarter
/// turn), so whatever the UI hands in can be written as JSON and read back equal.
public struct DocumentState: Sendable, Equatable {
    public enum Zoom: String, Sendable, Codable {
        case fitWidth = "fit-width", fitPage = "fit-page", fitInk = "fit-ink", automatic, fixed
    }

    public enum SidebarView: String, Sendable, Codable {
        case outline, thumbnails, bookmarks
    }

    public enum Arrangement: String, Sendable, Codable {
        /// One page a row.
        case single
        /// Two pages a row, the first page alone as a cover.
        case dual
        /// Two pages a row, odd pages on the left: 1|2, 3|4…
        case dualOddLeft = "dual-odd-left"
    }

    /// The page at the top of the view, from 0.
    public var page: Int { didSet { page = max(0, page) } }
    /// How far down that page the view starts, as a fraction of its height (0 = its top).
    public var fraction: Double { didSet { fraction = Self.unit(fraction) } }
    public var zoom: Zoom
    /// The scale of a `fixed` zoom (1 = 100 %); kept for the other modes too, so that
    /// going back to fixed finds the reader's level.
    public var scale: Double { didSet { scale = Self.positive(scale) } }
    public var sidebarOpen: Bool
    public var sidebarView: SidebarView
    public var arrangement: Arrangement
    /// Spreads read right to left (dual arrangements only).
    public var rightToLeft: Bool
    public var continuous: Bool
    /// The reader's rotation in degrees clockwise: 0, 90, 180 or 270.
    public var rotation: Int { didSet { rotation = Rotation(degrees: rotation).rawValue } }
    /// Night mode (a scanned book read at night stays dark, a datasheet by day stays light).
    public var night: Bool
    /// The split view's second pane, when the document was left split (`DocumentState+Split`).
    public var split: Split?

    public init(page: Int = 0, fraction: Double = 0, zoom: Zoom = .automatic, scale: Double = 1,
                sidebarOpen: Bool = false, sidebarView: SidebarView = .outline,
                arrangement: Arrangement = .single, rightToLeft: Bool = false,
                continuous: Bool = true, rotation: Int = 0, night: Bool = false, split: Split? = nil) {
        self.page = max(0, page)
        self.fraction = Self.unit(fraction)
        self.zoom = zoom
        self.scale = Self.positive(scale)
        self.sidebarOpen = sidebarOpen
        self.sidebarView = sidebarView
        self.arrangement = arrangement
        self.rightToLeft = rightToLeft
        self.continuous = continuous
        self.rotation = Rotation(degrees: rotation).rawValue
        self.night = night
        self.split = split
    }

    /// NaN and infinities cannot be written as JSON, and a position outside its page means nothing.
    private static func unit(_ value: Double) -> Double { value.isFinite ? min(max(value, 0), 1) : 0 }
    private static func positive(_ value: Double) -> Double { value.isFinite && value > 0 ? value : 1 }
}

/// Reading is lenient field by field: a field missing (written before it existed) or
/// holding a value this version does not know takes its default, rather than costing
/// the reader every remembered document.
extension DocumentState: Codable {
    private enum CodingKeys: String, CodingKey {
        case page, fraction, zoom, scale, sidebarOpen, sidebarView, arrangement, rightToLeft, continuous, rotation, night, split
    }

    public init(from decoder: Decoder) throws {
        let values = try decoder.container(keyedBy: CodingKeys.self)
        func value<T: Decodable>(_ key: CodingKeys, or fallback: T) -> T {
            ((try? values.decodeIfPresent(T.self, forKey: key)) ?? nil) ?? fallback
        }
        let defaults = DocumentState()
        self.init(page: value(.page, or: defaults.page), fraction: value(.fraction, or: defaults.fraction),
                  zoom: value(.zoom, or: defaults.zoom), scale: value(.scale, or: defaults.scale),
                  sidebarOpen: value(.sidebarOpen, or: defaults.sidebarOpen),
                  sidebarView: value(.sidebarView, or: defaults.sidebarView),
                  arrangement: value(.arrangement, or: defaults.arrangement),
                  rightToLeft: value(.rightToLeft, or: defaults.rightToLeft),
                  continuous: value(.continuous, or: defaults.continuous),
                  rotation: value(.rotation, or: defaults.rotation), night: value(.night, or: defaults.night),
                  split: value(.split, or: nil))
    }
}
