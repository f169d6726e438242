import Fixtures
import Foundation
import QuireEngine
import XCTest

/// The drawn signature as a reader makes it: "Signature…" from the main menu (F10, G), a
/// plus drawn with the pointer on the dialog's pad, Save; it is kept in Quire's data
/// folder, and the next click on a page places it there as ink.
final class SignatureDrawingWindowTests: XCTestCase {
    /// The pad's ink, dark blue on white paper.
    static let padInk: UInt32 = 0xFF1A_338C
    /// The blue ink a signature is placed in (`MarkupColours.standard(for: .ink)`).
    static let placedInk: UInt32 = 0xFF26_66E6

    /// Script lines that open the signature dialog and say "dialog X Y WIDTH HEIGHT"; the
    /// test answers where the pad is ("X Y", its top-left); they draw a plus on it (a
    /// stroke 160 px across, one 80 px down through its middle), say "drawn", wait, press
    /// Save (Alt+S) and say "saved" once the dialog is gone; the test answers where to
    /// click on the page ("X Y"): they click there, move the pointer off the window and say
    /// "placed". "$2" is kept in $file.
    static let signing = """

        file="$2"
        xdotool windowfocus --sync "$window"
        xdotool key F10
        dialog=""
        for i in $(seq 100); do
            dialog=$(xdotool search --onlyvisible --name '^Signature$' 2>/dev/null | head -1)
            [ -n "$dialog" ] && break
            xdotool key g
            sleep 0.1
        done
        eval $(xdotool getwindowgeometry --shell "$dialog")
        echo "dialog $X $Y $WIDTH $HEIGHT"
        read answer
        set -- $answer
        xdotool mousemove $(($1 + 60)) $(($2 + 70)) mousedown 1
        for step in 1 2 3 4 5 6 7 8 9 10; do xdotool mousemove $(($1 + 60 + step * 16)) $(($2 + 70)); done
        xdotool mouseup 1
        xdotool mousemove $(($1 + 140)) $(($2 + 30)) mousedown 1
        for step in 1 2 3 4 5 6 7 8; do xdotool mousemove $(($1 + 140)) $(($2 + 30 + step * 10)); done
        xdotool mouseup 1
        echo drawn
        read answer
        xdotool windowfocus --sync "$dialog"
        xdotool key alt+s
        for i in $(seq 200); do xdotool search --onlyvisible --name '^Signature$' >/dev/null 2>&1 || break; sleep 0.05; done
        echo saved
        read answer
        set -- $answer
        xdotool mousemove $1 $2 click 1
        xdotool mousemove 1590 1190
        echo placed

        """

    /// The pad in the dialog at "dialog X Y WIDTH HEIGHT" (`line`): the paper-white area
    /// below its header bar (the window's own background is not quite white).
    static func pad(in screen: Picture, dialog line: String) throws -> (x: Int, y: Int, width: Int, height: Int) {
        let numbers = line.split(separator: " ").dropFirst().compactMap { Int($0) }
        guard numbers.count == 4 else { throw FixtureFailure("not a dialog's place: \(line)") }
        let top = numbers[1] + 50
        let area = screen.cropped(x: numbers[0], y: top, width: numbers[2], height: numbers[1] + numbers[3] - top)
        let white = try XCTUnwrap(area.bounds(of: 0xFFFF_FFFF, tolerance: 0), "no pad in the dialog")
        return (numbers[0] + white.x, top + white.y, white.width, white.height)
    }

    /// Pixels near `colour` in the rectangle.
    static func count(_ colour: UInt32, in screen: Picture, x: Int, y: Int, width: Int, height: Int, tolerance: Int = 40) -> Int {
        var count = 0
        for row in y..<min(y + height, screen.height) {
            for column in x..<min(x + width, screen.width) where Picture.distance(screen[column, row], colour) <= tolerance { count += 1 }
        }
        return count
    }

    /// Quire on `file` at page 2, 1000 × 900 at 100 %, with its data folder `data`: the signature drawn,
    /// saved and placed at (300, 300) on the screen, on page 2, then `then`.
    static func signed(_ file: String, data: String, shot: String, then steps: String) throws -> (ScriptedSession, pad: (x: Int, y: Int, width: Int, height: Int)) {
        let name = URL(fileURLWithPath: file).lastPathComponent
        let script = ScriptedSession.windowFunctions + ScriptedSession.start(title: name, arguments: "--size 1000x900 --zoom 100 --page 2")
            + signing + steps
        let session = try ScriptedSession(script: script, file: file, shot: shot, environment: ["XDG_DATA_HOME": data])
        let line = try session.readLine()
        XCTAssertTrue(line.hasPrefix("dialog "), "no signature dialog: \(line)")
        let pad = try Self.pad(in: try session.stillScreen(), dialog: line)
        try session.proceed("\(pad.x) \(pad.y)")
        XCTAssertEqual(try session.readLine(), "drawn")
        return (session, pad)
    }

    /// After `signed`'s "drawn": saves the signature and places it at (300, 300).
    static func saveAndPlace(_ session: ScriptedSession) throws {
        try session.proceed()
        XCTAssertEqual(try session.readLine(), "saved")
        try session.proceed("300 300")
        XCTAssertEqual(try session.readLine(), "placed")
    }

    func testASignatureDrawnWithThePointerIsKeptInTheDataFolderAndPlacedByAClick() throws {
        try QuireRun.requireDisplay()
        let fixtures = try Fixtures()
        let file = fixtures.long(pages: 3, named: "signed.pdf"), data = fixtures.path("data")
        let (session, pad) = try Self.signed(file, data: data, shot: fixtures.path("signed.png"), then: """
            echo "title $(title_after "• signed.pdf")"
            read answer
            kill $quire; wait $quire

            """)
        // The strokes painted on the pad as drawn.
        let drawn = try session.screen { Self.count(Self.padInk, in: $0, x: pad.x, y: pad.y, width: pad.width, height: pad.height) > 200 }
        XCTAssertGreaterThan(Self.count(Self.padInk, in: drawn, x: pad.x, y: pad.y, width: pad.width, height: pad.height), 200,
                             "the pad does not show the strokes drawn")
        try session.proceed()
        XCTAssertEqual(try session.readLine(), "saved")
        let kept = try XCTUnwrap(DrawnSignatureFile(directory: data + "/quire").read(), "no signature kept in the data folder")
        XCTAssertEqual(kept.strokes.count, 2, "the plus's two strokes: \(kept.strokes)")
        // GTK merges motion events: fewer points than moves, but the stroke's whole length.
        let across = try XCTUnwrap(kept.strokes.first).map(\.x)
        XCTAssertEqual((across.max() ?? 0) - (across.min() ?? 0), 160, accuracy: 2, "\(kept.strokes)")
        let down = kept.strokes[1].map(\.y)
        XCTAssertEqual((down.max() ?? 0) - (down.min() ?? 0), 80, accuracy: 2, "the stroke's end is lost: \(kept.strokes)")
        try session.proceed("300 300")
        XCTAssertEqual(try session.readLine(), "placed")
        XCTAssertEqual(try session.readLine(), "title • signed.pdf", "placing the signature is no change to save")
        // Placed 150 pt wide (200 px at 100 %), half as tall, its corner where the click was.
        let placed = try session.stillScreen { $0.cropped(x: 0, y: 0, width: 1000, height: 900).bounds(of: Self.placedInk, tolerance: 20) != nil }
        let ink = try XCTUnwrap(placed.cropped(x: 0, y: 0, width: 1000, height: 900).bounds(of: Self.placedInk, tolerance: 20), "the signature is not on the page")
        XCTAssertEqual(Double(ink.x), 300, accuracy: 4, "\(ink)")
        XCTAssertEqual(Double(ink.y), 300, accuracy: 4, "\(ink)")
        // Painted as strokes: their round ends fade at the tips, a few pixels inside the bounds.
        XCTAssertEqual(Double(ink.width), 200, accuracy: 10, "\(ink)")
        XCTAssertEqual(Double(ink.height), 100, accuracy: 10, "\(ink)")
        try session.proceed()
    }

    /// A kept signature file that is not one (garbage) reads as none: the dialog opens with
    /// an empty pad, and Quire goes on.
    func testAKeptSignatureThatIsGarbageReadsAsNone() throws {
        try QuireRun.requireDisplay()
        let fixtures = try Fixtures()
        let file = fixtures.long(pages: 3, named: "garbage.pdf"), data = fixtures.path("data")
        try FileManager.default.createDirectory(atPath: data + "/quire", withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let garbage = Data("quire-signature 1\n".utf8) + Data((0..<20_000).map { UInt8(truncatingIfNeeded: $0 &* 7919) })
        try garbage.write(to: URL(fileURLWithPath: data + "/quire/signature"))
        let script = ScriptedSession.windowFunctions + ScriptedSession.start(title: "garbage.pdf", arguments: "--size 1000x900 --zoom 100")
            + Self.signing.components(separatedBy: "read answer")[0] + """
            read answer
            kill $quire; wait $quire
            """
        let session = try ScriptedSession(script: script, file: file, shot: fixtures.path("garbage.png"), environment: ["XDG_DATA_HOME": data])
        let line = try session.readLine()
        XCTAssertTrue(line.hasPrefix("dialog "), "no signature dialog over a garbage file: \(line)")
        let screen = try session.stillScreen()
        let pad = try Self.pad(in: screen, dialog: line)
        XCTAssertGreaterThan(pad.width, 300, "the pad is not where it should be: \(pad)")
        XCTAssertEqual(Self.count(Self.padInk, in: screen, x: pad.x, y: pad.y, width: pad.width, height: pad.height), 0,
                       "a garbage file showed as strokes")
        try session.proceed()
    }

    /// Saved, the placed signature is ink on page 2 for other readers (mutool).
    /// Needs the writer of drawings (helper W's branch) to pass.
    func testAPlacedSignatureIsSavedForOtherReaders() throws {
        try QuireRun.requireDisplay()
        let fixtures = try Fixtures()
        let file = fixtures.long(pages: 3, named: "kept.pdf"), data = fixtures.path("data")
        let (session, _) = try Self.signed(file, data: data, shot: fixtures.path("kept.png"), then: """
            xdotool windowfocus --sync "$window"
            xdotool key ctrl+s
            echo "title $(title_after "kept.pdf")"
            xdotool key ctrl+q
            ended

            """)
        try Self.saveAndPlace(session)
        XCTAssertEqual(try session.readLine(), "title kept.pdf", "the save did not end")
        XCTAssertEqual(try session.readLine(), "exited 0")
        XCTAssertEqual(try MutoolShow.subtypes(in: file, page: 1), ["Ink"], "mutool finds no ink on page 2")
        XCTAssertEqual(try MutoolShow.subtypes(in: file, page: 0), [])
    }
}

/// The annotations of a page as `mutool show` reads them: another parser than poppler and qpdf.
enum MutoolShow {
    private static func show(_ file: String, _ what: String) throws -> String {
        let process = Process(), output = Pipe()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/mutool")
        process.arguments = ["show", file, what]
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }

    /// The /Subtype of each annotation of `page` (from 0), links and widgets too, without the slash.
    static func subtypes(in file: String, page: Int) throws -> [String] {
        // mutool counts pages from 1.
        let annots = try show(file, "pages/\(page + 1)/Annots")
        let refs = try NSRegularExpression(pattern: "(\\d+) 0 R").matches(in: annots, range: NSRange(annots.startIndex..., in: annots))
            .compactMap { Range($0.range(at: 1), in: annots).map { String(annots[$0]) } }
        return try refs.compactMap { ref in
            let object = try show(file, ref)
            return object.range(of: "/Subtype\\s*/(\\w+)", options: .regularExpression).map {
                String(object[$0]).replacingOccurrences(of: "/Subtype", with: "").trimmingCharacters(in: .whitespaces).dropFirst().description
            }
        }
    }
}
