/// Which link addresses Quire hands to the desktop. A document never runs anything: only
/// web pages (http, https) and mail (mailto) go to the desktop's URI handler; every other
/// scheme (file, javascript, data, smb, custom handlers that start programs…) is refused.
public enum URIPolicy {
    public static let allowedSchemes: Set<String> = ["http", "https", "mailto"]

    public enum Decision: Equatable, Sendable {
        case open(String)
        /// Refused, with what to tell the reader.
        case refuse(String)
    }

    public static func decide(_ uri: String) -> Decision {
        let trimmed = uri.trimmingSpaces
        guard !trimmed.isEmpty else { return .refuse("This link has no address.") }
        // Control characters could smuggle a second command line or header through a handler.
        if trimmed.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) {
            return .refuse("Quire does not open this link: its address holds control characters.")
        }
        guard let colon = trimmed.firstIndex(of: ":"), colon != trimmed.startIndex,
              trimmed[..<colon].allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) }) else {
            return .refuse("Quire does not open “\(trimmed)”: the address has no scheme such as https.")
        }
        let scheme = trimmed[..<colon].lowercased()
        guard allowedSchemes.contains(scheme) else {
            return .refuse("Quire does not open \(scheme): links; only web and mail addresses go to the desktop.")
        }
        if scheme != "mailto" && !trimmed.dropFirst(scheme.count + 1).hasPrefix("//") {
            return .refuse("Quire does not open “\(trimmed)”: it is not a web address.")
        }
        return .open(trimmed)
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
