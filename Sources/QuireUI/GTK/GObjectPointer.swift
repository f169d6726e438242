import CGtk

/// Whatever points at a GObject, as GTK's functions return it (a typed pointer, an opaque
/// one, a raw one): Signal and the typed handles take any of them, so that call sites do
/// not cast. The one file of QuireUI that spells a GObject pointer cast (`RecentItems`
/// spells those of a list of boxed values): the handles (`Widgets`, `Controls`,
/// `Containers`, `Lists`, `Adwaita`, `Dialogs`) ask for the C type their object is
/// through `opaque` or `typed`, each knowing what its object is.
protocol GObjectPointer { var gobject: UnsafeMutableRawPointer { get } }
extension UnsafeMutableRawPointer: GObjectPointer { var gobject: UnsafeMutableRawPointer { self } }
extension OpaquePointer: GObjectPointer { var gobject: UnsafeMutableRawPointer { UnsafeMutableRawPointer(self) } }
extension UnsafeMutablePointer: GObjectPointer { var gobject: UnsafeMutableRawPointer { UnsafeMutableRawPointer(self) } }

extension GObjectPointer {
    /// The object as a C type Swift sees as opaque (GtkLabel, GListModel, AdwToast…).
    var opaque: OpaquePointer { OpaquePointer(gobject) }

    /// The object as a C type Swift sees whole (GtkCheckButton, AdwComboRow…).
    func typed<T>(as type: T.Type = T.self) -> UnsafeMutablePointer<T> { gobject.assumingMemoryBound(to: T.self) }
}
