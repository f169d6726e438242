import Fixtures
import Foundation
import QuireDocument
import QuireEngine
import XCTest

/// Digital signatures in the real window, each state as the banner above the page and the
/// Signatures pane say it, read back from the widgets by `--snapshot`
/// (`QUIRE_REPORT_SHOWN_TEXT=1`). The documents are signed by the test itself
/// (`SignedFixtures`: certutil, pdfsig), and Quire runs with the test's home, whose NSS
/// database trusts the test's authority. Verification runs in a helper started from a
/// worker thread: were it asked from the main thread, `HelperCallGuard` would refuse it
/// (and say so on stderr), and no signature would show valid.
final class SignatureWindowTests: XCTestCase {
    private var fixtures: Fixtures!
    private var signing: SignedFixtures!

    override func setUpWithError() throws {
        try QuireRun.requireDisplay()
        fixtures = try Fixtures()
        signing = try SignedFixtures(fixtures)
    }

    override func tearDown() {
        signing = nil
        fixtures = nil
    }

    /// What the window shows of `path` with the Signatures pane open: its banner's line and
    /// the pane's rows (and everything else), and how long verifying took.
    private func shown(_ path: String, home: String? = nil, style: String = "prefer-light") throws -> (banner: String?, text: String, milliseconds: Double?) {
        let shot = path + "." + style + ".png"
        let run = try QuireRun.run(["--snapshot", shot, "--size", "1000x700", "--sidebar", "signatures", path],
                                   environment: ["HOME": home ?? signing.home, "QUIRE_REPORT_SHOWN_TEXT": "1", "ADW_DEBUG_COLOR_SCHEME": style])
        XCTAssertEqual(run.status, 0, run.standardError)
        XCTAssertFalse(run.standardError.contains("a helper was asked"), "a helper was asked from the main thread: \(run.standardError)")
        let labels = run.standardOutput.split(separator: "\n").filter { $0.hasPrefix("shown label ") }.map { String($0.dropFirst("shown label ".count)) }
        let banner = labels.first { $0.hasPrefix("\"Signed by") || $0.contains("signatures") && $0.contains(":") && !$0.hasPrefix("\"The signatures") }
        let measured = run.standardError.split(separator: "\n").first { $0.hasPrefix("quire: signatures:") }
            .flatMap { $0.split(separator: " ").dropFirst(5).first }.flatMap { Double($0) }
        return (banner, labels.joined(separator: "\n"), measured)
    }

    func testAValidSignatureFromATrustedCertificateIsValid() throws {
        let seen = try shown(try signing.signed("valid.pdf"))
        XCTAssertTrue(seen.banner?.hasPrefix("\"Signed by Alice Signer, ") == true, seen.text)
        XCTAssertTrue(seen.banner?.hasSuffix(": Valid\"") == true, "\(seen.banner ?? "no banner")")
        XCTAssertTrue(seen.text.contains("\"Valid  Contract · p. p1\\nCovers the whole document (revision 2 of 2)\\nThe certificate is trusted\""), seen.text)
        let milliseconds = try XCTUnwrap(seen.milliseconds, "the verification was not measured")
        print("signature verified in \(milliseconds) ms")
        XCTAssertLessThan(milliseconds, 1000)
    }

    func testAnUntrustedCertificateIsNotTrustedAndSaysWhy() throws {
        let seen = try shown(try signing.signed("untrusted.pdf", by: "stranger"))
        XCTAssertEqual(seen.banner?.hasPrefix("\"Signed by Mallory Stranger, "), true, seen.text)
        XCTAssertEqual(seen.banner?.hasSuffix(": Not trusted — The certificate's issuer is unknown: it is not in your certificate database\""), true, seen.text)
        XCTAssertTrue(seen.text.contains("The certificate's issuer is unknown: it is not in your certificate database"), seen.text)
        XCTAssertFalse(seen.text.contains("The certificate is trusted"), seen.text)
    }

    func testAnExpiredCertificateIsNotTrustedAndSaysSo() throws {
        let seen = try shown(try signing.signed("expired.pdf", by: "expired"))
        XCTAssertEqual(seen.banner?.hasSuffix(": Not trusted — The certificate has expired\""), true, seen.text)
    }

    func testADocumentChangedAfterSigningIsValidForTheRevisionSigned() throws {
        let seen = try shown(try signing.changedAfterSigning("changed.pdf"))
        XCTAssertEqual(seen.banner?.hasSuffix(": Valid, changed since — Covers revision 2 of 3; the document was changed after signing\""), true, seen.text)
        XCTAssertTrue(seen.text.contains("\"Valid, changed since  Contract · p. p1\\nCovers revision 2 of 3"), seen.text)
    }

    func testABrokenSignatureIsInvalid() throws {
        let seen = try shown(try signing.brokenSignature("broken.pdf"))
        XCTAssertEqual(seen.banner?.hasSuffix(": Invalid — The signature's data is damaged\""), true, seen.text)
        XCTAssertTrue(seen.text.contains("The signature's data is damaged"), seen.text)
    }

    func testAByteRangePastTheFilesEndIsInvalid() throws {
        let seen = try shown(try signing.rangePastTheEnd("past.pdf"))
        XCTAssertEqual(seen.banner?.hasSuffix(": Invalid — Its byte range ends past the file's end\""), true, seen.text)
        XCTAssertTrue(seen.text.contains("Its byte range ends past the file's end"), seen.text)
    }

    func testSignedBytesAlteredAfterSigningAreInvalid() throws {
        let seen = try shown(try signing.alteredBytes("altered.pdf"))
        XCTAssertEqual(seen.banner?.hasSuffix(": Invalid — The signed bytes were changed after signing\""), true, seen.text)
        XCTAssertTrue(seen.text.contains("The signed bytes were changed after signing"), seen.text)
    }

    func testWithADatabaseThatCannotBeReadTheSignatureCannotBeCheckedNotValid() throws {
        let file = try signing.signed("unreadable.pdf")
        let home = fixtures.path("broken-home")
        try FileManager.default.createDirectory(atPath: home + "/.pki/nssdb", withIntermediateDirectories: true)
        try Data("not a database".utf8).write(to: URL(fileURLWithPath: home + "/.pki/nssdb/cert9.db"))
        let seen = try shown(file, home: home)
        XCTAssertEqual(seen.banner?.hasSuffix(": Cannot be checked — The certificate database \(home)/.pki/nssdb cannot be read\""), true, seen.text)
        XCTAssertTrue(seen.text.contains("The certificate database \(home)/.pki/nssdb cannot be read"), seen.text)
        XCTAssertFalse(seen.text.contains("Valid"), seen.text)
    }

    func testWithoutADatabaseTheSignatureCannotBeChecked() throws {
        let seen = try shown(try signing.signed("nodb.pdf"), home: fixtures.path("empty-home"))
        XCTAssertEqual(seen.banner?.contains(": Cannot be checked — There is no certificate database"), true, seen.text)
        XCTAssertTrue(seen.text.contains("There is no certificate database"), seen.text)
    }

    func testAnUnsignedDocumentShowsNoBannerAndNoSignaturesView() throws {
        let seen = try shown(fixtures.standard(named: "unsigned.pdf"))
        XCTAssertNil(seen.banner, seen.text)
        XCTAssertFalse(seen.text.contains("Signatures…"), seen.text)
    }
}

/// A signed document annotated and saved with Ctrl+S in the window: its signature is
/// checked again on the file as saved, and is then valid for the revision it signed, the
/// document changed since (Quire's own update after it), as the window's log of each check
/// says (its last words the states).
final class SignedSaveWindowTests: XCTestCase {
    func testSavingASignedDocumentChecksItsSignatureAgainAsChangedSince() throws {
        try QuireRun.requireDisplay()
        let fixtures = try Fixtures()
        let signing = try SignedFixtures(fixtures)
        let file = try signing.signed("saved.pdf")
        // The window is titled by the document's own title.
        let title = Fixtures.standardTitle
        let script = ScriptedSession.opening(title) + """
            xdotool mousemove 990 890
            echo shown
            read answer
            xdotool windowfocus --sync "$window"
            xdotool mousemove 500 500
            xdotool key ctrl+m
            xdotool type 'Checked'
            xdotool key Escape
            echo "title $(title_after "• \(title)")"
            xdotool key ctrl+s
            echo "title $(title_after "\(title)")"
            read answer
            xdotool key ctrl+q
            ended
            """
        let session = try ScriptedSession(script: script, file: file, shot: fixtures.path("saved.png"), environment: ["HOME": signing.home])
        XCTAssertEqual(try session.readLine(), "shown")
        XCTAssertTrue(session.errorsSay("from the window; valid"), "the signature was not found valid as opened")
        try session.proceed()
        XCTAssertEqual(try session.readLine(), "title • \(title)")
        XCTAssertEqual(try session.readLine(), "title \(title)")
        XCTAssertTrue(session.errorsSay("from the window; changedSince"), "the signature was not checked again as saved")
        try session.proceed()
        XCTAssertEqual(try session.readLine(), "exited 0")
        let said = try Program.output(SignedFixtures.pdfsig, ["-nssdir", "sql:" + signing.database, "-no-ocsp", file])
        XCTAssertTrue(said.contains("Signature Validation: Signature is Valid."), said)
    }
}

/// A signature field on the page, clicked as a reader clicks it: the Signatures view opens
/// in the sidebar with the signature's state. (Its tooltip says the same; GTK draws
/// tooltips in windows of their own, which these tests do not read.)
final class SignatureFieldWindowTests: XCTestCase {
    func testAClickOnASignatureFieldOpensTheSignaturesView() throws {
        try QuireRun.requireDisplay()
        let fixtures = try Fixtures()
        let signing = try SignedFixtures(fixtures)
        let file = try signing.signedInVisibleField("field.pdf")
        let document = try DocumentSource(path: file).open()
        let script = ScriptedSession.opening("field.pdf") + """
            xdotool mousemove 990 890
            echo shown
            read answer
            xdotool windowfocus --sync "$window"
            xdotool mousemove $answer click 1
            xdotool mousemove 990 890
            echo clicked
            read answer
            xdotool key ctrl+q
            ended
            """
        let session = try ScriptedSession(script: script, file: file, shot: fixtures.path("field.png"), environment: ["HOME": signing.home])
        XCTAssertEqual(try session.readLine(), "shown")
        // The banner, light blue across the top of the view: the signature is valid.
        func banner(_ screen: Picture) -> Bool {
            (50..<130).contains { y in stride(from: 300, to: 900, by: 10).allSatisfy { x in
                let pixel = screen[x, y], (r, b) = (Int(pixel >> 16 & 0xFF), Int(pixel & 0xFF))
                return b > 200 && b > r + 25
            } }
        }
        XCTAssertTrue(banner(try session.stillScreen(banner)), "no banner says the signature is valid")
        let origin = try session.pageOrigin(of: document, top: 130)
        let field = SignedFixtures.visibleField, scale = 96.0 / 72
        let x = Int(origin.x + (field.x + field.width / 2) * scale), y = Int(origin.y + (field.y + field.height / 2) * scale)
        // The sidebar's rows: ink at the window's left, where the grey around the page was.
        func listed(_ screen: Picture) -> Bool {
            (95..<300).contains { y in (12..<150).filter { Picture.distance(screen[$0, y], 0xFF00_0000) <= 0x60 }.count >= 3 }
        }
        XCTAssertFalse(listed(try session.stillScreen()), "the sidebar shows before the click")
        try session.proceed("\(x) \(y)")
        XCTAssertEqual(try session.readLine(), "clicked")
        XCTAssertTrue(listed(try session.screen(until: listed)), "the click on the signature field did not open the Signatures view")
        try session.proceed()
    }
}
