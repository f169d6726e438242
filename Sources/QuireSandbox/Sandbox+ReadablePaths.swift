#if canImport(Glibc)
import Glibc
#endif

extension Sandbox {
    /// What poppler, cairo and fontconfig read while rendering on Debian 12, and nothing
    /// else: fontconfig's configuration (/etc/fonts, whose conf.d links into
    /// /usr/share/fontconfig; Landlock checks a link's target), the font directories and
    /// font caches fontconfig is configured with, the user's own, and poppler-data's CMaps
    /// and encodings (/usr/share/poppler, which /usr/share/fonts/cmap also links into), and
    /// glibc's character converters (gconv: loaded at their first use, for text in UTF-16).
    /// Not /proc: a helper has no need of it, and /proc/self would name the zygote's pid,
    /// not a child's. Not the libraries: everything poppler renders with is linked, loaded
    /// before confinement. The document itself is not here either: it is opened before.
    public static var fontAndDataPaths: [String] {
        let home = environment("HOME")
        let cache = environment("XDG_CACHE_HOME") ?? home.map { "\($0)/.cache" }
        let data = environment("XDG_DATA_HOME") ?? home.map { "\($0)/.local/share" }
        let config = environment("XDG_CONFIG_HOME") ?? home.map { "\($0)/.config" }
        let system = [
            "/etc/fonts", "/usr/share/fontconfig", "/usr/share/fonts", "/usr/local/share/fonts",
            "/var/cache/fontconfig", "/usr/share/poppler", "/usr/lib/x86_64-linux-gnu/gconv", "/usr/lib/aarch64-linux-gnu/gconv",
        ]
        let user = [
            cache.map { "\($0)/fontconfig" }, data.map { "\($0)/fonts" }, config.map { "\($0)/fontconfig" },
            home.map { "\($0)/.fonts" }, home.map { "\($0)/.fontconfig" },
        ]
        return system + user.compactMap { $0 }
    }

    /// An environment variable, when set to an absolute path (what the XDG rules require).
    private static func environment(_ name: String) -> String? {
        guard let value = getenv(name) else { return nil }
        let text = String(cString: value)
        return text.hasPrefix("/") ? text : nil
    }
}
