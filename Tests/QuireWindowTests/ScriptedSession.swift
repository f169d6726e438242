import Foundation
import XCTest

/// A running Quire driven by a bash script (xdotool keys), which talks to the test by
/// lines: it prints a line when it has done a step and reads one before the next. The
/// screen is read back with ImageMagick's `import`.
final class ScriptedSession {
    private let process = Process()
    private let input = Pipe(), output = Pipe()
    private let shot: String

    /// The script's start: runs Quire on $2 and waits (30 s at most) for its window, titled
    /// `title`, whose id it leaves in $window and whose process id in $quire. `arguments`
    /// go before the file, as the shell reads them.
    static func start(title: String, arguments: String = "") -> String {
        let pattern = "^" + title.replacingOccurrences(of: ".", with: "\\.") + "$"
        return """
            "$1" \(arguments) "$2" & quire=$!
            window=$(timeout 30 xdotool search --sync --onlyvisible --name '\(pattern)' | head -1)
            [ -n "$window" ] || { echo "no window"; kill $quire; exit 1; }

            """
    }

    /// Script lines that press `shortcut` in the window, type `text` and press Enter, with
    /// real key events (XTEST) into the focused window, at once, as a fast typist does.
    static func press(_ shortcut: String, thenType text: String) -> String {
        """
        xdotool windowfocus --sync "$window"
        xdotool key \(shortcut)
        xdotool type '\(text)'
        xdotool key Return

        """
    }

    /// Runs `script` with $1 = the quire executable and $2 = `file`; screenshots go to `shot`.
    init(script: String, file: String, shot: String) throws {
        self.shot = shot
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["-c", script, "sh", QuireRun.executable.path, file]
        process.standardInput = input
        process.standardOutput = output
        try process.run()
    }

    deinit {
        try? input.fileHandleForWriting.write(contentsOf: Data("done\n".utf8))
        process.waitUntilExit()
    }

    /// The script's next line.
    func readLine() throws -> String {
        var line = Data()
        while let byte = try output.fileHandleForReading.read(upToCount: 1), !byte.isEmpty, byte != Data("\n".utf8) { line += byte }
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

    /// Polls the screen until `done` holds for it or 30 s pass (waiting on the outcome,
    /// not on time) and returns the last screen.
    func screen(until done: (Picture) -> Bool) throws -> Picture {
        let deadline = Date().addingTimeInterval(30)
        while true {
            let grab = Process()
            grab.executableURL = URL(fileURLWithPath: "/usr/bin/import")
            grab.arguments = ["-window", "root", shot]
            try grab.run()
            grab.waitUntilExit()
            let picture = try Picture(png: shot)
            if done(picture) || Date() > deadline { return picture }
        }
    }
}
