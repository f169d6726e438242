/// How much of what a document says Quire takes, and in what form. A PDF's strings (outline
/// titles, page labels, link addresses, metadata, font names, page text) and its counts
/// (outline entries, links, fonts) are whatever its writer put there: megabytes of title,
/// control characters, bidi overrides that make "‮fdp.exe" read as "exe.pdf", a million
/// bookmarks. Before any reaches GTK, each string becomes one display-safe line:
///  1. Tabs and line breaks (LF, CR, VT, FF, NEL, U+2028, U+2029) become spaces; every
///     other C0 and C1 control, and DEL, is removed.
///  2. Removed too: the bidi embeddings, overrides and isolates (U+202A–U+202E,
///     U+2066–U+2069), which reorder what follows them, and the invisible characters that
///     hide or fake text: zero-width space U+200B, word joiner and invisible operators
///     U+2060–U+2064, the deprecated format controls U+206A–U+206F, the Mongolian vowel
///     separator U+180E, the byte order mark U+FEFF, interlinear annotation U+FFF9–U+FFFB.
///     Kept: ZWJ and ZWNJ (emoji sequences, Indic and Persian spelling) and the marks LRM,
///     RLM and ALM, which only place neutral characters and are what mixed-direction text
///     needs to read right.
///  3. Runs of whitespace become one space; a line's ends are trimmed.
///  4. Past its limit, counted in characters as a reader sees them (grapheme clusters), the
///     text is cut between characters and ends in "…", at most `limit` characters in all.
/// Bounded work: at most `scalarsPerCharacter` scalars per character of the limit are read,
/// however long the input; a character the read stops inside is dropped, never split.
/// An empty result stays empty: each use has its own fallback ("Untitled", the page number,
/// "—").
public enum BoundedText {
    /// The limits, in characters, by use.
    public enum Limit {
        /// A sidebar row is ellipsized at its width; its tooltip shows the whole title, and
        /// 300 characters (a few tooltip lines) is twice the longest real headings seen
        /// (legal and standards documents).
        public static let outlineTitle = 300
        /// The window's title and the print job's name: as an outline title.
        public static let documentTitle = 300
        /// Real labels are "xiv", "A-12", "Appendix B-3"; the page entry, thumbnails and
        /// result rows have room for a short word. 40 keeps any real label whole.
        public static let pageLabel = 40
        /// A link's address as its tooltip shows it: enough for any address a person reads;
        /// its scheme and host come first, so what is cut is the end of the query.
        public static let address = 500
        /// A document's string quoted in a sentence of Quire's own (a refused link's notice):
        /// two lines of the notice, which wraps at 70 characters.
        public static let quoted = 120
        /// A metadata value in the Properties dialog (Subject and Keywords can be an
        /// abstract): about 40 wrapped lines of its 48-character column.
        public static let property = 2_000
        /// PostScript names are at most 127 bytes (PDF's implementation limits), plus the
        /// subset tag "ABCDEF+".
        public static let fontName = 200
        /// A search result's row: the context around a match is already about 70
        /// characters; this bounds the match itself, which is as long as the query.
        public static let contextLine = 200
    }

    /// Scalars read per character of the limit before reading stops: emoji ZWJ sequences
    /// with skin tones run to about 11 scalars, Indic clusters to about 6; only hostile
    /// text (hundreds of combining marks on one letter) runs out.
    public static let scalarsPerCharacter = 16

    /// How many scalars `line` reads at most for `limit`.
    public static func scalarBudget(forLimit limit: Int) -> Int {
        min(max(limit, 1), Int.max / (2 * scalarsPerCharacter)) * scalarsPerCharacter + 64
    }

    /// `raw` as one display-safe line of at most `limit` characters (see the rules above).
    /// `trimmed` false keeps one space at either end where `raw` has whitespace there, for
    /// parts of a line shown side by side.
    public static func line(_ raw: some StringProtocol, limit: Int, trimmed: Bool = true) -> String {
        line(scalars: raw.unicodeScalars, limit: limit, trimmed: trimmed)
    }

    /// As `line(_:limit:trimmed:)`, from scalars; `continues` says that the text goes on
    /// past `scalars` (the caller read only a prefix), so that it ends in "…" and its last
    /// character, perhaps incomplete, is dropped.
    public static func line(scalars: some Sequence<Unicode.Scalar>, limit: Int, trimmed: Bool = true,
                            continues: Bool = false) -> String {
        let limit = max(limit, 1)
        let budget = scalarBudget(forLimit: limit)
        var kept = String.UnicodeScalarView()
        var read = 0
        var space = false // whitespace seen since the last kept scalar
        var readAll = true
        for scalar in scalars {
            guard read < budget else { readAll = false; break }
            read += 1
            if scalar.properties.isWhitespace {
                space = true
            } else if !isRemoved(scalar) {
                if space && !(trimmed && kept.isEmpty) { kept.append(" ") }
                space = false
                kept.append(scalar)
            }
        }
        let complete = readAll && !continues
        if space && !trimmed && complete { kept.append(" ") }
        return cut(String(kept), limit: limit, complete: complete)
    }

    /// Whether the line drops `scalar` (besides whitespace, which it collapses): controls,
    /// bidi embeddings, overrides and isolates, and the invisible characters named above.
    public static func isRemoved(_ scalar: Unicode.Scalar) -> Bool {
        if isControl(scalar) { return true }
        return switch scalar.value {
        case 0x202A...0x202E, 0x2066...0x2069: true
        case 0x200B, 0x2060...0x2064, 0x206A...0x206F, 0x180E, 0xFEFF, 0xFFF9...0xFFFB: true
        default: false
        }
    }

    /// A C0 or C1 control, or DEL.
    public static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }

    /// `text` when it is `complete` and within `limit` characters; else its first
    /// characters and "…", `limit` in all. An incomplete text's last character may lack
    /// scalars that follow it, so it is never kept.
    private static func cut(_ text: String, limit: Int, complete: Bool) -> String {
        // Nothing visible was read: no ellipsis either, so that the use's fallback shows.
        if text.isEmpty { return text }
        var end = text.startIndex
        var count = 0
        while count < limit, end < text.endIndex {
            text.formIndex(after: &end)
            count += 1
        }
        if complete && end == text.endIndex { return text }
        // Room for the ellipsis; a boundary before the end of what was read is final.
        let keep = end == text.endIndex && !complete ? count - 1 : limit - 1
        var head = Substring(text.prefix(max(keep, 0)))
        while head.last?.isWhitespace == true { head.removeLast() }
        return head + "…"
    }
}

/// The counts a document's structures may reach in Quire; past them the rest is not read.
/// Each is far past real documents and keeps what the window does with them (rows, hit
/// tests on every pointer move, labels) in the milliseconds.
public enum BoundedCount {
    /// The largest real outlines (legal codes, API references) have tens of thousands of
    /// entries; reading and indexing 100,000 takes well under a second, and the sidebar's
    /// list costs only the rows on screen.
    public static let outlineEntries = 100_000
    /// The Properties dialog lists each font as a label; a long book merged from chapters
    /// has a few hundred subsets. Past 2,000 the list is not read, only its length noted.
    public static let fonts = 2_000
    // Annotations: Quire reads none itself (poppler draws them); links, which are
    // annotations, are bounded by `LinkIndex.maximumLinks`.
}
