/// The sidebar's views.
public enum SidebarView: String, Sendable, CaseIterable {
    case outline, thumbnails, annotations, bookmarks, signatures
}

/// Which view a document opens with, in a window given launch options. The rules:
/// - A reload keeps the view it had: its place, zoom and layout, its search and current
///   match (found again where they are, the view left alone), its sidebar.
/// - Otherwise the document's remembered view wins over the launch options' zoom and
///   layout, unless those options chose the view (`restoresRemembered` false: a `--zoom`,
///   `--rotate`, …), and then only for the window's first document.
/// - Without a remembered view, the options' zoom and layout. Without `remembers` (the
///   reader's "Reopen documents where I left them" off), no remembered view is restored:
///   neither place, zoom, layout, sidebar nor night mode.
/// - `--page`, `--find` and `--sidebar` are for the window's first document only, over
///   the remembered view; a `--find` search walks from the `--page` page.
/// - A remembered open sidebar opens again on its view, but not as a choice made now: a
///   document without an outline still shows thumbnails.
/// - Night mode: `--night` for the window's first document; else the kept or remembered
///   document's own; a document never seen keeps the window's.
public struct ViewStart: Sendable {
    /// What the launch options say.
    public struct Options: Sendable, Equatable {
        public var zoom: ZoomMode
        public var rotation: Rotation
        public var arrangement: PageLayout.Arrangement
        public var continuous: Bool
        public var page: Int?  // from 0
        public var find: String?
        public var sidebar: SidebarView?
        public var restoresRemembered: Bool
        public var night: Bool
        /// Whether documents open where they were left (their remembered view).
        public var remembers: Bool

        public init(zoom: ZoomMode = .fitWidth, rotation: Rotation = .none, arrangement: PageLayout.Arrangement = .single,
                    continuous: Bool = true, page: Int? = nil, find: String? = nil, sidebar: SidebarView? = nil,
                    restoresRemembered: Bool = true, night: Bool = false, remembers: Bool = true) {
            self.zoom = zoom; self.rotation = rotation; self.arrangement = arrangement; self.continuous = continuous
            self.page = page; self.find = find; self.sidebar = sidebar; self.restoresRemembered = restoresRemembered
            self.night = night; self.remembers = remembers
        }
    }

    /// What a reload keeps of the view it replaces.
    public struct Kept: Sendable, Equatable {
        public var state: DocumentState?
        public var search: String?
        public var match: SearchResults.Match?
        public init(state: DocumentState?, search: String?, match: SearchResults.Match?) {
            self.state = state; self.search = search; self.match = match
        }
    }

    /// The search a view starts with.
    public enum Search: Equatable, Sendable {
        /// A new search for the text, walking from the page; its first match is shown.
        case find(String, from: Int)
        /// The reload's search again: the kept match stays current, the view stays put. It
        /// walks from the kept place's page (nil: the page the view shows).
        case findAgain(String, keeping: SearchResults.Match?, from: Int?)
    }

    public struct Sidebar: Equatable, Sendable {
        public var view: SidebarView
        public var chosen: Bool
    }

    /// How the view starts, applied in this order: zoom, layout, place, page, search, sidebar.
    public struct Plan: Equatable, Sendable {
        public var zoom: ZoomMode
        public var rotation: Rotation
        public var arrangement: PageLayout.Arrangement
        public var continuous: Bool
        /// The remembered (or kept) place, when there is one.
        public var place: ViewPlace?
        /// The page asked for at launch, over the place.
        public var page: Int?
        public var search: Search?
        /// The sidebar to open, and whether it is a choice made now (false: a remembered one).
        public var sidebar: Sidebar?
        /// Night mode on or off; nil: as the window has it.
        public var night: Bool?

        init(zoom: ZoomMode, rotation: Rotation, arrangement: PageLayout.Arrangement, continuous: Bool) {
            self.zoom = zoom; self.rotation = rotation; self.arrangement = arrangement; self.continuous = continuous
        }
    }

    private var options: Options
    private var first = true

    public init(_ options: Options) { self.options = options }

    /// New standing options (the preferences changed) for the documents still to come; the
    /// first document's own options stay spent once it was shown.
    public mutating func renew(_ options: Options) {
        self.options = options
        if !first { spendFirstDocumentsOptions() }
    }

    private mutating func spendFirstDocumentsOptions() {
        first = false
        options.page = nil
        options.find = nil
        options.sidebar = nil
        options.night = false
    }

    /// The view for the next document shown; `remembered` is the document's remembered
    /// state (nil when none), `kept` what a reload keeps. The first document takes the
    /// one-time options with it.
    public mutating func plan(remembered: DocumentState?, kept: Kept?) -> Plan {
        defer { spendFirstDocumentsOptions() }
        let remembered = options.remembers ? remembered : nil
        let restoring = kept?.state ?? (options.restoresRemembered || !first ? remembered : nil)
        var plan: Plan
        if let restoring {
            plan = Plan(zoom: restoring.zoomMode, rotation: restoring.layoutRotation, arrangement: restoring.layoutArrangement,
                        continuous: restoring.continuous)
            plan.place = restoring.place
        } else {
            plan = Plan(zoom: options.zoom, rotation: options.rotation, arrangement: options.arrangement, continuous: options.continuous)
        }
        plan.page = options.page
        plan.night = options.night ? true : (kept?.state ?? remembered)?.night
        if let find = options.find {
            plan.search = .find(find, from: options.page ?? 0)
        } else if let kept, let text = kept.search {
            plan.search = .findAgain(text, keeping: kept.match, from: kept.state?.place.page)
        }
        if let view = options.sidebar {
            plan.sidebar = Sidebar(view: view, chosen: true)
        } else if let restoring, restoring.sidebarOpen {
            plan.sidebar = Sidebar(view: SidebarView(rawValue: restoring.sidebarView.rawValue) ?? .outline, chosen: false)
        }
        return plan
    }
}
