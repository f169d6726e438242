#if canImport(Glibc)
import Glibc
#endif

/// GTK's GL renderer on a machine without a GPU runs on a software rasteriser and costs
/// about 0.7 s of start-up and 110 MiB (INTEROP.md); the cairo renderer is fast there.
/// So: GL where a GPU render node exists, cairo otherwise, and the user's GSK_RENDERER wins.
/// Even with the cairo renderer, GDK on X11 sets up GL at start to choose its visual,
/// which loads Mesa and LLVM (60 MiB resident and 100 ms, measured): with the cairo
/// renderer, GL is turned off too, unless the user set GDK_DEBUG.
enum RendererChoice {
    static func applyBeforeGtkStarts() {
        if Environment.string("GSK_RENDERER") == nil && !hasRenderNode { setenv("GSK_RENDERER", "cairo", 1) }
        if Environment.string("GSK_RENDERER") == "cairo" && Environment.string("GDK_DEBUG") == nil { setenv("GDK_DEBUG", "gl-disable", 1) }
    }

    private static var hasRenderNode: Bool {
        guard let directory = opendir("/dev/dri") else { return false }
        defer { closedir(directory) }
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name.hasPrefix("renderD") { return true }
        }
        return false
    }
}
