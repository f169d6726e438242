/// A web address Quire may download a document from: http or https, with a host, without
/// a user name or password in it (Quire sends no credentials), no longer than 8 KiB and
/// without spaces or control characters (a line of the fetch process's protocol).
public struct WebAddress: Hashable, Sendable, CustomStringConvertible {
    public enum Scheme: String, Sendable { case http, https }

    public let scheme: Scheme
    /// Lower-cased; an IPv6 literal keeps its brackets.
    public let host: String
    /// The port written in the address, or nil for the scheme's own.
    public let port: Int?
    /// Everything after the authority: path, query (no fragment), "/" when empty.
    public let rest: String

    /// Nil unless `text` is an http or https address Quire would fetch.
    public init?(_ text: String) {
        guard text.utf8.count <= 8192, !text.unicodeScalars.contains(where: { $0.value <= 0x20 || $0.value == 0x7f }),
              let colon = text.firstIndex(of: ":"),
              let scheme = Scheme(rawValue: text[..<colon].lowercased()) else { return nil }
        let afterScheme = text[text.index(after: colon)...]
        guard afterScheme.hasPrefix("//") else { return nil }
        var remainder = afterScheme.dropFirst(2)
        if let hash = remainder.firstIndex(of: "#") { remainder = remainder[..<hash] }
        let authorityEnd = remainder.firstIndex { $0 == "/" || $0 == "?" } ?? remainder.endIndex
        let authority = remainder[..<authorityEnd]
        guard !authority.contains("@") else { return nil }
        var host = authority[...]
        var port: Int?
        if let portColon = authority.lastIndex(of: ":"), !authority[portColon...].contains("]") {
            guard let number = Int(authority[authority.index(after: portColon)...]), (1...65535).contains(number) else { return nil }
            port = number
            host = authority[..<portColon]
        }
        guard !host.isEmpty else { return nil }
        self.scheme = scheme
        self.host = host.lowercased()
        self.port = port
        let path = remainder[authorityEnd...]
        rest = path.hasPrefix("/") ? String(path) : "/" + path
    }

    /// The port connected to.
    public var effectivePort: Int { port ?? (scheme == .https ? 443 : 80) }

    /// Scheme, host and port: requests to the same origin may carry the same headers.
    public func isSameOrigin(as other: WebAddress) -> Bool {
        scheme == other.scheme && host == other.host && effectivePort == other.effectivePort
    }

    /// The address as sent: a default port is left out.
    public var description: String {
        let shownPort = port.flatMap { $0 == (scheme == .https ? 443 : 80) ? nil : ":\($0)" } ?? ""
        return "\(scheme.rawValue)://\(host)\(shownPort)\(rest)"
    }

    /// A redirect's Location, absolute ("https://…"), from the root ("/b") or relative to
    /// this address's path ("b.pdf"), as an address; nil when it is none Quire would fetch.
    public func resolving(_ location: String) -> WebAddress? {
        if location.hasPrefix("//") { return WebAddress("\(scheme.rawValue):\(location)") }
        if location.contains("://") || location.lowercased().hasPrefix("http:") || location.lowercased().hasPrefix("https:") {
            return WebAddress(location)
        }
        let origin = "\(scheme.rawValue)://\(host)\(port.map { ":\($0)" } ?? "")"
        if location.hasPrefix("/") { return WebAddress(origin + location) }
        let path = rest.prefix { $0 != "?" }
        let directory = path[...(path.lastIndex(of: "/") ?? path.startIndex)]
        return WebAddress(origin + directory + location)
    }

    /// The document's name as people see it: the path's last part ("paper.pdf"), else the host.
    public var displayName: String {
        let path = rest.prefix { $0 != "?" }
        return path.split(separator: "/").last.map(String.init) ?? host
    }
}
