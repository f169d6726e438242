/// What a screen reader calls the rows and fields that show a document's parts: the row's
/// own words first (what the reader looks for), then where it leads, in the words a sighted
/// reader sees (the page's label, not its index). A row's text is cut at `textLimit`
/// characters: a name is spoken whole every time the row takes the focus.
public enum ControlNames {
    public static let textLimit = 200

    /// An outline entry: "1.3 Stetigkeit, level 2, page 12"; `level` from 1 (the top).
    public static func outlineEntry(title: String, level: Int, pageLabel: String?) -> String {
        let values = ["title": cut(title), "level": String(level), "page": pageLabel ?? ""]
        guard let pageLabel, !pageLabel.isEmpty else { return tr("{title}, level {level}, leads nowhere", values) }
        return tr("{title}, level {level}, page {page}", values)
    }

    /// A bookmark: "Proof of lemma 2, page 14".
    public static func bookmark(name: String, pageLabel: String) -> String {
        tr("{name}, page {page}", ["name": cut(name), "page": pageLabel])
    }

    /// An annotation: "Highlight, page 3: the text marked…" (its kind alone when it has no text).
    public static func annotation(kind: String, pageLabel: String, text: String) -> String {
        let values = ["kind": kind, "page": pageLabel, "text": cut(text)]
        return text.isEmpty ? tr("{kind}, page {page}", values) : tr("{kind}, page {page}: {text}", values)
    }

    /// A match of a search: "page 12: the line with the match".
    public static func match(pageLabel: String, line: String) -> String {
        tr("page {page}: {line}", ["page": pageLabel, "line": cut(line)])
    }

    /// A form field's editor: what the document calls it for a reader (its /TU), else the
    /// last part of its qualified name ("address.city" → "city").
    public static func formField(name: String, label: String) -> String {
        if !label.isEmpty { return cut(label) }
        let last = name.split(separator: ".").last.map(String.init) ?? ""
        return last.isEmpty ? tr("Form field") : cut(last)
    }

    /// One line, at most `textLimit` characters, an ellipsis where it was cut.
    static func cut(_ text: String) -> String {
        let line = text.split(whereSeparator: \.isNewline).joined(separator: " ")
        return line.count > textLimit ? String(line.prefix(textLimit - 1)) + "…" : line
    }
}
