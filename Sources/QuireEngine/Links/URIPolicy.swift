/// Which link addresses Quire hands to the desktop. A document never runs anything: only
/// web pages (http, https) and mail (mailto) go to the desktop's URI handler; every other
/// scheme (file, javascript, data, smb, custom handlers that start programs…) is refused.
/// Refused too: addresses longer than `longestAddress`, or holding controls or the
/// invisible characters `BoundedText` removes (a handler could read a second line; the
/// reader could not see where the link leads); web addresses naming a user before the
/// host ("https://bank.example@evil.example"), which hide the host; and mail links that
/// ask for more than a message (`MailtoPolicy`). Where a refusal quotes the address, it
/// quotes it display-safe and short.
public enum URIPolicy {
    public static let allowedSchemes: Set<String> = ["http", "https", "mailto"]
    /// In UTF-8 bytes. HTTP asks every client and server to take request lines of at least
    /// 8,000 octets (RFC 9110 §4.1); a link longer than that may not load anywhere.
    public static let longestAddress = 8_192

    public enum Decision: Equatable, Sendable {
        case open(String)
        /// Refused, with what to tell the reader.
        case refuse(String)
    }

    public static func decide(_ uri: String) -> Decision {
        guard uri.utf8.count <= longestAddress else {
            return .refuse(tr("Quire does not open this link: its address is longer than {count} characters.", ["count": PropertyText.grouped(longestAddress)]))
        }
        let trimmed = uri.trimmingSpaces
        guard !trimmed.isEmpty else { return .refuse(tr("This link has no address.")) }
        let shown = BoundedText.line(trimmed, limit: BoundedText.Limit.quoted)
        // Control characters could smuggle a second command line or header through a handler.
        if trimmed.unicodeScalars.contains(where: BoundedText.isControl) {
            return .refuse(tr("Quire does not open this link: its address holds control characters."))
        }
        if trimmed.unicodeScalars.contains(where: BoundedText.isRemoved) {
            return .refuse(tr("Quire does not open “{address}”: its address holds invisible characters that can disguise where it leads.", ["address": shown]))
        }
        guard let colon = trimmed.firstIndex(of: ":"), colon != trimmed.startIndex,
              trimmed[..<colon].allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) }) else {
            return .refuse(tr("Quire does not open “{address}”: the address has no scheme such as https.", ["address": shown]))
        }
        let scheme = trimmed[..<colon].lowercased()
        guard allowedSchemes.contains(scheme) else {
            return .refuse(tr("Quire does not open {scheme}: links; only web and mail addresses go to the desktop.", ["scheme": BoundedText.line(scheme, limit: BoundedText.Limit.quoted)]))
        }
        if scheme == "mailto" {
            return MailtoPolicy.refusal(trimmed).map(Decision.refuse) ?? .open(trimmed)
        }
        let rest = trimmed[trimmed.index(after: colon)...]
        guard rest.hasPrefix("//") else { return .refuse(tr("Quire does not open “{address}”: it is not a web address.", ["address": shown])) }
        if rest.dropFirst(2).prefix(while: { !"/?#".contains($0) }).contains("@") {
            return .refuse(tr("Quire does not open “{address}”: it names a user before the site, which hides where it leads.", ["address": shown]))
        }
        return .open(trimmed)
    }

    /// What to tell the reader when an address it let through has no program to open it
    /// (no browser, or no mail program, set on this computer).
    public static func noProgram(for uri: String) -> String {
        let address = BoundedText.line(uri, limit: BoundedText.Limit.quoted)
        return uri.lowercased().hasPrefix("mailto:")
            ? tr("No mail program is set up on this computer, so “{address}” cannot be opened.", ["address": address])
            : tr("No web browser is set up on this computer, so “{address}” cannot be opened.", ["address": address])
    }
}

extension String {
    var trimmingSpaces: String {
        var view = Substring(self)
        while let first = view.first, first.isWhitespace { view = view.dropFirst() }
        while let last = view.last, last.isWhitespace { view = view.dropLast() }
        return String(view)
    }
}
