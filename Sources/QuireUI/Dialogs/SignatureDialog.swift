import CAdwaita
import CGtk
import CShim
import QuireEngine

/// "Signature…": a pad to draw one's handwritten signature on with the mouse, a pen or a
/// finger, the strokes painted as drawn; Clear starts again, Save keeps it in Quire's data
/// folder (`DrawnSignatureFile`) and hands it on to be placed on a page. The kept one shows
/// when the dialog opens. It says that this is a picture, not a digital signature.
@MainActor
final class SignatureDialog {
    private let window = Window(gtk_window_new())
    private var strokes: [[Point]] = []
    private var pad: PaintedArea?
    private let save: UnsafeMutablePointer<GtkWidget>
    private let file = DrawnSignatureFile()
    private let saved: (DrawnSignature) -> Void
    private let onNotice: (String) -> Void
    private static var open: [ObjectIdentifier: SignatureDialog] = [:]

    /// Shows the dialog over `parent`; `saved` gets the signature kept, to place.
    static func present(over parent: UnsafeMutablePointer<GtkWidget>, onNotice: @escaping (String) -> Void,
                        saved: @escaping (DrawnSignature) -> Void) {
        let dialog = SignatureDialog(parent: parent, onNotice: onNotice, saved: saved)
        open[ObjectIdentifier(dialog)] = dialog
        dialog.window.presentDialog()
    }

    private init(parent: UnsafeMutablePointer<GtkWidget>, onNotice: @escaping (String) -> Void, saved: @escaping (DrawnSignature) -> Void) {
        self.saved = saved
        self.onNotice = onNotice
        strokes = file.read()?.strokes ?? []
        window.title = tr("Signature")
        window.setModal(over: Window(parent))
        window.closesOnEscape()
        let header = gtk_header_bar_new()!
        let clear = gtk_button_new_with_mnemonic(tr("C_lear"))!
        save = gtk_button_new_with_mnemonic(tr("_Save"))!
        gtk_widget_add_css_class(save, "suggested-action")
        gtk_header_bar_pack_start(quire_header_bar(header), clear)
        gtk_header_bar_pack_end(quire_header_bar(header), save)
        window.setTitlebar(header)

        let column = Box.column(spacing: 12)
        for margin in [gtk_widget_set_margin_start, gtk_widget_set_margin_end, gtk_widget_set_margin_top, gtk_widget_set_margin_bottom] { margin(column.widget, 18) }
        let explained = Label(tr("Draw your signature below with the mouse, a pen or a finger. Saved, it is kept on this computer, and your next click on a page places it there, as ink you can move and resize."), xalign: 0, wrap: true)
        explained.setMaxWidth(chars: 60)
        column.append(explained)
        let warning = Label(tr("This is a picture of a handwritten signature, not a digital signature: it does not prove who signed, nor that the document was not changed since."), xalign: 0, wrap: true)
        warning.setMaxWidth(chars: 60)
        warning.addCSSClass("dim-label")
        column.append(warning)

        let pad = PaintedArea { [weak self] cairo, width, height in
            // White paper with a line to sign on, whatever the style; the ink dark blue.
            cairo_set_source_rgb(cairo, 1, 1, 1)
            cairo_paint(cairo)
            cairo_set_source_rgb(cairo, 0.75, 0.75, 0.75)
            cairo_set_line_width(cairo, 1)
            cairo_move_to(cairo, 24, height * 0.75 + 0.5)
            cairo_line_to(cairo, width - 24, height * 0.75 + 0.5)
            cairo_stroke(cairo)
            self?.paintStrokes(cairo)
        }
        self.pad = pad
        pad.setContentSize(width: 480, height: 180)
        gtk_widget_set_cursor_from_name(pad.widget, "crosshair")
        pad.setAccessibleName(tr("Signature pad"))
        gtk_widget_add_css_class(pad.widget, "frame")
        column.append(pad)
        window.setChild(column.widget)

        let drag = gtk_gesture_drag_new()!
        var start = Point(x: 0, y: 0)
        Signal.connect(drag, "drag-begin") { [unowned self] (x: Double, y: Double) -> Bool in
            start = Point(x: x, y: y)
            self.strokes.append([start])
            self.changed()
            return false
        }
        // The end too: GTK merges motions, and the last may come only with the release.
        for signal in ["drag-update", "drag-end"] {
            Signal.connect(drag, signal) { [unowned self] (dx: Double, dy: Double) -> Bool in
                let point = Point(x: start.x + dx, y: start.y + dy)
                guard let last = self.strokes.last, last.count < Drawing.pointLimit, last.last != point else { return false }
                self.strokes[self.strokes.count - 1].append(point)
                self.changed()
                return false
            }
        }
        gtk_widget_add_controller(pad.widget, drag)
        gtk_widget_set_vexpand(pad.widget, 1)
        Signal.connect(clear, "clicked") { [unowned self] in
            self.strokes = []
            self.changed()
        }
        Signal.connect(save, "clicked") { [unowned self] in self.keep() }
        Signal.connect(window.widget, "destroy") { [unowned self] in Self.open[ObjectIdentifier(self)] = nil }
        changed()
    }

    private func paintStrokes(_ cairo: OpaquePointer) {
        cairo_set_source_rgb(cairo, 0.1, 0.2, 0.55)
        cairo_set_line_width(cairo, 2.5)
        cairo_set_line_cap(cairo, CAIRO_LINE_CAP_ROUND)
        cairo_set_line_join(cairo, CAIRO_LINE_JOIN_ROUND)
        for stroke in strokes {
            guard let first = stroke.first else { continue }
            cairo_move_to(cairo, first.x, first.y)
            // A dot where the pen only touched.
            if stroke.count == 1 { cairo_line_to(cairo, first.x + 0.1, first.y) }
            for point in stroke.dropFirst() { cairo_line_to(cairo, point.x, point.y) }
            cairo_stroke(cairo)
        }
    }

    private func changed() {
        pad?.redraw()
        gtk_widget_set_sensitive(save, strokes.isEmpty ? 0 : 1)
    }

    /// Keeps the signature and hands it on; a failure to keep it is told, and it is placed all the same.
    private func keep() {
        guard let signature = DrawnSignature(strokes: strokes) else { return }
        do {
            try file.write(signature)
        } catch {
            printError("the signature could not be kept: \(error)")
            onNotice(tr("Your signature could not be kept for next time: {reason}", ["reason": "\(error)"]))
        }
        window.destroy()
        saved(signature)
    }
}
