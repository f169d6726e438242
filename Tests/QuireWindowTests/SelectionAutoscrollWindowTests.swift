import Fixtures
import Foundation
import XCTest

/// A selection dragged past the bottom of the window scrolls the view while the button is
/// held, the pointer still, and the selection grows with it.
final class SelectionAutoscrollWindowTests: XCTestCase {
    func testHoldingADragBelowTheWindowScrollsAndExtendsTheSelection() throws {
        let running = try SearchableOnScreen.start("autoscroll.pdf", """
            set -- $answer
            xdotool mousemove $1 $2 mousedown 1 mousemove $(( $1 + 20 )) $(( $2 + 40 )) mousemove 500 700 mousemove 500 1000
            echo holding
            read answer
            xdotool mouseup 1 key ctrl+c
            # The text is read on Quire's worker thread: ask until it is there (10 s at most).
            for i in $(seq 100); do [ -n "$(xclip -o -selection clipboard 2>/dev/null)" ] && break; sleep 0.1; done
            echo "clipboard $(xclip -o -selection clipboard | tr '\\n' '|')"
            read answer
            """, answer: { "\($0.x(112)) \($0.y(96))" }) // on the “q” of “quick”
        let (session, page) = (running.session, running.page)
        XCTAssertEqual(try session.readLine(), "holding")
        // The gap between pages 1 and 2, 1,100 pixels down the document, comes into view:
        // a row of the canvas's grey across the page's width.
        func showsTheGap(_ screen: Picture) -> Bool {
            (100..<850).contains { y in stride(from: page.x(0), to: page.x(500), by: 8).allSatisfy { x in Picture.distance(screen[x, y], 0xFFDE_DEDE) <= 3 } }
        }
        XCTAssertTrue(showsTheGap(try session.screen(until: showsTheGap)), "the view scrolled down while the pointer held still")
        try session.proceed()
        let line = try session.readLine()
        XCTAssertTrue(line.hasPrefix("clipboard uick brown fox"), "from the press on: \(line)")
        XCTAssertTrue(line.contains("line breaks is found.|fox fox fox"), "the selection grew onto page 2: \(line)")
        try session.proceed()
    }
}
