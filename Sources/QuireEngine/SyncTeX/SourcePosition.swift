/// A place in a TeX source as an editor names it for a forward search:
/// `LINE:COLUMN:FILE` (`--synctex-forward 12:0:chapter.tex`). The line counts from 1; the
/// column may be 0 or -1 when the editor does not say (SyncTeX then takes the whole line);
/// the file is everything after the second colon, colons included.
public struct SourcePosition: Equatable, Sendable {
    public let line: Int
    public let column: Int
    public let input: String

    public init(line: Int, column: Int, input: String) {
        (self.line, self.column, self.input) = (line, column, input)
    }

    public struct Invalid: Error, Equatable, CustomStringConvertible {
        public let description: String
    }

    public init(argument: String) throws(Invalid) {
        let parts = argument.split(separator: ":", maxSplits: 2, omittingEmptySubsequences: false)
        guard parts.count == 3, let line = Int(parts[0]), line >= 1, line <= Int(Int32.max), let column = Int(parts[1]),
              column >= -1, column <= Int(Int32.max), !parts[2].isEmpty else {
            throw Invalid(description: tr("--synctex-forward takes LINE:COLUMN:FILE.tex, the line from 1, such as 12:0:chapter.tex, not “{value}”", ["value": argument]))
        }
        self.init(line: line, column: column, input: String(parts[2]))
    }

    /// The same place with its file made absolute from `directory` (the caller's, for a
    /// running Quire started elsewhere).
    public func resolved(from directory: String) -> SourcePosition {
        input.hasPrefix("/") ? self : SourcePosition(line: line, column: column, input: directory + "/" + input)
    }
}
