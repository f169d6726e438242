import CAdwaita
import CGtk
import CShim
import QuireEngine

/// What a view shows while a web document downloads: its name, a progress bar with
/// "2.4 MB of 10.0 MB (24 %)" when the size is known (a spinner and the bytes so far when
/// not) and a Cancel button; or, when it failed, why, with Try Again.
@MainActor
final class DownloadPage {
    let progressPage = StatusPage(icon: "folder-download-symbolic")
    let failurePage = StatusPage(icon: "network-error-symbolic")
    private let bar = gtk_progress_bar_new()!
    private let spinner = gtk_spinner_new()!
    private let label = gtk_label_new(nil)!

    init(cancel: @escaping @MainActor () -> Void, retry: @escaping @MainActor () -> Void, openAnother: @escaping @MainActor () -> Void) {
        gtk_widget_set_size_request(bar, 320, -1)
        gtk_widget_set_halign(spinner, GTK_ALIGN_CENTER)
        gtk_widget_set_size_request(spinner, 32, 32)
        gtk_widget_add_css_class(label, "numeric")
        progressPage.append(spinner)
        progressPage.append(bar)
        progressPage.append(label)
        progressPage.append(StatusPage.button(tr("_Cancel"), cancel))
        failurePage.append(StatusPage.button(tr("_Try Again"), suggested: true, retry))
        failurePage.append(StatusPage.button(tr("_Open Another Document…"), openAnother))
    }

    /// Shows the start of downloading `name` from `address`.
    func start(name: String, address: String) {
        progressPage.set(title: tr("Downloading “{name}”", ["name": name]), message: address)
        show(DownloadProgress(received: 0, total: nil))
    }

    func show(_ progress: DownloadProgress) {
        if let fraction = progress.fraction {
            gtk_spinner_stop(spinner.opaque)
            gtk_widget_set_visible(spinner, 0)
            gtk_widget_set_visible(bar, 1)
            gtk_progress_bar_set_fraction(bar.opaque, fraction)
        } else {
            gtk_widget_set_visible(bar, 0)
            gtk_widget_set_visible(spinner, 1)
            gtk_spinner_start(spinner.opaque)
        }
        gtk_label_set_text(label.opaque, progress.text)
    }

    func show(_ failure: WebFailure, address: String) {
        gtk_spinner_stop(spinner.opaque)
        failurePage.set(title: failure.title, message: failure.message(address: address))
    }
}
