import QuireEngine

/// `quire --help`, in the reader's language, as GNU tools print theirs: each option's
/// meaning is a message of its own (xgettext, reading Swift as C, cannot take a multi-line
/// literal), while the option names, their placeholders and their values stay as typed.
/// The meanings are wrapped here, so a translation need not count columns.
extension LaunchOptions {
    public static var usage: String {
        let synopses = [
            "quire [--page N] [--find TEXT] [--sidebar VIEW] [FILE…]",
            "quire --version",
            "quire --synctex-forward LINE:COLUMN:FILE.tex [--synctex-editor-command CMD] FILE.pdf",
            "quire --snapshot OUT.png [OPTION…] [FILE]",
        ]
        let heading = tr("Usage:") + " "
        let following = String(repeating: " ", count: heading.count)
        let options = [
            ("--snapshot OUT.png", tr("open FILE, wait until the visible pages are rendered, save the window as PNG and exit (0 on success, 2 if FILE cannot be opened)")),
            ("--page N", tr("start at page N")),
            ("--find TEXT", tr("search for TEXT, showing the first match from the start (or from --page)")),
            // Translators: outline, thumbnails, annotations, bookmarks and signatures are typed as they are.
            ("--sidebar VIEW", tr("open the sidebar on its outline, thumbnails, annotations, bookmarks or signatures view")),
            // Translators: fit-width, fit-page and fit-ink are typed as they are.
            ("--zoom MODE", tr("fit-width (default), fit-page, fit-ink (smart fit: the text column, margins trimmed) or a percentage such as 150")),
            ("--rotate DEGREES", tr("turn the pages by 90, 180 or 270 degrees clockwise")),
            // Translators: single, dual, dual-cover, dual-rtl and dual-cover-rtl are typed as they are.
            ("--layout L", tr("single (default), dual (pages 1|2, 3|4…), dual-cover (page 1 alone, then 2|3…), dual-rtl or dual-cover-rtl (spreads right to left)")),
            ("--no-continuous", tr("one page (or spread) at a time; Page Down turns it")),
            ("--night", tr("night mode: pages in inverted lightness, hues kept (Ctrl+I)")),
            ("--size WxH", tr("window size in pixels")),
            ("--synctex-forward LINE:COLUMN:FILE.tex",
             tr("show and briefly mark the place of that source line in the one FILE given (its SyncTeX file beside it), in the running Quire if there is one")),
            ("--synctex-editor-command CMD",
             tr("what Ctrl+click on a page runs for its SyncTeX source line, such as {example} ({column} too); remembered",
                ["example": "'gvim --remote +%{line} %{input}'", "column": "%{column}"])),
            ("-h, --help", tr("print this and exit")),
            ("--version", tr("print Quire's version and exit")),
        ]
        let environment = [
            ("QUIRE_PASSWORD", tr("the password for --snapshot")),
            ("QUIRE_CACHE_MB", tr("the picture cache's size in MiB")),
            ("QUIRE_TEXT_CACHE_MB", tr("the search text cache's size in MiB")),
            ("QUIRE_PRINT_TO_FILE", tr("Ctrl+P writes the document to this PDF file, without a dialog")),
            ("QUIRE_PRINT_PAGES", tr("the pages Ctrl+P writes there, such as 1-3,7")),
            ("QUIRE_PROPERTIES_REPORT", tr("the Properties dialog writes what it shows to this file")),
        ]
        var lines = synopses.enumerated().map { ($0.offset == 0 ? heading : following) + $0.element }
        lines.append("")
        lines += wrapped(tr("Opens each PDF FILE (a path or URI) in its own window; with no FILE, the bundled guide (from a source tree) or an empty window."),
                         width: lineWidth)
        lines += options.flatMap { described($0.0, $0.1) }
        lines.append(tr("Environment:"))
        lines += environment.flatMap { described($0.0, $0.1) }
        return lines.joined(separator: "\n")
    }

    private static let lineWidth = 80
    private static let meaningColumn = 24

    /// `names` indented by two, then `meaning` from `meaningColumn` on, wrapped; names too
    /// wide for their column stand on a line of their own.
    private static func described(_ names: String, _ meaning: String) -> [String] {
        let named = "  " + names
        let indent = String(repeating: " ", count: meaningColumn)
        let meaningLines = wrapped(meaning, width: lineWidth - meaningColumn).map { indent + $0 }
        guard named.count < meaningColumn - 1, let first = meaningLines.first else { return [named] + meaningLines }
        return [named + first.dropFirst(named.count)] + meaningLines.dropFirst()
    }

    /// `text` broken at spaces into lines of at most `width` characters (a longer word alone).
    private static func wrapped(_ text: String, width: Int) -> [String] {
        var lines: [String] = [], line = ""
        for word in text.split(separator: " ") {
            if !line.isEmpty && line.count + 1 + word.count > width {
                lines.append(line)
                line = ""
            }
            line += (line.isEmpty ? "" : " ") + word
        }
        return line.isEmpty ? lines : lines + [line]
    }
}
