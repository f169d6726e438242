import Fixtures
import Foundation
@testable import QuireUI
import XCTest

/// The keyboard shortcuts window (Ctrl+?).
final class ShortcutsWindowTests: XCTestCase {
    func testCtrlQuestionMarkOpensTheShortcutsWindow() throws {
        try QuireRun.requireDisplay()
        let fixtures = try Fixtures()
        let file = fixtures.standard(named: "keys-help.pdf")
        let script = ScriptedSession.start(title: Fixtures.standardTitle) + """
            xdotool windowfocus --sync "$window"
            xdotool key ctrl+question
            shortcuts=$(appears 20 --onlyvisible --name '^Keyboard Shortcuts$' | head -1)
            [ -n "$shortcuts" ] && echo "shown $(xdotool getwindowgeometry --shell "$shortcuts" | tr '\\n' ' ')" || echo "not shown"
            read answer
            kill $quire; wait $quire
            """
        let session = try ScriptedSession(script: script, file: file, shot: fixtures.path("keys-help.png"))
        let line = try session.readLine()
        XCTAssertTrue(line.hasPrefix("shown "), "Ctrl+? did not open a window titled Keyboard Shortcuts: \(line)")
        let width = line.split(separator: " ").first { $0.hasPrefix("WIDTH=") }.flatMap { Int($0.dropFirst(6)) } ?? 0
        XCTAssertGreaterThan(width, 600, "the shortcuts window is too small to list anything: \(line)")
        try session.proceed()
    }

    /// Every accelerator of the window and the application is listed, with a title, as
    /// are the keys the canvas and a presentation handle themselves.
    @MainActor
    func testEveryShortcutIsListed() {
        let shortcuts = ShortcutsWindow.groups.flatMap(\.shortcuts)
        for (action, accels) in WindowMenus.accelerators + Application.accelerators {
            let first = String(accels.split(separator: "|")[0])
            XCTAssertTrue(shortcuts.contains { $0.keys.split(separator: " ").contains { $0 == first } && !$0.title.isEmpty },
                          "\(action) (\(first)) is not listed")
        }
        for keys in ["<Control>i", "F11", "F5", "<Control>question", "slash", "Home End", "<Control>a", "BackSpace"] {
            XCTAssertTrue(shortcuts.contains { $0.keys.contains(keys) }, "\(keys) is not listed")
        }
        XCTAssertTrue(ShortcutsWindow.builderXML.contains("&lt;Control&gt;question"), "accelerators are escaped in the XML")
    }
}
