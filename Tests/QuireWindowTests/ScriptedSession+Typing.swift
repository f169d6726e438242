import XCTest

/// Typing a word of letters the keyboard map lacks (Arabic, Cyrillic): xdotool maps each to
/// a spare key first, and GTK may read the key before the new map and drop the letter. The
/// word is then typed again over what was typed, three times at most.
extension ScriptedSession {
    /// Script lines that type `word` into the focused entry, saying "typed" and waiting for
    /// an answer after each try: "again" selects what was typed and types it again.
    static func typeRetrying(_ word: String) -> String {
        """
        for attempt in 1 2 3; do
            xdotool type --delay 120 '\(word)'
            echo typed
            read answer
            [ "$answer" = again ] || break
            xdotool key ctrl+a
        done
        """
    }

    /// Follows `typeRetrying`'s tries until `arrived` (asked after each, polling as it
    /// will) says the word came; the script goes on past the typing.
    func confirmTyped(_ arrived: () -> Bool) throws {
        for attempt in 1...3 {
            XCTAssertEqual(try readLine(), "typed")
            if attempt == 3 || arrived() { break }
            try proceed("again")
        }
    }
}
