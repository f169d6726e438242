import CAdwaita
import CGtk
import CShim
import QuireEngine

/// Night mode (Ctrl+I): pages and thumbnails drawn with white paper black and black ink
/// white, colours keeping their hue (`ColourMatrix.night`). It is applied when drawing,
/// as a colour matrix around the page pictures, so nothing is rendered again and the
/// texture and cairo paths of `PictureDrawer` both honour it. Selection and search
/// highlights are drawn over the result as they are, so they stay visible.
struct NightMode {
    var isOn = false

    /// Draws what `body` appends to `snapshot` through the night colours, when on.
    @MainActor
    func drawing(_ snapshot: OpaquePointer, _ body: () -> Void) {
        guard isOn else { return body() }
        let matrix = ColourMatrix.night
        matrix.rows.withUnsafeBufferPointer { rows in
            matrix.offset.withUnsafeBufferPointer { offset in
                quire_snapshot_push_colour_matrix(snapshot, rows.baseAddress, offset.baseAddress)
            }
        }
        body()
        gtk_snapshot_pop(snapshot)
    }

    /// A flat colour (paper under a missing picture, the canvas around the pages) as
    /// night mode shows it: the same transform, computed here rather than drawn.
    func colour(_ colour: GdkRGBA) -> GdkRGBA {
        guard isOn else { return colour }
        let night = ColourMatrix.night.apply(red: Double(colour.red), green: Double(colour.green), blue: Double(colour.blue))
        return GdkRGBA(red: Float(night.red), green: Float(night.green), blue: Float(night.blue), alpha: colour.alpha)
    }
}

extension DocumentWindow {
    /// Adds `win.night` (Ctrl+I).
    func addNightAction() {
        Actions.addToggle("night", to: window) { [unowned self] in
            self.setNight(!self.isNight)
            self.rememberSoon()
        }
    }

    var isNight: Bool { Actions.state("night", of: window) }

    /// Turns night mode on or off for the pages and the thumbnails.
    func setNight(_ on: Bool) {
        Actions.setState("night", of: window, on)
        canvas?.night.isOn = on
        sidebar.thumbnails?.redraw()
    }
}
