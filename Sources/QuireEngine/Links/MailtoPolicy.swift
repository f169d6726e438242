/// Which mail links go to the desktop's mail program. A link may only start a message the
/// reader sees before sending; mail programs have attached local files (`attach=`,
/// `attachment=`) and taken headers from links, so everything else is refused:
///  1. At most `longestLink` characters: enough for recipients, a subject and a short body.
///  2. One "?" at most. After it, fields `name=value` joined by "&", each named `subject`,
///     `body`, `cc` or `bcc` (in any case), each at most once: programs differ on which of
///     two wins. Any other field is refused, `to` included (recipients past the one shown).
///  3. Percent escapes are whole (`%HH`) and decode to UTF-8. Decoded, the recipients,
///     subject, cc and bcc hold no control character (an encoded CR LF starts a header line
///     of its own); the body may break lines (CR, LF) and hold tabs, and no other control.
///  4. Decoded recipients (before "?", cc, bcc) hold no "?" or "&": a program that decodes
///     before it splits would read the rest as fields.
/// The link is handed on as written, not rebuilt.
enum MailtoPolicy {
    static let longestLink = 2_048
    static let allowedFields: Set<String> = ["subject", "body", "cc", "bcc"]

    /// Nil when `uri` (a mailto: link, trimmed) may open; else why not, for the reader.
    static func refusal(_ uri: String) -> String? {
        guard uri.count <= longestLink else {
            return tr("Quire does not open this mail link: it is {count} characters long, more than a mail link needs.", ["count": PropertyText.grouped(uri.count)])
        }
        let parts = uri.dropFirst("mailto:".count).split(separator: "?", omittingEmptySubsequences: false)
        guard parts.count <= 2 else { return tr("Quire does not open this mail link: its address holds more than one “?”.") }
        guard let recipients = decoded(parts[0]) else { return tr("Quire does not open this mail link: it is badly encoded.") }
        if let problem = addressProblem(recipients) {
            return switch problem {
            case .controlCharacters: tr("Quire does not open this mail link: its recipient holds control characters.")
            case .encodedSeparator: tr("Quire does not open this mail link: its recipient holds an encoded “?” or “&”.")
            }
        }
        var seen: Set<String> = []
        for field in parts.dropFirst().first?.split(separator: "&") ?? [] {
            let pair = field.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard let name = decoded(pair[0]), let value = pair.count == 2 ? decoded(pair[1]) : "" else {
                return tr("Quire does not open this mail link: it is badly encoded.")
            }
            let field = name.lowercased()
            guard allowedFields.contains(field) else {
                let shown = BoundedText.line(name, limit: BoundedText.Limit.quoted)
                return tr("Quire does not open this mail link: it asks for “{field}”; only a subject, body, cc and bcc are passed to the mail program.", ["field": shown])
            }
            guard seen.insert(field).inserted else { return tr("Quire does not open this mail link: it gives its {field} twice.", ["field": field]) }
            switch field {
            case "body":
                if value.unicodeScalars.contains(where: { BoundedText.isControl($0) && !["\r", "\n", "\t"].contains($0) }) {
                    return tr("Quire does not open this mail link: its body holds control characters.")
                }
            case "subject":
                if value.unicodeScalars.contains(where: BoundedText.isControl) { return tr("Quire does not open this mail link: its subject holds control characters.") }
            default:
                if let problem = addressProblem(value) {
                    // Translators: {field} is cc or bcc, the mail link's field as written.
                    return switch problem {
                    case .controlCharacters: tr("Quire does not open this mail link: its {field} holds control characters.", ["field": field])
                    case .encodedSeparator: tr("Quire does not open this mail link: its {field} holds an encoded “?” or “&”.", ["field": field])
                    }
                }
            }
        }
        return nil
    }

    /// Why decoded recipients cannot be passed on, if they cannot.
    private static func addressProblem(_ address: String) -> AddressProblem? {
        if address.unicodeScalars.contains(where: BoundedText.isControl) { return .controlCharacters }
        if address.contains("?") || address.contains("&") { return .encodedSeparator }
        return nil
    }

    private enum AddressProblem { case controlCharacters, encodedSeparator }

    /// `text` with its percent escapes decoded; nil when one is not whole or the bytes are
    /// not UTF-8.
    private static func decoded(_ text: Substring) -> String? {
        var bytes: [UInt8] = []
        var utf8 = text.utf8[...]
        while let byte = utf8.popFirst() {
            guard byte == UInt8(ascii: "%") else { bytes.append(byte); continue }
            guard utf8.count >= 2, let high = hexValue(utf8.popFirst()!), let low = hexValue(utf8.popFirst()!) else { return nil }
            bytes.append(high << 4 | low)
        }
        return String(validating: bytes, as: UTF8.self)
    }

    private static func hexValue(_ digit: UInt8) -> UInt8? {
        switch digit {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): digit - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): digit - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): digit - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
