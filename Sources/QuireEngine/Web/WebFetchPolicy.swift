/// How Quire downloads a document from the web. The rules:
///  1. Only http and https addresses, with no user name or password in them (`WebAddress`);
///     no cookies are kept and no credentials sent.
///  2. At most `maxRedirects` redirects, never from https to http; the request's own
///     headers (the conditional ones) are dropped at the first hop to another origin
///     (`RedirectStep`).
///  3. A body larger than `sizeLimit` is stopped (the preference, 1 GiB by default), and so
///     is a transfer that makes no progress for `stallSeconds`.
///  4. The body streams to an unnamed file in the cache folder and gets the copy's name
///     only when complete, renamed over the old copy: a reader of the old copy keeps it,
///     and a download stopped or killed leaves nothing (`WebCacheEntry`).
///  5. A stored copy is revalidated with If-None-Match / If-Modified-Since: 304 shows it at
///     once; a server that cannot be reached shows it with a notice of its date; any other
///     answer is taken as the server's (`Revalidation`).
///  6. The cache is bounded in size, the least recently used copies out first, never the
///     one just used (`WebCacheEviction`).
///  7. What arrives must start like a PDF; a web page is refused as one (`WebFailure`).
///  8. The network code runs in a process of its own, confined but for the network and
///     the cache folder; the window talks to it in lines (`FetchMessage`).
public struct WebFetchPolicy: Sendable, Equatable {
    /// The fetch process's only argument: Quire's executable in that role fetches, and is no window.
    public static let processRole = "--web-fetch-process"
    public static let maxRedirects = 10
    /// 1 GiB: past the largest PDFs readers open, far below what would fill a disk.
    public static let defaultSizeLimit = 1 << 30
    /// Seconds without a byte, connecting included, before a download is given up.
    public static let defaultStallSeconds = 30
    /// 2 GiB of copies kept.
    public static let defaultCacheLimit = 2 << 30

    public var sizeLimit: Int
    public var stallSeconds: Int
    public var cacheLimit: Int

    public init(sizeLimit: Int = Self.defaultSizeLimit, stallSeconds: Int = Self.defaultStallSeconds,
                cacheLimit: Int = Self.defaultCacheLimit) {
        self.sizeLimit = max(1, sizeLimit)
        self.stallSeconds = max(1, stallSeconds)
        self.cacheLimit = max(0, cacheLimit)
    }
}
