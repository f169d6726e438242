/// Whether a redirect is followed (`WebFetchPolicy` rule 2), and with which headers.
public enum RedirectStep: Equatable, Sendable {
    /// Request `address`; `keepsHeaders` is false from the first hop to another origin on.
    case follow(WebAddress, keepsHeaders: Bool)
    case refuse(WebFailure)

    /// The step from `current` (reached after `hops` redirects, with headers kept so far
    /// or not) to the Location `location`.
    public static func next(from current: WebAddress, to location: String?, hops: Int, keepingHeaders: Bool) -> RedirectStep {
        guard hops < WebFetchPolicy.maxRedirects else { return .refuse(.tooManyRedirects) }
        guard let location, let target = current.resolving(location) else { return .refuse(.badRedirect) }
        if current.scheme == .https && target.scheme == .http { return .refuse(.insecureRedirect(target.description)) }
        return .follow(target, keepsHeaders: keepingHeaders && target.isSameOrigin(as: current))
    }
}
