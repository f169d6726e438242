import QuireEngine
#if canImport(Glibc)
import Glibc
#endif

/// Fetches one address into the cache folder, following `WebFetchPolicy`'s rules, and
/// says what happens as `FetchMessage`s: progress while the body streams to disk (never
/// held whole: 256 KiB at a time), then the copy or why there is none.
struct WebFetcher {
    let request: WebFetchRequest
    let send: (FetchMessage) -> Void

    func run() {
        let folder = WebCacheFolder(path: request.cacheFolder)
        do {
            send(try fetch(into: folder))
        } catch {
            send(.failed(error))
        }
    }

    private func fetch(into folder: WebCacheFolder) throws(WebFailure) -> FetchMessage {
        try folder.make()
        let stored = folder.entry(for: request.address)
        let session = WebSession(stallSeconds: request.policy.stallSeconds)
        var address = request.address
        var keepsHeaders = true
        var hops = 0
        while true {
            let headers = keepsHeaders ? stored?.conditionalHeaders ?? [] : []
            let response: WebResponse
            do {
                response = try session.get(address, headers: headers, stallSeconds: request.policy.stallSeconds)
            } catch {
                return try settle(Revalidation.decide(status: nil, transport: error, hasStored: stored != nil), stored: stored, folder: folder)
            }
            if [301, 302, 303, 307, 308].contains(response.status) {
                switch RedirectStep.next(from: address, to: response.header("Location"), hops: hops, keepingHeaders: keepsHeaders) {
                case .follow(let next, let keeping):
                    address = next
                    keepsHeaders = keeping
                    hops += 1
                    continue
                case .refuse(let failure):
                    throw failure
                }
            }
            let decision = Revalidation.decide(status: response.status, reason: response.reason, hasStored: stored != nil)
            guard decision == .download else { return try settle(decision, stored: stored, folder: folder) }
            return try download(response, into: folder)
        }
    }

    /// Every decision but a download.
    private func settle(_ decision: Revalidation, stored: WebCacheEntry?, folder: WebCacheFolder) throws(WebFailure) -> FetchMessage {
        let path = folder.copyPath(WebCacheEntry.key(for: request.address))
        switch decision {
        case .useStored:
            guard var entry = stored else { throw .fetcher("no stored copy") }
            entry.storedAt = Int(time(nil))
            try folder.store(entry, for: request.address)
            return .copy(path: path, freshness: .unchanged, storedAt: entry.storedAt)
        case .useStoredOffline:
            guard let entry = stored else { throw .fetcher("no stored copy") }
            folder.touch(request.address)
            return .copy(path: path, freshness: .offline, storedAt: entry.storedAt)
        case .fail(let failure):
            throw failure
        case .download:
            throw .fetcher("a download without an answer")
        }
    }

    private func download(_ response: WebResponse, into folder: WebCacheFolder) throws(WebFailure) -> FetchMessage {
        let limit = request.policy.sizeLimit
        let total = response.contentLength
        if let total, total > limit { throw .tooLarge(limit: limit) }
        let contentType = response.header("Content-Type") ?? ""
        let copy = try folder.newCopy()
        var head: [UInt8] = []
        var received = 0
        send(.progress(DownloadProgress(received: 0, total: total)))
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 256 << 10, alignment: 16)
        defer { buffer.deallocate() }
        while true {
            let count = try response.read(into: buffer)
            let piece = UnsafeRawBufferPointer(rebasing: buffer[..<count])
            if head.count < PDFStart.window { head += piece.prefix(PDFStart.window - head.count) }
            if PDFStart.check(head, complete: count == 0) == false { throw .notAPDF(contentType: contentType) }
            if count == 0 { break }
            received += count
            if received > limit { throw .tooLarge(limit: limit) }
            try copy.write(piece)
            // A line a read (at most 256 KiB): held back, the last before a pause would be lost.
            send(.progress(DownloadProgress(received: received, total: total)))
        }
        if let total, received < total { throw .unreachable(tr("the connection ended early")) }
        try folder.complete(copy, for: request.address)
        copy.markCompleted()
        let entry = WebCacheEntry(address: request.address.description, etag: response.header("ETag"),
                                  lastModified: response.header("Last-Modified"), storedAt: Int(time(nil)), size: received)
        try folder.store(entry, for: request.address)
        folder.evict(limit: request.policy.cacheLimit, keeping: request.address)
        return .copy(path: folder.copyPath(WebCacheEntry.key(for: request.address)), freshness: .downloaded, storedAt: entry.storedAt)
    }
}
