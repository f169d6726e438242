import Foundation
import QuireDocument
import QuireEngine
import XCTest

/// A running Quire driven by a bash script (xdotool keys), which talks to the test by
/// lines: it prints a line when it has done a step and reads one before the next. The
/// screen is read back by `ScreenGrab`.
final class ScriptedSession {
    private let process = Process()
    private let input = Pipe(), output = Pipe()
    private let shot: String
    /// Where the script's stderr goes, and so Quire's unless the script sends it elsewhere:
    /// its messages, for a test to read while it runs; checked for GLib faults at the end.
    let errors: String

    /// Script lines that bring the pointer from the screen's corner (1590, 1190), where
    /// the script put it, to the "X Y" of $answer in ten steps, as a hand moves it.
    static let pointerInSteps = """

        set -- $answer
        for step in 1 2 3 4 5 6 7 8 9 10; do
            xdotool mousemove $((1590 + ($1 - 1590) * step / 10)) $((1190 + ($2 - 1190) * step / 10))
        done

        """

    /// The script's start: runs Quire on $2 and waits (30 s at most) for its window, titled
    /// `title`, whose id it leaves in $window and whose process id in $quire, and then, unless
    /// the window is not to show a document (`showsDocument`: a refused file, a password
    /// asked for), for the document to be shown (`documentShown`). `arguments` go before
    /// the file, as the shell reads them. `appears` (`TestEnvironment.scriptStart`) looks
    /// again when a search fails at once: xdotool gives up on an X error, as when the
    /// previous test's window goes while it looks at it.
    static func start(title: String, arguments: String = "", showsDocument: Bool = true) -> String {
        let pattern = "^" + title.replacingOccurrences(of: ".", with: "\\.") + "$"
        return """
            "$1" \(arguments) "$2" & quire=$!
            window=$(appears 30 --onlyvisible --name '\(pattern)' | head -1)
            [ -n "$window" ] || { echo "no window"; kill $quire; exit 1; }

            """ + (showsDocument ? documentShown : "")
    }

    /// A script function, `ended`, that waits on the outcome, the end of the process in
    /// $quire, for `seconds` at most, and prints "exited N" (a trap is 132) or, killing
    /// it, "still running".
    static func ended(within seconds: Int) -> String {
        """
        ended() {
            for i in $(seq \(seconds * 20)); do kill -0 $quire 2>/dev/null || break; sleep 0.05; done
            if kill -0 $quire 2>/dev/null; then echo "still running"; kill -9 $quire; else wait $quire; echo "exited $?"; fi
        }

        """
    }

    /// Script lines that bring the pointer in steps from the screen's corner to where the
    /// test answers "x y" and click there (then move it off the page, where no tooltip or
    /// hover covers it), say "clicked", wait for the test, press Alt+Left (back) and say
    /// "back". A click that came with the pointer, without a move before it, missed an
    /// outline row that a hand's click finds.
    static let clickThenBack = pointerInSteps + """
        xdotool click 1
        xdotool mousemove 1590 1190
        echo clicked
        read answer
        xdotool windowfocus --sync "$window"
        xdotool key alt+Left
        echo back
        read answer

        """

    /// Script lines that rest the pointer on a link where the test answers "x y" (say
    /// "resting" and wait, while its preview comes), move it onto the preview where the test
    /// answers next (say "over" and wait) and click there.
    static let clickInPreview = """
        xdotool mousemove $answer
        echo resting
        read answer
        xdotool mousemove $answer
        echo over
        read answer
        xdotool click 1

        """

    /// Script lines that wait for the clipboard to hold text (Quire's worker thread reads
    /// it: 10 s at most) and print "clipboard " and the text, its line breaks as "|". They
    /// begin on a line of their own.
    static let printClipboard = """

        for i in $(seq 100); do [ -n "$(xclip -o -selection clipboard 2>/dev/null)" ] && break; sleep 0.1; done
        echo "clipboard $(xclip -o -selection clipboard | tr '\\n' '|')"

        """

    /// Script lines that wait (30 s at most) for Quire's canvas to show its document, as
    /// its launch trace says on the script's stderr (`QUIRE_TRACE_LAUNCH`, on in every
    /// session: "canvas W×H", when the canvas is laid out), or fail the script. A window
    /// maps before its document is open, long before on a loaded machine: keys for the
    /// document (Ctrl+L, Ctrl+F) pressed then go nowhere, as they would for a reader.
    private static let documentShown = """

        for i in $(seq 600); do grep -q ' ms canvas [0-9]' /proc/$$/fd/2 && break; sleep 0.05; done
        grep -q ' ms canvas [0-9]' /proc/$$/fd/2 || { echo "no document shown"; kill $quire; exit 1; }

        """

    /// Script lines that press `shortcut` in the window, type `text` and press Enter, with
    /// real key events (XTEST) into the focused window, at once, as a fast typist does.
    /// They begin on a line of their own, whatever the script before them ends with.
    static func press(_ shortcut: String, thenType text: String) -> String {
        """

        xdotool windowfocus --sync "$window"
        xdotool key \(shortcut)
        xdotool type '\(text)'
        xdotool key Return

        """
    }

    /// Script lines that press Ctrl+O in the window whose id is in the variable `window`,
    /// type `path` into the chooser and press Enter, leaving in $opened the id of the window
    /// then titled `title` (empty if none came). GTK's chooser can drop keys typed before it
    /// is ready for them (it lists the recent files first): if nothing opened, it is closed
    /// and asked for again.
    static func choose(_ path: String, title: String, from window: String = "window") -> String {
        let pattern = "^" + title.replacingOccurrences(of: ".", with: "\\.") + "$"
        return """
            for attempt in 1 2 3; do
              xdotool windowfocus --sync "$\(window)"
              xdotool key ctrl+o
              chooser=$(appears 30 --onlyvisible --name '^Open Document$' | head -1)
              [ -n "$chooser" ] || { echo "no chooser"; kill $quire; exit 1; }
              xdotool windowfocus --sync "$chooser"
              xdotool type '\(path)'
              xdotool key Return
              opened=$(appears 10 --onlyvisible --name '\(pattern)' | head -1)
              [ -n "$opened" ] && break
              xdotool windowfocus --sync "$chooser"
              xdotool key Escape Escape
              for wait in $(seq 100); do xdotool search --onlyvisible --name '^Open Document$' >/dev/null || break; sleep 0.1; done
            done

            """
    }

    /// Runs `script` with $1 = the quire executable and $2 = `file`; screenshots go to `shot`.
    init(script: String, file: String, shot: String, stateHome: String = freshStateHome(), environment: [String: String] = [:]) throws {
        self.shot = shot
        errors = shot + ".stderr"
        // A script that ended early (no window) must fail the test, not end the test
        // process on a write into its closed pipe.
        signal(SIGPIPE, SIG_IGN)
        guard FileManager.default.createFile(atPath: errors, contents: nil), let log = FileHandle(forWritingAtPath: errors) else {
            throw FixtureFailure("cannot create \(errors)")
        }
        process.standardError = log
        // The launch trace says when the document is shown (`documentShown`).
        process.environment = TestEnvironment.forRun(stateHome: stateHome, ["QUIRE_TRACE_LAUNCH": "1"].merging(environment) { $1 })
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["-c", TestEnvironment.scriptStart + script, "sh", QuireRun.executable.path, file]
        process.standardInput = input
        process.standardOutput = output
        try process.run()
    }

    deinit {
        // A test that failed early leaves the script further back: after its "done", every
        // `read` it still makes meets the end of its input, so it runs to its end.
        try? input.fileHandleForWriting.write(contentsOf: Data("done\n".utf8))
        try? input.fileHandleForWriting.close()
        if Self.poll(seconds: 90, { process.isRunning ? nil : true }) == nil {
            XCTFail("the script did not end")
            process.terminate()
        }
        process.waitUntilExit()
        do {
            GLibMessages.assertNone(in: try String(contentsOfFile: errors, encoding: .utf8), from: "a scripted Quire")
        } catch {
            XCTFail("cannot read what the scripted Quire printed: \(error)")
        }
    }

    /// Whether Quire's messages come to say `text` (polled, 30 s at most).
    func errorsSay(_ text: String) -> Bool {
        Self.poll { (try? String(contentsOfFile: errors, encoding: .utf8)).flatMap { $0.contains(text) ? true : nil } } ?? false
    }

    /// The script's next line. A script stuck for two minutes fails the test instead of
    /// hanging the run (a script waiting on a line from the test while the test waits on
    /// one from it would never end).
    func readLine() throws -> String {
        var line = Data()
        let handle = output.fileHandleForReading
        while true {
            var ready = pollfd(fd: handle.fileDescriptor, events: Int16(POLLIN), revents: 0)
            guard Glibc.poll(&ready, 1, 120_000) > 0 else {
                process.terminate()
                throw FixtureFailure("the script said nothing for two minutes (so far: \(String(decoding: line, as: UTF8.self)))")
            }
            guard let byte = try handle.read(upToCount: 1), !byte.isEmpty, byte != Data("\n".utf8) else { break }
            line += byte
        }
        return String(decoding: line, as: UTF8.self)
    }

    /// Lets the script go on to its next step, handing it `answer` (its `$answer`).
    func proceed(_ answer: String = "go") throws { try input.fileHandleForWriting.write(contentsOf: Data((answer + "\n").utf8)) }

    /// Polls `probe` every 50 ms until it gives a value or `seconds` pass (waiting on the
    /// outcome, not on time); nil if it never did.
    static func poll<T>(seconds: Double = 30, _ probe: () throws -> T?) rethrows -> T? {
        let deadline = Date().addingTimeInterval(seconds)
        while true {
            if let value = try probe() { return value }
            if Date() > deadline { return nil }
            usleep(50_000)
        }
    }

    /// Whether the screen comes to show the top of `file`'s `page` at the top of the view,
    /// as a 1400×1000 window at 100 % shows it, its left edge at one of `xs` (the sidebar
    /// open, by default; the fewer places, the faster the search) and its top at one of `ys`.
    /// The page must match better than the first page and its neighbours do where it was
    /// found: pages that differ only in a number ("Long page 12", "Long page 1") are within
    /// the 1 % a render's antialiasing needs of each other.
    func showsAtTheTop(page: Int, of file: String, xs: ClosedRange<Int> = 300...520, ys: ClosedRange<Int> = 50...100) throws -> Bool {
        let document = try DocumentSource(path: file).open()
        func top(_ index: Int) throws -> Picture {
            Picture(try document.render(page: index, scale: 96.0 / 72)).cropped(x: 0, y: 0, width: 500, height: 160)
        }
        let expected = try top(page)
        let rivals = try Set([0, page - 1, page + 1]).subtracting([page]).filter { (0..<document.pageCount).contains($0) }.sorted()
            .map(top).filter { $0.mismatch(with: expected, atX: 0, y: 0) > 0 }
        func shows(_ screen: Picture) -> Bool {
            let best = screen.bestMatch(of: expected, xs: xs, ys: ys)
            guard best.mismatch <= 0.01 else { return false }
            let own = screen.mismatch(with: expected, atX: best.x, y: best.y)
            return rivals.allSatisfy { screen.mismatch(with: $0, atX: best.x, y: best.y) > own }
        }
        return shows(try screen(until: shows))
    }

    /// How long a screen must stay the same to be still: about what two `import` grabs in a
    /// row took, which was the measure before looks were quick (`ScreenGrab`).
    static let stillness = 0.12

    /// The screen once it holds still (alike for `stillness`) and `ready` holds for it:
    /// pictures rendered sharp, no animation running.
    func stillScreen(_ ready: (Picture) -> Bool = { _ in true }) throws -> Picture {
        var still: (picture: Picture, since: Date)?
        return try screen { picture in
            guard ready(picture) else {
                still = nil
                return false
            }
            if let still, picture.mismatch(with: still.picture, atX: 0, y: 0, step: 2) == 0 {
                return Date().timeIntervalSince(still.since) >= Self.stillness
            }
            still = (picture, Date())
            return false
        }
    }

    /// Polls the screen until `done` holds for it in two looks in a row, or 30 s pass
    /// (waiting on the outcome, not on time), and returns the last screen, which stays beside
    /// `shot` (`ScreenGrab`). Two looks: a look takes some 12 ms, and one frame alone (a
    /// window's first, not yet painted; a view halfway into place) is not what a reader sees.
    func screen(until done: (Picture) -> Bool) throws -> Picture {
        let deadline = Date().addingTimeInterval(30)
        var heldBefore = false
        while true {
            let look = try ScreenGrab.look(shot: shot)
            let holds = done(look.picture)
            if (holds && heldBefore) || Date() > deadline {
                try look.keep()
                return look.picture
            }
            heldBefore = holds
            // A pause between looks, not a wait for anything: the window's threads keep the cores.
            usleep(15_000)
        }
    }
}
