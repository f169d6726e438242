import CAdwaita
import CGtk
import CShim
import QuireEngine
import QuireRemote

/// Asks for a document's password in the window; says so when the last one was wrong.
@MainActor
final class PasswordPage {
    private let page = StatusPage(icon: "dialog-password-symbolic")
    private let password = PasswordEntry()
    private var entry: UnsafeMutablePointer<GtkWidget> { password.widget }
    var widget: UnsafeMutablePointer<GtkWidget> { page.widget }
    var onPassword: ((String) -> Void)?

    init() {
        gtk_widget_set_size_request(entry, 280, -1)
        password.setAccessibleName(tr("Password"))
        gtk_widget_set_halign(entry, GTK_ALIGN_CENTER)
        page.append(entry)
        page.append(StatusPage.button(tr("_Unlock"), suggested: true) { [unowned self] in self.submit() })
        Signal.connect(entry, "activate") { [unowned self] in self.submit() }
    }

    func show(_ error: DocumentError) {
        page.set(title: error.title, message: error.message)
        Editable(entry).text = ""
        gtk_widget_grab_focus(entry)
    }

    private func submit() {
        onPassword?(Editable(entry).text)
    }
}
