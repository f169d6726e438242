import Fixtures
import Foundation
import QuireDocument
import QuireEngine
import XCTest

/// Web documents in the window, from a server on 127.0.0.1 (`WebServer`): markups are
/// saved with Save As, never into the cache; with the server stopped the stored copy opens
/// with its notice; a 404 says so and Try Again asks again.
final class WebDocumentWindowTests: XCTestCase {
    private var fixtures: Fixtures!
    override func setUpWithError() throws { fixtures = try Fixtures() }
    override func tearDown() { fixtures = nil }

    private func server(serving file: String) throws -> WebServer {
        let folder = fixtures.path("web-\(UUID().uuidString)")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return try WebServer(serving: file, in: folder)
    }

    func testMarkupsOnAWebDocumentAreSavedAsACopyNeverIntoTheCache() throws {
        try QuireRun.requireDisplay()
        let served = fixtures.searchable(named: "paper.pdf")
        let server = try server(serving: served)
        let cache = fixtures.path("cache")
        let copy = fixtures.path("copy.pdf")
        let script = ScriptedSession.opening("doc.pdf") + """
            echo started
            read answer
            xdotool windowfocus --sync "$window"
            xdotool key ctrl+a ctrl+h
            echo "title $(title_after "• doc.pdf")"
            xdotool key ctrl+s
            """ + ScriptedSession.answerSaveAs(with: copy) + """
            echo "title $(title_after "copy.pdf")"
            xdotool windowfocus --sync "$window"
            xdotool key ctrl+q
            ended
            """
        let session = try ScriptedSession(script: script, file: server.address("/doc.pdf?etag"), shot: fixtures.path("web-save.png"),
                                          environment: ["XDG_CACHE_HOME": cache, "QUIRE_TRACE_LAUNCH": "1"])
        XCTAssertEqual(try session.readLine(), "started")
        XCTAssertTrue(session.errorsSay("document shown"))
        try session.proceed()
        XCTAssertEqual(try session.readLine(), "title • doc.pdf")
        XCTAssertEqual(try session.readLine(), "chooser shown", "a web document's markups did not ask where to save")
        XCTAssertEqual(try session.readLine(), "title copy.pdf", "the copy is not shown")
        XCTAssertEqual(try session.readLine(), "exited 0")
        let stored = try FileManager.default.contentsOfDirectory(atPath: cache + "/quire/web").filter { $0.hasSuffix(".pdf") }
        XCTAssertEqual(stored.count, 1)
        XCTAssertEqual(FileManager.default.contents(atPath: cache + "/quire/web/" + stored[0]), FileManager.default.contents(atPath: served),
                       "the stored copy changed")
        let pages = try DocumentSource(path: served).open().pageCount
        XCTAssertEqual(try QPDF.annotations(in: copy).count, pages, "the copy lacks the highlights")
    }

    func testWithTheServerStoppedTheStoredCopyOpensWithItsNotice() throws {
        try QuireRun.requireDisplay()
        let served = fixtures.long(pages: 3, named: "served.pdf")
        let server = try server(serving: served)
        let cache = fixtures.path("cache")
        let address = server.address("/doc.pdf?etag")
        func shown() throws -> ScriptedSession {
            let script = ScriptedSession.start(title: "doc.pdf", arguments: "--size 1400x1000 --zoom 100") + """
                xdotool mousemove 1590 1190
                echo started
                read answer
                kill $quire; wait $quire
                """
            let session = try ScriptedSession(script: script, file: address, shot: fixtures.path("web-offline.png"),
                                              environment: ["XDG_CACHE_HOME": cache])
            XCTAssertEqual(try session.readLine(), "started")
            XCTAssertTrue(try session.showsAtTheTop(page: 0, of: served, xs: 280...310, ys: 40...120), "the document is not shown")
            return session
        }
        let online = try shown()
        XCTAssertFalse(try String(contentsOfFile: online.errors, encoding: .utf8).contains("stored copy"))
        try online.proceed()
        server.stop()
        let offline = try shown()
        XCTAssertTrue(offline.errorsSay("The server cannot be reached. This is the stored copy from"))
        try offline.proceed()
    }

    /// A web document opens again where it was left: its place is remembered by its address.
    func testAWebDocumentOpensAgainWhereItWasLeft() throws {
        try QuireRun.requireDisplay()
        let served = fixtures.long(pages: 10, named: "served.pdf")
        let server = try server(serving: served)
        let stateHome = freshStateHome()
        let environment = ["XDG_CACHE_HOME": fixtures.path("cache"), "QUIRE_TRACE_LAUNCH": "1"]
        let first = ScriptedSession.ended(within: 10) + ScriptedSession.start(title: "doc.pdf", arguments: "--size 1400x1000 --zoom 100") + """
            echo started
            read answer
            """ + ScriptedSession.press("ctrl+l", thenType: "5") + """
            xdotool mousemove 1590 1190
            echo moved
            read answer
            xdotool windowfocus --sync "$window"
            xdotool key ctrl+q
            ended
            """
        let address = server.address("/doc.pdf?etag")
        let session = try ScriptedSession(script: first, file: address, shot: fixtures.path("web-place.png"), stateHome: stateHome,
                                          environment: environment)
        XCTAssertEqual(try session.readLine(), "started")
        XCTAssertTrue(session.errorsSay("document shown"))
        // The command line's address started downloading before GTK did (`EarlyFetch`).
        let trace = try String(contentsOfFile: session.errors, encoding: .utf8)
        let early = try XCTUnwrap(trace.range(of: "download started before GTK"), "no early download"), gtk = try XCTUnwrap(trace.range(of: "GTK started"))
        XCTAssertLessThan(early.lowerBound, gtk.lowerBound)
        try session.proceed()
        XCTAssertEqual(try session.readLine(), "moved")
        XCTAssertTrue(try session.showsAtTheTop(page: 4, of: served, xs: 284...300), "Ctrl+L 5 did not show page 5")
        try session.proceed()
        XCTAssertEqual(try session.readLine(), "exited 0")

        // Without --zoom, which would choose the view over the remembered one.
        let second = ScriptedSession.start(title: "doc.pdf", arguments: "--size 1400x1000") + """
            xdotool mousemove 1590 1190
            echo started
            read answer
            kill $quire; wait $quire
            """
        let again = try ScriptedSession(script: second, file: address, shot: fixtures.path("web-place-again.png"), stateHome: stateHome,
                                        environment: environment)
        XCTAssertEqual(try again.readLine(), "started")
        XCTAssertTrue(try again.showsAtTheTop(page: 4, of: served, xs: 284...300), "not reopened where it was left")
        try again.proceed()
    }

    /// An address handed to the running Quire (over its session bus) opens in a tab of its window.
    func testAnAddressHandedToTheRunningQuireOpensAsATab() throws {
        try QuireRun.requireDisplay()
        let server = try server(serving: fixtures.long(pages: 3, named: "served.pdf"))
        let script = ScriptedSession.twoTabs(handingOver: server.address("/second.pdf")) + """
            read answer
            kill $quire; wait $quire
            """
        let session = try ScriptedSession(script: script, file: fixtures.long(pages: 3, named: "first.pdf"), shot: fixtures.path("web-tab.png"),
                                          environment: ["XDG_CACHE_HOME": fixtures.path("cache")])
        try session.twoTabsShown()
        let asked = ScriptedSession.poll { server.requests.isEmpty ? nil : server.requests }
        XCTAssertEqual(asked?.map(\.path), ["/second.pdf"])
        XCTAssertEqual(asked?.first?.status, 200)
        try session.proceed()
    }

    /// Ctrl+R on a web document asks its server (conditionally) and keeps the document;
    /// with the server gone it keeps the stored copy and says so.
    func testReloadAsksTheServerAgainAndKeepsTheDocument() throws {
        try QuireRun.requireDisplay()
        let served = fixtures.long(pages: 3, named: "served.pdf")
        let server = try server(serving: served)
        let script = ScriptedSession.start(title: "doc.pdf", arguments: "--size 1400x1000 --zoom 100") + """
            xdotool mousemove 1590 1190
            echo started
            read answer
            xdotool windowfocus --sync "$window"
            xdotool key ctrl+r
            echo reloaded
            read answer
            xdotool windowfocus --sync "$window"
            xdotool key ctrl+r
            echo "reloaded again"
            read answer
            kill $quire; wait $quire
            """
        let session = try ScriptedSession(script: script, file: server.address("/doc.pdf?etag"), shot: fixtures.path("web-reload.png"),
                                          environment: ["XDG_CACHE_HOME": fixtures.path("cache"), "QUIRE_TRACE_LAUNCH": "1"])
        XCTAssertEqual(try session.readLine(), "started")
        XCTAssertTrue(session.errorsSay("document shown"))
        try session.proceed()
        XCTAssertEqual(try session.readLine(), "reloaded")
        let asked = ScriptedSession.poll { server.requests.count == 2 ? server.requests : nil }
        XCTAssertEqual(asked?.last?.status, 304, "Ctrl+R did not ask the server conditionally: \(server.requests.map(\.path))")
        XCTAssertNotNil(asked?.last?.ifNoneMatch)
        server.stop()
        try session.proceed()
        XCTAssertEqual(try session.readLine(), "reloaded again")
        XCTAssertTrue(session.errorsSay("This is the stored copy from"))
        XCTAssertTrue(try session.showsAtTheTop(page: 0, of: served, xs: 280...310, ys: 40...120), "the document went away")
        try session.proceed()
    }

    func testANotFoundAddressSaysSoAndTryAgainAsksAgain() throws {
        try QuireRun.requireDisplay()
        let server = try server(serving: fixtures.standard())
        let script = ScriptedSession.start(title: "missing.pdf", arguments: "--size 1400x1000", showsDocument: false) + """
            echo started
            read answer
            xdotool windowfocus --sync "$window"
            xdotool key alt+t
            echo retried
            read answer
            kill $quire; wait $quire
            """
        let session = try ScriptedSession(script: script, file: server.address("/missing.pdf"), shot: fixtures.path("web-404.png"))
        XCTAssertEqual(try session.readLine(), "started")
        XCTAssertTrue(session.errorsSay("does not exist (404)"))
        try session.proceed()
        XCTAssertEqual(try session.readLine(), "retried")
        XCTAssertNotNil(ScriptedSession.poll { server.requests.count == 2 ? true : nil }, "Try Again did not ask again: \(server.requests.map(\.path))")
        try session.proceed()
    }
}
