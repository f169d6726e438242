/// Openings started before any window: the local files named on the command line begin
/// opening before GTK starts, on the other core while GTK builds the window. The rules:
/// one opening a file, however often it is named; a window opening that same local file
/// without a password takes its opening over (once); a password, or a file not started
/// early, starts a new opening.
public struct EarlyOpenings<Opening> {
    private var started: [String: Opening] = [:]

    public init() {}

    /// Starts opening `path` with `start`, unless it is being opened already.
    public mutating func start(_ path: String, _ start: () -> Opening) {
        if started[path] == nil { started[path] = start() }
    }

    /// The opening a window opening `source` takes over, if there is one.
    public mutating func take(for source: DocumentSource) -> Opening? {
        guard let path = Self.path(source) else { return nil }
        return started.removeValue(forKey: path)
    }

    /// The opening `take` would give, left in place.
    public func peek(for source: DocumentSource) -> Opening? {
        Self.path(source).flatMap { started[$0] }
    }

    private static func path(_ source: DocumentSource) -> String? {
        guard source.password == nil, case .file(let path) = source.location else { return nil }
        return path
    }
}
