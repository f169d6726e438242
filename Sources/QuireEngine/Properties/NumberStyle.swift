#if canImport(Glibc)
import Glibc
#endif

/// How the reader's locale writes numbers: its decimal mark and the mark between groups of
/// three digits, from LC_NUMERIC ("8.27" and "1,793,479" in English, "8,27" and "1.793.479"
/// in German), as GNOME's own file sizes follow it. A locale with no group mark (C, POSIX)
/// keeps the English comma, as Quire always wrote.
public struct NumberStyle: Equatable, Sendable {
    public var decimalMark: String
    public var groupMark: String

    public init(decimalMark: String, groupMark: String) {
        self.decimalMark = decimalMark
        self.groupMark = groupMark
    }

    public static let english = NumberStyle(decimalMark: ".", groupMark: ",")

    /// The style of a locale whose LC_NUMERIC names `decimalMark` and `groupMark` (either
    /// may be empty, as the C locale's group mark is).
    public init(localeDecimalMark decimalMark: String, groupMark: String) {
        self.init(decimalMark: decimalMark.isEmpty ? Self.english.decimalMark : decimalMark,
                  groupMark: groupMark.isEmpty ? Self.english.groupMark : groupMark)
    }

    /// The process's LC_NUMERIC: GTK sets it from the environment when it starts; unit
    /// tests and the helpers, which never set it, are in the C locale.
    public static var current: NumberStyle {
        NumberStyle(localeDecimalMark: String(cString: nl_langinfo(nl_item(RADIXCHAR))), groupMark: String(cString: nl_langinfo(nl_item(THOUSEP))))
    }
}
