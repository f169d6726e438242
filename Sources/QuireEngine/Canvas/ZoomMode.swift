/// How the page scale is chosen: to fit the viewport, or a fixed percentage. `fitInk`
/// fits the width of the ink, the margins trimmed (`InkColumns`).
/// 100 % shows a page at its physical size on a 96 dpi screen (1 pt = 96/72 px).
public enum ZoomMode: Hashable, Sendable {
    case fitWidth
    case fitPage
    case fitInk
    case percent(Double)

    public static let minimumPercent = 10.0
    public static let maximumPercent = 6400.0
    public static let pixelsPerPointAt100 = 96.0 / 72.0

    /// Parses "fit-width", "fit-page", "fit-ink", "150" or "150%".
    public init?(argument: String) {
        switch argument {
        case "fit-width": self = .fitWidth
        case "fit-page": self = .fitPage
        case "fit-ink": self = .fitInk
        default:
            let digits = argument.hasSuffix("%") ? String(argument.dropLast()) : argument
            guard let value = Double(digits), value.isFinite,
                  (Self.minimumPercent...Self.maximumPercent).contains(value) else { return nil }
            self = .percent(value)
        }
    }

    /// The name `init(argument:)` reads: "fit-width", "fit-page", "fit-ink" or "150".
    public var argument: String {
        switch self {
        case .fitWidth: "fit-width"
        case .fitPage: "fit-page"
        case .fitInk: "fit-ink"
        case .percent(let value): value == value.rounded() ? String(Int(value)) : String(value)
        }
    }
}
