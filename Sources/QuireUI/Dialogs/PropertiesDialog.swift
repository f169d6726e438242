import CAdwaita
import CGtk
import CShim
import QuireRemote
import QuireEngine

/// Alt+Return: the document's properties in a small modal window over the document window,
/// closed with Escape. A General page (metadata, format, sizes) and a Fonts page. Both are
/// read on a thread of the dialog's own, with its own document, so that the main thread
/// never waits on poppler: the general rows arrive within milliseconds, the fonts once
/// every page has been scanned (seconds on a big book; closing the dialog stops the scan).
///
/// `QUIRE_PROPERTIES_REPORT=FILE` writes what the dialog's labels show to FILE, one
/// "Label: value" line each (fonts as "Font: …"), whenever they change: what the window
/// tests read.
@MainActor
final class PropertiesDialog {
    private let window = Window(gtk_window_new())
    private let grid: UnsafeMutablePointer<GtkWidget>
    private let fontList = Box.column(spacing: 6)
    private let fontStatus = Label(tr("Reading the pages for fonts…"), xalign: 0)
    private var worker: DocumentWorker?
    private var values: [(label: Label, value: Label)] = []
    private var fonts: [String] = []
    private static var open: [ObjectIdentifier: PropertiesDialog] = [:]
    private let reportPath: String?

    /// Shows the properties of the document of `source` over `parent`.
    /// With `report` (`QUIRE_PROPERTIES_REPORT`, for tests), what it shows is written there too.
    static func present(file: DocumentFile, parent: UnsafeMutablePointer<GtkWidget>, reportingTo report: String?) {
        let dialog = PropertiesDialog(parent: parent, report: report)
        open[ObjectIdentifier(dialog)] = dialog
        dialog.read(file)
        dialog.window.present()
    }

    private init(parent: UnsafeMutablePointer<GtkWidget>, report: String?) {
        reportPath = report
        window.title = tr("Properties")
        window.setModal(over: Window(parent))
        window.setDefaultSize(width: 560, height: 540)
        window.closesOnEscape()

        let stack = Stack()
        let header = gtk_header_bar_new()!
        let switcher = StackSwitcher(for: stack)
        gtk_header_bar_set_title_widget(quire_header_bar(header), switcher.widget)
        window.setTitlebar(header)

        grid = gtk_grid_new()
        gtk_grid_set_column_spacing(quire_grid(grid), 18)
        gtk_grid_set_row_spacing(quire_grid(grid), 8)
        Self.setMargins(grid, 24)
        stack.add(Self.scrolled(grid), named: "general", title: tr("General"))

        let fontBox = Box.column(spacing: 8)
        Self.setMargins(fontBox.widget, 24)
        fontStatus.addCSSClass("dim-label")
        fontBox.append(fontStatus)
        fontBox.append(fontList)
        stack.add(Self.scrolled(fontBox.widget), named: "fonts", title: tr("Fonts"))
        window.setChild(stack.widget)
        Signal.connect(window.widget, "destroy") { [unowned self] in
            self.worker?.stop()
            Self.open[ObjectIdentifier(self)] = nil
        }
    }

    private func read(_ file: DocumentFile) {
        let worker = DocumentWorker(file: file) { [weak self] error in
            MainLoop.invoke { self?.readFailed(error.message) }
        }
        self.worker = worker
        worker.run { [weak self] document in
            guard let properties = document.properties() else {
                MainLoop.invoke { self?.readFailed(tr("its reader failed")) }
                return
            }
            MainLoop.invoke { self?.show(properties.rows) }
            // Stopping ends the helper (and so the walk) with the worker's document.
            if let fonts = document.fonts(), !worker.isStopped { MainLoop.invoke { self?.show(fonts: fonts) } }
        }
    }

    private func show(_ rows: [(label: String, value: String)]) {
        for (index, row) in rows.enumerated() {
            let label = Label(row.label, xalign: 1)
            label.addCSSClass("dim-label")
            label.setYAlign(0)
            let value = Self.valueLabel(row.value)
            gtk_grid_attach(quire_grid(grid), label.widget, 0, Int32(index), 1, 1)
            gtk_grid_attach(quire_grid(grid), value.widget, 1, Int32(index), 1, 1)
            values.append((label, value))
        }
        report()
    }

    private func show(fonts found: [DocumentFont]) {
        fonts = found.map(PropertyText.font)
        fontStatus.text = PropertyText.fontCount(found.count)
        for font in fonts { fontList.append(Self.valueLabel(font)) }
        report()
    }

    /// A document that can no longer be read (deleted or replaced since it was opened).
    private func readFailed(_ message: String) {
        gtk_grid_attach(quire_grid(grid), Self.valueLabel(message).widget, 0, 0, 2, 1)
        fontStatus.text = ""
    }

    /// Writes what the labels show, for the window tests.
    private func report() {
        guard let path = reportPath else { return }
        var lines = values.map { "\($0.label.text): \($0.value.text)" }
        lines += fonts.map { "Font: \($0)" }
        let contents = Array((lines.joined(separator: "\n") + "\n").utf8)
        do {
            try contents.withUnsafeBytes { try OutputFile.write($0, to: path) }
        } catch {
            printError("\(error)")
        }
    }

    private static func valueLabel(_ text: String) -> Label {
        let label = Label(text, xalign: 0, wrap: true)
        label.setMaxWidth(chars: 48)
        label.makeSelectable()
        gtk_widget_set_focusable(label.widget, 0) // else the first takes focus and shows its text selected
        gtk_widget_set_hexpand(label.widget, 1)
        return label
    }

    private static func scrolled(_ child: UnsafeMutablePointer<GtkWidget>) -> UnsafeMutablePointer<GtkWidget> {
        let scrolled = gtk_scrolled_window_new()!
        gtk_scrolled_window_set_policy(quire_scrolled_window(scrolled), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
        gtk_scrolled_window_set_child(quire_scrolled_window(scrolled), child)
        gtk_widget_set_vexpand(scrolled, 1)
        return scrolled
    }

    private static func setMargins(_ widget: UnsafeMutablePointer<GtkWidget>, _ margin: Int32) {
        gtk_widget_set_margin_start(widget, margin)
        gtk_widget_set_margin_end(widget, margin)
        gtk_widget_set_margin_top(widget, margin)
        gtk_widget_set_margin_bottom(widget, margin)
    }
}
