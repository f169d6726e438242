import Fixtures
import Foundation
import QuireDocument
import XCTest

/// A document's first page in a window as the annotation and form tests open it: where it
/// lies on screen, found from its ink.
extension ScriptedSession {
    /// Script functions for a window with a document: `ended` (10 s); `title_after T`,
    /// which prints the window's title once it is T (10 s at most), or as it is then;
    /// `asking`, which prints "asked" once the Unsaved Changes question shows (20 s at
    /// most), else "not asked"; `gone`, which waits until the question has gone.
    static let windowFunctions = ScriptedSession.ended(within: 10) + """
        title_after() { for i in $(seq 200); do [ "$(xdotool getwindowname "$window")" = "$1" ] && break; sleep 0.05; done; xdotool getwindowname "$window"; }
        asking() { appears 20 --onlyvisible --name '^Unsaved Changes$' >/dev/null 2>&1 && echo asked || echo "not asked"; }
        gone() { for i in $(seq 200); do xdotool search --onlyvisible --name '^Unsaved Changes$' >/dev/null 2>&1 || break; sleep 0.05; done; }

        """

    /// A script's start: `windowFunctions`, then Quire on `name` in a 1000 × 900 window at 100 %.
    static func opening(_ name: String) -> String {
        windowFunctions + ScriptedSession.start(title: name, arguments: "--size 1000x900 --zoom 100")
    }

    /// Script lines once the document is shown: the pointer out of the way, "shown", then the
    /// test's answer read into `variables` (the screen points it found) and the window focused.
    static func shown(reading variables: String) -> String {
        """
        xdotool mousemove 1590 1190
        echo shown
        read answer
        read \(variables) <<< "$answer"
        xdotool windowfocus --sync "$window"

        """
    }

    /// A script's start with two tabs: its own session bus, `windowFunctions`, Quire on
    /// first.pdf ($2) in a 1400 × 1000 window at 100 %, then `second` handed to it over the
    /// bus; it says "handed over 0" and the window's title, "second.pdf", once shown.
    static func twoTabs(handingOver second: String) -> String {
        TestEnvironment.ownSessionBus + windowFunctions + start(title: "first.pdf", arguments: "--size 1400x1000 --zoom 100") + """
            timeout 20 "$1" '\(second)'; echo "handed over $?"
            echo "$(title_after "second.pdf")"

            """
    }

    /// What `twoTabs(handingOver:)` says once both tabs are there: the file handed over and shown.
    func twoTabsShown(file: StaticString = #filePath, line: UInt = #line) throws {
        XCTAssertEqual(try readLine(), "handed over 0", file: file, line: line)
        XCTAssertEqual(try readLine(), "second.pdf", "the file handed over is not shown", file: file, line: line)
    }

    /// Script lines that quit (Ctrl+Q), say how Quire ended (`ended`), wait for the test,
    /// run Quire again on the same file (its window titled `title`, 1000 × 900 at 100 %),
    /// say "reopened" and wait.
    static func quitAndReopen(_ title: String) -> String {
        """

        xdotool key ctrl+q
        ended
        read answer

        """ + start(title: title, arguments: "--size 1000x900 --zoom 100") + """
        xdotool mousemove 1590 1190
        echo reopened
        read answer

        """
    }

    /// Script lines that wait for Save As's chooser, say "chooser shown" (or "chooser "
    /// when none came), and answer it with `path`.
    static func answerSaveAs(with path: String) -> String {
        """

        chooser=$(appears 20 --onlyvisible --name '^Save As$' 2>/dev/null | head -1)
        echo "chooser ${chooser:+shown}"
        xdotool windowfocus --sync "$chooser"
        xdotool key ctrl+a
        xdotool type '\(path)'
        xdotool key Return

        """
    }

    /// Where the first page's (or `page`'s, when the view starts there) top-left corner is
    /// on screen, in a window of 1000 pixels' width at 100 %: its ink against poppler's render of it.
    /// `top`: where the view starts on screen (lower when a bar shows above the page).
    func pageOrigin(of document: Document, page: Int = 0, top: Int = 55) throws -> (x: Double, y: Double) {
        let reference = Picture(try document.render(page: page, scale: 96.0 / 72)).cropped(x: 0, y: 0, width: 816, height: 780)
        let inkReference = try XCTUnwrap(reference.bounds(of: 0xFF00_0000, tolerance: 120))
        let view = (x: 60, y: top)
        func ink(_ screen: Picture) -> (x: Int, y: Int, width: Int, height: Int)? {
            screen.cropped(x: view.x, y: view.y, width: 880, height: 835 - top).bounds(of: 0xFF00_0000, tolerance: 120)
        }
        let screen = try stillScreen { ink($0)?.width == inkReference.width }
        let inkShown = try XCTUnwrap(ink(screen))
        guard inkShown.width == inkReference.width else { throw FixtureFailure("the page's ink is \(inkShown), not as poppler draws it: \(inkReference)") }
        return (Double(view.x + inkShown.x - inkReference.x), Double(view.y + inkShown.y - inkReference.y))
    }
}

extension Picture {
    /// Ink in the rectangle: pixels whose channels sum under 300 (the page's black, under a
    /// focused field's blue too).
    func darkPixels(x: Int, y: Int, width: Int, height: Int) -> Int {
        var count = 0
        for row in y..<y + height {
            for column in x..<x + width where Int(self[column, row] >> 16 & 0xFF) + Int(self[column, row] >> 8 & 0xFF) + Int(self[column, row] & 0xFF) < 300 {
                count += 1
            }
        }
        return count
    }

    /// Whether (x, y) shows a form field's tint, a faint blue: the fields are read and shown.
    func showsFieldTint(x: Int, y: Int) -> Bool {
        let pixel = self[x, y]
        return pixel & 0xFF >= 250 && (215...240).contains(pixel >> 16 & 0xFF)
    }

    /// Whether a popover shows in the area from (x, y), `width` × `height`: under Xvfb,
    /// without a compositor, its shadow is drawn black (sampled every other pixel).
    func showsPopover(x: Int, y: Int, width: Int, height: Int) -> Bool {
        var black = 0
        // The area clipped to the picture: a place past the screen's edge holds no popover.
        for row in stride(from: max(0, y), to: min(y + height, self.height), by: 2) {
            for column in stride(from: max(0, x), to: min(x + width, self.width), by: 2) where self[column, row] == 0xFF00_0000 { black += 1 }
        }
        return black > 100
    }
}
