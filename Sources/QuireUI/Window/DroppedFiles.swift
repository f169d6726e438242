import CAdwaita
import CGtk
import CShim

/// Files dragged onto a widget from a file manager.
@MainActor
enum DroppedFiles {
    private final class Handler {
        let body: @MainActor ([String]) -> Void
        init(_ body: @escaping @MainActor ([String]) -> Void) { self.body = body }
    }

    /// Calls `handler` with the dropped files' URIs, for the widget's life.
    static func accept(on widget: UnsafeMutablePointer<GtkWidget>, _ handler: @escaping @MainActor ([String]) -> Void) {
        quire_accept_dropped_files(widget, { uris, data in
            var list: [String] = []
            var index = 0
            while let uri = uris?[index] {
                list.append(String(cString: uri))
                index += 1
            }
            let handler = CallbackData.borrow(data, as: Handler.self)
            MainActor.assumeIsolated { handler.body(list) }
        }, CallbackData.lend(Handler(handler)), CallbackData.release)
    }
}
