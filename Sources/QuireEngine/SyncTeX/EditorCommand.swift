/// The command Ctrl+click runs to show a place of the TeX source in an editor, such as
/// `gvim --remote +%{line} %{input}`. The policy:
///  1. The template is split into words as a POSIX shell splits them, expanding nothing:
///     blanks separate words; `'…'` keeps every character; `"…"` keeps every character
///     but a backslash before `"`, `\`, `$` or a backquote, which is dropped; outside quotes a
///     backslash keeps the next character. Variables, globs, `;`, `|` and `>` stay
///     characters of their words: the command is run without a shell.
///  2. Placeholders are replaced within each word after splitting, so that a source path
///     with blanks or quotes stays one argument: `%{input}` the source file, `%{line}` its
///     line (from 1), `%{column}` its column (from 1), or 0 when SyncTeX does not know it
///     (pdfTeX records no columns: SyncTeX says -1). Anything else, an unknown `%{…}`
///     included, is kept as written.
///  3. A blank template, an unclosed quote or a trailing lone backslash is refused, saying why.
public struct EditorCommand: Equatable, Sendable {
    public let template: String
    /// The template's words, placeholders still in them.
    public let words: [String]

    public struct Invalid: Error, Equatable, CustomStringConvertible {
        public let description: String
    }

    public init(_ template: String) throws(Invalid) {
        self.template = template
        words = try Self.split(template)
        guard let program = words.first, !program.isEmpty else {
            throw Invalid(description: tr("the editor command “{command}” names no program", ["command": template]))
        }
    }

    /// The program and its arguments for a place in `input`.
    public func arguments(input: String, line: Int, column: Int?) -> [String] {
        let values = ["input": input, "line": String(line), "column": String(column.map { max($0, 0) } ?? 0)]
        return words.map { word in Self.substitute(values, in: word) }
    }

    private static func substitute(_ values: [String: String], in word: String) -> String {
        var result = "", rest = word[...]
        while let start = rest.range(of: "%{") {
            result += rest[..<start.lowerBound]
            let after = rest[start.upperBound...]
            if let end = after.firstIndex(of: "}"), let value = values[String(after[..<end])] {
                result += value
                rest = after[after.index(after: end)...]
            } else {
                result += "%{"
                rest = after
            }
        }
        return result + rest
    }

    private static func split(_ template: String) throws(Invalid) -> [String] {
        var words: [String] = [], word = "", inWord = false
        var characters = template.makeIterator()
        func unclosed(_ quote: Character) -> Invalid {
            Invalid(description: tr("the editor command “{command}” has a {quote} that is not closed", ["command": template, "quote": "\(quote)"]))
        }
        while let character = characters.next() {
            switch character {
            case " ", "\t", "\n":
                if inWord { words.append(word) }
                word = ""
                inWord = false
            case "'":
                inWord = true
                while true {
                    guard let next = characters.next() else { throw unclosed("'") }
                    if next == "'" { break }
                    word.append(next)
                }
            case "\"":
                inWord = true
                while true {
                    guard let next = characters.next() else { throw unclosed("\"") }
                    if next == "\"" { break }
                    if next == "\\" {
                        guard let escaped = characters.next() else { throw unclosed("\"") }
                        if !"\"\\$`".contains(escaped) { word.append("\\") }
                        word.append(escaped)
                    } else {
                        word.append(next)
                    }
                }
            case "\\":
                guard let escaped = characters.next() else {
                    throw Invalid(description: tr("the editor command “{command}” ends with a lone backslash", ["command": template]))
                }
                inWord = true
                word.append(escaped)
            default:
                inWord = true
                word.append(character)
            }
        }
        if inWord { words.append(word) }
        guard !words.isEmpty else { throw Invalid(description: tr("the editor command is empty")) }
        return words
    }
}
