import QuireEngine
import XCTest

final class RevalidationTests: XCTestCase {
    func testUnchangedIsTheStoredCopyAndAnAnswerIsTheServers() {
        XCTAssertEqual(Revalidation.decide(status: 304, hasStored: true), .useStored)
        XCTAssertEqual(Revalidation.decide(status: 200, hasStored: true), .download)
        XCTAssertEqual(Revalidation.decide(status: 404, hasStored: true), .fail(.notFound))
        XCTAssertEqual(Revalidation.decide(status: 500, reason: "Internal Server Error", hasStored: true), .fail(.status(500, "Internal Server Error")))
        XCTAssertEqual(Revalidation.decide(status: 304, hasStored: false), .fail(.status(304, "")))
    }

    func testAServerOutOfReachGivesTheStoredCopyWhenThereIsOne() {
        XCTAssertEqual(Revalidation.decide(status: nil, transport: .unreachable("refused"), hasStored: true), .useStoredOffline)
        XCTAssertEqual(Revalidation.decide(status: nil, transport: .stalled(seconds: 30), hasStored: true), .useStoredOffline)
        XCTAssertEqual(Revalidation.decide(status: nil, transport: .unreachable("refused"), hasStored: false), .fail(.unreachable("refused")))
    }

    func testTheConditionalHeadersAreTheStoredValidators() {
        let entry = WebCacheEntry(address: "https://example.org/a.pdf", etag: "\"v2\"", lastModified: "Sun, 06 Dec 2026 10:00:00 GMT", storedAt: 1, size: 2)
        XCTAssertEqual(entry.conditionalHeaders.map(\.name), ["If-None-Match", "If-Modified-Since"])
        XCTAssertEqual(entry.conditionalHeaders.map(\.value), ["\"v2\"", "Sun, 06 Dec 2026 10:00:00 GMT"])
        XCTAssertTrue(WebCacheEntry(address: "https://example.org/a.pdf", storedAt: 1, size: 2).conditionalHeaders.isEmpty)
    }

    func testAnEntryReadsBackAndACutOneDoesNot() {
        let entry = WebCacheEntry(address: "https://example.org/a.pdf", etag: "\"v2\"", storedAt: 1_796_000_000, size: 3_051_128)
        XCTAssertEqual(WebCacheEntry(text: entry.text), entry)
        XCTAssertNil(WebCacheEntry(text: String(entry.text.prefix(30))))
        XCTAssertNil(WebCacheEntry(text: "size: -1\naddress: x\nstored: 1\n"))
    }

    func testTheKeyIsTheSameForTheSameAddressHoweverWritten() {
        XCTAssertEqual(WebCacheEntry.key(for: WebAddress("https://Example.org:443/a.pdf#x")!), WebCacheEntry.key(for: WebAddress("https://example.org/a.pdf")!))
        XCTAssertNotEqual(WebCacheEntry.key(for: WebAddress("https://example.org/a.pdf")!), WebCacheEntry.key(for: WebAddress("https://example.org/b.pdf")!))
        XCTAssertNotEqual(WebCacheEntry.key(for: WebAddress("https://a.example/x.pdf")!), WebCacheEntry.key(for: WebAddress("https://b.example/x.pdf")!))
        XCTAssertEqual(WebCacheEntry.key(for: WebAddress("https://example.org/a.pdf")!).count, 16)
    }

    func testTheLeastRecentlyUsedCopiesGoUntilTheRestFitButNeverTheOneInUse() {
        let copies = [WebCacheEviction.Copy(key: "old", bytes: 40, lastUsed: 1), .init(key: "new", bytes: 40, lastUsed: 3),
                      .init(key: "mid", bytes: 40, lastUsed: 2)]
        XCTAssertEqual(WebCacheEviction.evicted(copies, limit: 100, keeping: "new"), ["old"])
        XCTAssertEqual(WebCacheEviction.evicted(copies, limit: 50, keeping: "new"), ["old", "mid"])
        XCTAssertEqual(WebCacheEviction.evicted(copies, limit: 10, keeping: "old"), ["mid", "new"])
        XCTAssertEqual(WebCacheEviction.evicted(copies, limit: 120, keeping: "new"), [])
    }

    func testAPDFIsToldByItsFirstBytes() {
        XCTAssertEqual(PDFStart.check(Array("%PDF-1.7\n".utf8), complete: false), true)
        XCTAssertEqual(PDFStart.check(Array("\u{feff}junk %PDF-1.4".utf8), complete: true), true)
        XCTAssertNil(PDFStart.check(Array("<!DOC".utf8), complete: false))
        XCTAssertEqual(PDFStart.check(Array("<!DOCTYPE html>".utf8), complete: true), false)
        XCTAssertEqual(PDFStart.check([UInt8](repeating: 0x20, count: 1024) + Array("%PDF-".utf8), complete: false), false)
    }
}

final class FetchMessageTests: XCTestCase {
    func testEveryMessageTravelsAsOneLineAndBack() {
        let messages: [FetchMessage] = [
            .progress(DownloadProgress(received: 10, total: 100)), .progress(DownloadProgress(received: 10, total: nil)),
            .copy(path: "/home/a/.cache/quire/web/0123.pdf", freshness: .offline, storedAt: 1_796_000_000),
            .failed(.notFound), .failed(.status(503, "Service Unavailable")), .failed(.tooLarge(limit: 1 << 30)),
            .failed(.insecureRedirect("http://example.org/")), .failed(.stalled(seconds: 30)), .failed(.notAPDF(contentType: "text/html")),
        ]
        for message in messages {
            XCTAssertFalse(message.line.contains("\n"))
            XCTAssertEqual(FetchMessage(line: message.line), message)
        }
        XCTAssertEqual(FetchMessage(line: FetchMessage.failed(.unreachable("a\tb\nc")).line), .failed(.unreachable("a b c")))
    }

    func testALineThatIsNoMessageIsIgnored() {
        for line in ["", "progress", "progress\tx\t1", "copy\tdownloaded\t1\trelative.pdf", "copy\tstale\t1\t/a.pdf", "failed", "failed\tnonsense",
                     "failed\tstatus\tx", "(process:1): GLib-WARNING"] {
            XCTAssertNil(FetchMessage(line: line), line)
        }
    }

    func testOnlyACopyInTheRequestsFolderIsTaken() {
        let request = WebFetchRequest(address: WebAddress("https://example.org/a.pdf")!, cacheFolder: "/home/a/.cache/quire/web",
                                      policy: WebFetchPolicy())
        XCTAssertTrue(request.holds(copy: "/home/a/.cache/quire/web/0123456789abcdef.pdf"))
        for path in ["/etc/passwd", "/home/a/.cache/quire/web/../../secret.pdf", "/home/a/.cache/quire/webx/a.pdf",
                     "/home/a/.cache/quire/web/sub/a.pdf", "/home/a/.cache/quire/web/0123.meta"] {
            XCTAssertFalse(request.holds(copy: path), path)
        }
    }

    func testTheRequestTravelsAsOneLineAndBack() {
        let request = WebFetchRequest(address: WebAddress("https://example.org/a.pdf")!, cacheFolder: "/home/a/.cache/quire/web",
                                      policy: WebFetchPolicy(sizeLimit: 5 << 20, stallSeconds: 7, cacheLimit: 1 << 30))
        XCTAssertEqual(WebFetchRequest(line: request.line), request)
        XCTAssertNil(WebFetchRequest(line: "fetch\tftp://example.org/a.pdf\t/tmp\t1\t1\t1"))
        XCTAssertNil(WebFetchRequest(line: "fetch\thttps://example.org/a.pdf\trelative\t1\t1\t1"))
    }

    func testProgressSaysBytesAndPercentWhenTheSizeIsKnown() {
        XCTAssertEqual(DownloadProgress(received: 2_400_000, total: 10_000_000).text, "2.4 MB of 10.0 MB (24 %)")
        XCTAssertEqual(DownloadProgress(received: 2_400_000, total: 10_000_000).fraction, 0.24)
        XCTAssertEqual(DownloadProgress(received: 950, total: nil).text, "950 bytes downloaded")
        XCTAssertNil(DownloadProgress(received: 950, total: 0).fraction)
        XCTAssertEqual(DownloadProgress.size(1_100_000_000), "1.1 GB")
        XCTAssertEqual(DownloadProgress.size(999_999), "1.0 MB")
    }
}
