import CAdwaita
import CGtk
import CShim
import QuireEngine

/// Form field editors laid over the pages: an entry where the field is, turned with the
/// page, scaled with the zoom, moving with the scroll (`quire_canvas_place`).
extension PageCanvas {
    /// Lays `editor` over `area` of `page` (points, as the page displays), its text turned
    /// as the page's /Rotate (`textTurn`) and the reader's turn say. Returns the screen
    /// pixels a point is, for the editor's text size.
    @discardableResult
    func place(_ editor: UnsafeMutablePointer<GtkWidget>, over area: Rect, onPage page: Int, textTurn: Rotation) -> Double {
        let view = viewRect(of: area, onPage: page)
        let turn = textTurn.adding(rotation)
        let perPoint = (rotation.isQuarterTurn ? view.height : view.width) / max(area.width, 0.001)
        let (across, down) = textTurn.isQuarterTurn ? (area.height, area.width) : (area.width, area.height)
        // The corner the text starts from, where the turn puts it.
        let corner = switch turn {
        case .none: Point(x: view.x, y: view.y)
        case .quarter: Point(x: view.maxX, y: view.y)
        case .half: Point(x: view.maxX, y: view.maxY)
        case .threeQuarters: Point(x: view.x, y: view.maxY)
        }
        let scroll = scrollPosition
        quire_canvas_place(canvasWidget.opaque, editor, corner.x + scroll.x, corner.y + scroll.y, across * perPoint, down * perPoint,
                           Int32(turn.rawValue))
        return perPoint
    }
}
