import CAdwaita
import CGtk
import CShim
import QuireEngine
import QuireRemote

/// `--snapshot`: once the window has settled (every visible page rendered, or an error or
/// password prompt shown) and is on screen, saves its pixels through the window's own
/// renderer and ends the run. Exit status: 0 saved a document, 2 the document could not be
/// opened (the PNG shows the error), 3 the PNG could not be written, 4 rendering timed out.
@MainActor
final class SnapshotRun {
    private let window: DocumentWindow
    private let path: String
    private let finish: (Int32, String?) -> Void
    private var settled = false
    private var settledFrames = 0
    private var done = false

    /// A watchdog, not a synchronisation: a document that never finishes rendering must not
    /// keep a script waiting forever. `QUIRE_SNAPSHOT_TIMEOUT` seconds, default 120.
    private let timeout: UInt32

    init(window: DocumentWindow, path: String, seconds: Int, finish: @escaping (Int32, String?) -> Void) {
        timeout = UInt32(clamping: seconds)
        self.window = window
        self.path = path
        self.finish = finish
        window.onSettled = { [unowned self] in self.settled = true }
        MainLoop.afterEachFrame(of: window.window) { [self] in painted() }
        MainLoop.after(seconds: Double(timeout)) { [self] in timedOut() }
    }

    /// After each painted frame: once settled, save what was just laid out and painted.
    /// Returns whether to keep watching.
    private func painted() -> Bool {
        guard !done else { return false }
        guard settled, gtk_widget_get_width(window.window) > 0 else { return true }
        // One more frame after settling, so that what settling changed (the page
        // indicator, updated on an idle turn) is laid out and painted too.
        settledFrames += 1
        guard settledFrames > 1 else { return true }
        done = true
        save()
        return false
    }

    private func save() {
        var error: UnsafeMutablePointer<GError>?
        guard let png = quire_widget_png(window.window, &error) else {
            let message = error.map { String(cString: $0.pointee.message) } ?? "unknown error"
            g_clear_error(&error)
            finish(3, "cannot save the snapshot: \(message)")
            return
        }
        defer { g_bytes_unref(png) }
        var size = 0
        let data = g_bytes_get_data(png, &size)
        do {
            // A device, a FIFO or a link named is written through, never replaced (`OutputFile`).
            try OutputFile.write(UnsafeRawBufferPointer(start: data, count: size), to: path)
        } catch {
            finish(3, "cannot save the snapshot: \(error)")
            return
        }
        // For the translation tests (`QUIRE_REPORT_SHOWN_TEXT=1`), after the summary line.
        defer { if ThisProcess.configuration().reportsShownText { ShownText.lines(of: window.window).forEach { print($0) } } }
        switch window.phase {
        case .document:
            print("quire: saved \(path): \(window.summary ?? "")")
            finish(0, nil)
        case .failed, .password: finish(2, nil) // the window has printed the error already
        case .welcome, .opening: finish(0, nil)
        }
    }

    private func timedOut() {
        guard !done else { return }
        done = true
        finish(4, "rendering did not finish within \(timeout) s")
    }
}
