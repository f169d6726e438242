import CAdwaita
import CGtk
import CShim
import QuireEngine

/// The bar above the page of a signed document: the worst of its signatures in a line
/// (`SignatureWords.banner`), coloured as GTK colours a message of that weight (blue for
/// valid, yellow for what the reader should look at, red for invalid), and a button to the
/// Signatures view. Hidden for a document that is not signed.
@MainActor
final class SignatureBanner {
    let widget: UnsafeMutablePointer<GtkWidget>
    private let icon = gtk_image_new_from_icon_name("security-high-symbolic")!
    private let label = Label(xalign: 0, wrap: true)
    /// Called when the reader asks for the signatures' details.
    var onDetails: (() -> Void)?

    init() {
        widget = gtk_info_bar_new()
        let row = Box.row(spacing: 8)
        row.append(icon)
        gtk_widget_set_hexpand(label.widget, 1)
        row.append(label)
        let details = gtk_button_new_with_mnemonic(tr("_Signatures…"))!
        gtk_widget_set_valign(details, GTK_ALIGN_CENTER)
        row.append(details)
        gtk_widget_set_hexpand(row.widget, 1)
        gtk_info_bar_add_child(bar, row.widget)
        Signal.connect(details, "clicked") { [unowned self] in self.onDetails?() }
        hide()
    }

    private var bar: OpaquePointer { widget.opaque }

    func show(_ line: String, worst: SignatureVerdict.State) {
        label.text = line
        let (type, name): (GtkMessageType, String) = switch worst {
        case .valid: (GTK_MESSAGE_INFO, "security-high-symbolic")
        case .changedSince: (GTK_MESSAGE_INFO, "security-medium-symbolic")
        case .untrusted, .cannotBeChecked: (GTK_MESSAGE_WARNING, "security-low-symbolic")
        case .invalid: (GTK_MESSAGE_ERROR, "dialog-error-symbolic")
        }
        gtk_info_bar_set_message_type(bar, type)
        gtk_image_set_from_icon_name(quire_image(icon), name)
        gtk_widget_set_visible(widget, 1)
    }

    func hide() {
        gtk_widget_set_visible(widget, 0)
    }
}
