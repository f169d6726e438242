/// The remembered state in the engine's own terms, both ways.
extension DocumentState {
    public init(place: ViewPlace, zoom: ZoomMode, arrangement: PageLayout.Arrangement, continuous: Bool, rotation: Rotation,
                sidebarOpen: Bool, sidebarView: SidebarView, night: Bool = false, split: Split? = nil) {
        let (stateZoom, scale): (Zoom, Double) = switch zoom {
        case .fitWidth: (.fitWidth, 1)
        case .fitPage: (.fitPage, 1)
        case .fitInk: (.fitInk, 1)
        case .percent(let percent): (.fixed, percent / 100)
        }
        let (stateArrangement, rightToLeft): (Arrangement, Bool) = switch arrangement {
        case .single: (.single, false)
        case .dual(let oddLeft, let rightToLeft): (oddLeft ? .dualOddLeft : .dual, rightToLeft)
        }
        self.init(page: place.page, fraction: place.fraction, zoom: stateZoom, scale: scale, sidebarOpen: sidebarOpen,
                  sidebarView: sidebarView, arrangement: stateArrangement, rightToLeft: rightToLeft, continuous: continuous,
                  rotation: rotation.rawValue, night: night, split: split)
    }

    public var place: ViewPlace { ViewPlace(page: page, fraction: fraction) }

    /// Automatic (no mode of its own here) reads as fit width, the default.
    public var zoomMode: ZoomMode {
        switch zoom {
        case .fitWidth, .automatic: .fitWidth
        case .fitPage: .fitPage
        case .fitInk: .fitInk
        case .fixed: .percent(min(max(scale * 100, ZoomMode.minimumPercent), ZoomMode.maximumPercent))
        }
    }

    public var layoutArrangement: PageLayout.Arrangement {
        switch arrangement {
        case .single: .single
        case .dual: .dual(oddLeft: false, rightToLeft: rightToLeft)
        case .dualOddLeft: .dual(oddLeft: true, rightToLeft: rightToLeft)
        }
    }

    public var layoutRotation: Rotation { Rotation(degrees: rotation) }
}
