/// A split view remembered with its document: the second pane's place and zoom, and which
/// way the panes lie. The first pane is the document's own state. Policy: the panes lie
/// side by side when the view is wider than tall, else one above the other; a document
/// reopened shows the split as it was left.
extension DocumentState {
    public struct Split: Sendable, Equatable {
        public enum Orientation: String, Sendable, Codable {
            case sideBySide = "side-by-side", stacked

            /// Side by side in a view wider than tall, else one above the other.
            public static func fitting(width: Double, height: Double) -> Orientation { width > height ? .sideBySide : .stacked }
        }

        /// The second pane's place and zoom, as the document's own (normalised by it).
        private var page: Int, fraction: Double, zoom: Zoom, scale: Double
        public var orientation: Orientation

        public init(place: ViewPlace, zoom: ZoomMode, orientation: Orientation) {
            let view = DocumentState(place: place, zoom: zoom, arrangement: .single, continuous: true, rotation: .none,
                                     sidebarOpen: false, sidebarView: .outline)
            (page, fraction, self.zoom, scale) = (view.page, view.fraction, view.zoom, view.scale)
            self.orientation = orientation
        }

        private var view: DocumentState { DocumentState(page: page, fraction: fraction, zoom: zoom, scale: scale) }
        public var place: ViewPlace { view.place }
        public var zoomMode: ZoomMode { view.zoomMode }
    }
}

/// Read leniently, as the document's state: a field missing or not understood takes its default.
extension DocumentState.Split: Codable {
    private enum CodingKeys: String, CodingKey { case page, fraction, zoom, scale, orientation }

    public init(from decoder: Decoder) throws {
        let values = try decoder.container(keyedBy: CodingKeys.self)
        func value<T: Decodable>(_ key: CodingKeys, or fallback: T) -> T {
            ((try? values.decodeIfPresent(T.self, forKey: key)) ?? nil) ?? fallback
        }
        let state = DocumentState(page: value(.page, or: 0), fraction: value(.fraction, or: 0),
                                  zoom: value(.zoom, or: .automatic), scale: value(.scale, or: 1))
        self.init(place: state.place, zoom: state.zoomMode, orientation: value(.orientation, or: .sideBySide))
    }

    public func encode(to encoder: Encoder) throws {
        var values = encoder.container(keyedBy: CodingKeys.self)
        try values.encode(page, forKey: .page)
        try values.encode(fraction, forKey: .fraction)
        try values.encode(zoom, forKey: .zoom)
        try values.encode(scale, forKey: .scale)
        try values.encode(orientation, forKey: .orientation)
    }
}
