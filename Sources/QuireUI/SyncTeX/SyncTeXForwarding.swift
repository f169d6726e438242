import CAdwaita
import CGtk
import CShim
import QuireEngine
#if canImport(Glibc)
import Glibc
#endif

/// A forward search from the command line (`--synctex-forward LINE:COLUMN:FILE.tex
/// doc.pdf`), with both paths made absolute here, where the command was typed. When Quire
/// runs already it goes there as the application action `synctex-forward` (a file handed
/// over would open another window); the running Quire moves the window showing the
/// document, or opens one.
struct SyncTeXForwarding {
    static let action = "synctex-forward"
    let pdfPath: String
    let position: SourcePosition

    /// The request the command line makes, if any.
    init?(options: LaunchOptions) {
        guard let position = options.syncTeXForward, let file = options.files.first,
              let path = Self.localPath(file) else { return nil }
        let directory = g_get_current_dir()!
        defer { g_free(directory) }
        self.init(pdfPath: path, position: position.resolved(from: String(cString: directory)))
    }

    private init(pdfPath: String, position: SourcePosition) {
        self.pdfPath = pdfPath
        self.position = position
    }

    private static func localPath(_ argument: String) -> String? {
        owning(g_file_new_for_commandline_arg(argument)!) { file in
            guard let path = g_file_get_path(file) else { return nil }
            defer { g_free(path) }
            return String(cString: path)
        }
    }

    /// Hands the request to the Quire already running; false when this process is the
    /// only one (it then shows the place itself).
    @MainActor
    func sendToRunningInstance(_ app: UnsafeMutablePointer<GtkApplication>) -> Bool {
        let application = quire_application(app)
        guard g_application_register(application, nil, nil) != 0, g_application_get_is_remote(application) != 0 else { return false }
        Actions.activate(Self.action, of: app, variant)
        // The call is on its way once written: this process then ends.
        g_dbus_connection_flush_sync(g_application_get_dbus_connection(application), nil, nil)
        return true
    }

    /// (pdf, input, line, column)
    private var variant: OpaquePointer {
        var children: [OpaquePointer?] = [g_variant_new_string(pdfPath), g_variant_new_string(position.input),
                                          g_variant_new_int32(Int32(position.line)), g_variant_new_int32(Int32(position.column))]
        return g_variant_new_tuple(&children, gsize(children.count))
    }

    private init?(variant: OpaquePointer) {
        guard String(cString: g_variant_get_type_string(variant)) == "(ssii)" else { return nil }
        func child<T>(_ index: Int, _ read: (OpaquePointer) -> T) -> T {
            let value = g_variant_get_child_value(variant, gsize(index))!
            defer { g_variant_unref(value) }
            return read(value)
        }
        let pdf = child(0) { String(cString: g_variant_get_string($0, nil)) }
        let input = child(1) { String(cString: g_variant_get_string($0, nil)) }
        let line = Int(child(2) { g_variant_get_int32($0) }), column = Int(child(3) { g_variant_get_int32($0) })
        guard pdf.hasPrefix("/"), input.hasPrefix("/"), line >= 1 else { return nil }
        self.init(pdfPath: pdf, position: SourcePosition(line: line, column: column, input: input))
    }

    /// The action a running Quire is sent.
    @MainActor
    static func addAction(to app: UnsafeMutablePointer<GtkApplication>, _ handle: @escaping @MainActor (SyncTeXForwarding) -> Void) {
        let type = g_variant_type_new("(ssii)")
        owning(g_simple_action_new(action, type)!) { forward in
            Signal.connectOpaque(forward, "activate") { parameter in
                guard let parameter, let request = SyncTeXForwarding(variant: parameter) else { return }
                handle(request)
            }
            g_action_map_add_action(quire_action_map(app), forward)
        }
        g_variant_type_free(type)
    }

    /// Whether `path` names the file at `pdfPath` (the same file, whatever links lead to it).
    func names(_ path: String?) -> Bool {
        guard let path else { return false }
        var a = stat(), b = stat()
        return stat(path, &a) == 0 && stat(pdfPath, &b) == 0 && a.st_dev == b.st_dev && a.st_ino == b.st_ino
    }
}
