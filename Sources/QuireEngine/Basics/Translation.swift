import CGettext

// Quire's words in the reader's language, through gettext (text domain "quire").
// The engine calls glibc's dgettext itself (the `CGettext` module is just libc's
// <libintl.h>, which Swift's Glibc module leaves out) rather than through a hook the UI
// sets: gettext is part of libc, which the engine uses already, and a lookup depends on
// the message and the process's locale alone, so the engine stays free of GTK and of
// mutable state of its own (a settable hook would be a global that Swift 6 makes every
// thread lock for). Where nobody bound the domain (unit tests, quire-bench) every message
// stays English.
//
// Placeholders are named in braces, "“{path}” is empty", filled in after the lookup, so a
// translation may put them in any order; a literal passed to these functions never holds
// `\(…)`, which the extraction (xgettext, reading Swift as C) could not read. See po/README.md.

/// The text domain of Quire's messages, bound to its catalogs at start (`Translations.bind`).
public let translationDomain = "quire"

/// `message` in the reader's language, with each `{name}` replaced by its value.
public func tr(_ message: String, _ values: [String: String] = [:]) -> String {
    filling(translationDomain.withCString { domain in message.withCString { String(cString: dgettext(domain, $0)) } },
            values.map { ($0.key, $0.value) })
}

/// The form of `singular`/`plural` that the reader's language uses for `count`, with
/// `{count}` and each `{name}` replaced ("1 match", "12 matches").
public func trn(_ singular: String, _ plural: String, _ count: Int, _ values: [String: String] = [:]) -> String {
    let form = translationDomain.withCString { domain in
        singular.withCString { one in plural.withCString { many in String(cString: dngettext(domain, one, many, UInt(max(0, count)))) } }
    }
    // A `count` among `values` (the number grouped, "1,234") wins over the plain one.
    return filling(form, values.map { ($0.key, $0.value) } + [("count", String(count))])
}

/// Marks `message` for translation without translating it: for tables of English keys
/// whose values `tr` translates where they are shown.
public func N_(_ message: String) -> String { message }

/// `text` with each `{name}` that `values` names replaced, in one pass: a value holding
/// braces (a file called "{path}.pdf") is never filled in again.
private func filling(_ text: String, _ values: [(name: String, value: String)]) -> String {
    guard !values.isEmpty else { return text }
    var result = ""
    var rest = text[...]
    while let open = rest.firstIndex(of: "{") {
        result += rest[..<open]
        let name = rest[rest.index(after: open)...].prefix { $0 != "{" && $0 != "}" }
        if name.endIndex < rest.endIndex, rest[name.endIndex] == "}", let value = values.first(where: { $0.name == name })?.value {
            result += value
            rest = rest[rest.index(after: name.endIndex)...]
        } else {
            result += "{"
            rest = rest[rest.index(after: open)...]
        }
    }
    return result + rest
}
