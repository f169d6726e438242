/// What the window and the fetch process say to each other (`WebFetchPolicy` rule 8): one
/// line each, fields split by tabs. The window writes one `WebFetchRequest` to the
/// process's input; the process writes progress lines and then one copy or failure line to
/// its output, and ends. A line that does not read as one of these is ignored (nil).
public enum FetchMessage: Equatable, Sendable {
    public enum Freshness: String, Sendable {
        /// Downloaded now.
        case downloaded
        /// The server said the stored copy is current (304).
        case unchanged
        /// The server could not be reached: the stored copy, from `storedAt`.
        case offline
    }

    case progress(DownloadProgress)
    /// The complete copy at `path`, stored at `storedAt` (seconds since 1970, UTC).
    case copy(path: String, freshness: Freshness, storedAt: Int)
    case failed(WebFailure)

    public var line: String {
        switch self {
        case .progress(let progress): "progress\t\(progress.received)\t\(progress.total.map(String.init) ?? "-")"
        case .copy(let path, let freshness, let storedAt): "copy\t\(freshness.rawValue)\t\(storedAt)\t\(clean(path))"
        case .failed(let failure): "failed\t" + failure.fields.map(clean).joined(separator: "\t")
        }
    }

    public init?(line: String) {
        let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
        switch fields.first {
        case "progress":
            guard fields.count == 3, let received = Int(fields[1]) else { return nil }
            self = .progress(DownloadProgress(received: received, total: Int(fields[2])))
        case "copy":
            guard fields.count == 4, let freshness = Freshness(rawValue: fields[1]), let stored = Int(fields[2]),
                  fields[3].hasPrefix("/") else { return nil }
            self = .copy(path: fields[3], freshness: freshness, storedAt: stored)
        case "failed":
            guard let failure = WebFailure(fields: Array(fields.dropFirst())) else { return nil }
            self = .failed(failure)
        default:
            return nil
        }
    }
}

/// What the window asks the fetch process for: one address, into one cache folder.
public struct WebFetchRequest: Equatable, Sendable {
    public var address: WebAddress
    /// An absolute path: `$XDG_CACHE_HOME/quire/web`.
    public var cacheFolder: String
    public var policy: WebFetchPolicy

    public init(address: WebAddress, cacheFolder: String, policy: WebFetchPolicy) {
        self.address = address
        self.cacheFolder = cacheFolder
        self.policy = policy
    }

    /// Whether a copy the fetch process names is one of this request's folder: the window
    /// opens nothing else on its word (a process gone wrong could name any file).
    public func holds(copy path: String) -> Bool {
        path.hasPrefix(cacheFolder + "/") && !path.dropFirst(cacheFolder.count + 1).contains("/") && path.hasSuffix(".pdf")
    }

    public var line: String {
        ["fetch", address.description, clean(cacheFolder), String(policy.sizeLimit), String(policy.stallSeconds),
         String(policy.cacheLimit)].joined(separator: "\t")
    }

    public init?(line: String) {
        let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
        guard fields.count == 6, fields[0] == "fetch", let address = WebAddress(fields[1]), fields[2].hasPrefix("/"),
              let size = Int(fields[3]), let stall = Int(fields[4]), let cache = Int(fields[5]) else { return nil }
        self.init(address: address, cacheFolder: fields[2], policy: WebFetchPolicy(sizeLimit: size, stallSeconds: stall, cacheLimit: cache))
    }
}

/// Tabs and line ends cannot travel inside a field.
private func clean(_ text: String) -> String {
    String(text.map { $0 == "\t" || $0 == "\n" || $0 == "\r" ? " " : $0 })
}

extension WebFailure {
    /// The failure as protocol fields: its kind, then its values.
    var fields: [String] {
        switch self {
        case .badAddress: ["bad-address"]
        case .unreachable(let detail): ["unreachable", detail]
        case .certificate(let detail): ["certificate", detail]
        case .notFound: ["not-found"]
        case .status(let code, let reason): ["status", String(code), reason]
        case .notAPDF(let type): ["not-pdf", type]
        case .tooLarge(let limit): ["too-large", String(limit)]
        case .stalled(let seconds): ["stalled", String(seconds)]
        case .tooManyRedirects: ["too-many-redirects"]
        case .insecureRedirect(let target): ["insecure-redirect", target]
        case .badRedirect: ["bad-redirect"]
        case .cache(let detail): ["cache", detail]
        case .fetcher(let detail): ["fetcher", detail]
        }
    }

    init?(fields: [String]) {
        guard let kind = fields.first else { return nil }
        let values = Array(fields.dropFirst())
        func text(_ index: Int) -> String? { index < values.count ? values[index] : nil }
        func number(_ index: Int) -> Int? { text(index).flatMap { Int($0) } }
        switch kind {
        case "bad-address": self = .badAddress
        case "unreachable": self = .unreachable(text(0) ?? "")
        case "certificate": self = .certificate(text(0) ?? "")
        case "not-found": self = .notFound
        case "status":
            guard let code = number(0) else { return nil }
            self = .status(code, text(1) ?? "")
        case "not-pdf": self = .notAPDF(contentType: text(0) ?? "")
        case "too-large":
            guard let limit = number(0) else { return nil }
            self = .tooLarge(limit: limit)
        case "stalled":
            guard let seconds = number(0) else { return nil }
            self = .stalled(seconds: seconds)
        case "too-many-redirects": self = .tooManyRedirects
        case "insecure-redirect": self = .insecureRedirect(text(0) ?? "")
        case "bad-redirect": self = .badRedirect
        case "cache": self = .cache(text(0) ?? "")
        case "fetcher": self = .fetcher(text(0) ?? "")
        default: return nil
        }
    }
}
