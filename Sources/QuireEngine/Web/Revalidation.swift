/// What a fetch does with the server's answer, given whether a copy is stored
/// (`WebFetchPolicy` rule 5).
public enum Revalidation: Equatable, Sendable {
    /// Read the body into a new copy.
    case download
    /// Unchanged: the stored copy, at once, no body read.
    case useStored
    /// The server is out of reach: the stored copy, said to be from its date.
    case useStoredOffline
    case fail(WebFailure)

    /// The answer's status (nil when none came, `transport` saying why).
    public static func decide(status: Int?, reason: String = "", transport: WebFailure? = nil, hasStored: Bool) -> Revalidation {
        guard let status else {
            let failure = transport ?? .unreachable(tr("no answer"))
            return hasStored && failure.allowsStoredCopy ? .useStoredOffline : .fail(failure)
        }
        switch status {
        case 200: return .download
        case 304: return hasStored ? .useStored : .fail(.status(304, reason))
        case 404, 410: return .fail(.notFound)
        default: return .fail(.status(status, reason))
        }
    }
}
