import CGettext
#if canImport(Glibc)
import Glibc
#endif

/// Binds Quire's text domain to its compiled catalogs (`quire.mo`), so that `tr` speaks
/// the reader's language. GTK sets the whole locale when it starts (`gtk_init` calls
/// `setlocale(LC_ALL, "")`); the messages' category is set here already, at the very start,
/// because some are made before GTK starts (a command-line file's opening errors), while
/// the other categories (numbers, character classes) stay "C" in the helper processes,
/// which never start GTK. `--help` and the command line's errors,
/// printed before GTK starts, are translated too, as GNU tools do; diagnostics on stderr
/// meant for logs and bug reports stay English.
public enum Translations {
    /// Installed, the catalogs are in the prefix's `share/locale` (the executable in its
    /// `bin`); run from the source tree, in `.build/locale`, which `scripts/run.sh` and
    /// `scripts/test.sh` compile from `po/`. Elsewhere gettext's default folder is used.
    public static func bind() {
        setlocale(LC_MESSAGES, "")
        if let directory = catalogFolder { bindtextdomain(translationDomain, directory) }
        bind_textdomain_codeset(translationDomain, "UTF-8")
        // GtkBuilder reads this domain for `translatable` properties.
        textdomain(translationDomain)
    }

    /// Installed, the helpers' executable is in the prefix's `libexec`: the same `../share/locale`.
    static var catalogFolder: String? {
        if let source = ExecutableLocation.inSourceTree(".build/locale") { return source }
        guard let bin = ExecutableLocation.directory else { return nil }
        let installed = "\(bin)/../share/locale"
        return access(installed, R_OK) == 0 ? installed : nil
    }
}
