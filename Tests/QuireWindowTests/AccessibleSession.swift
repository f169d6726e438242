import Fixtures
import Foundation
import XCTest

/// What the probe saw: the canvas's document node and its page nodes.
struct AccessibleDocument: Decodable {
    struct Page: Decodable {
        let name: String
        let description: String
        let text: String
        /// x, y, width, height in window coordinates.
        let extents: [Int]
        let flowsTo: String?
    }

    let name: String
    let role: String
    let pages: [Page]

    /// The node named `name`, its text without the line breaks that end a page.
    func page(_ name: String) -> Page? {
        pages.first { $0.name == name }.map {
            Page(name: $0.name, description: $0.description, text: $0.text.trimmingCharacters(in: .whitespacesAndNewlines),
                 extents: $0.extents, flowsTo: $0.flowsTo)
        }
    }
}

/// Quire on a file in a 1400×1000 window, with a session bus and an accessibility bus of
/// the run's own (at-spi-bus-launcher on the run's session bus, told no display, so that
/// it publishes the bus on no X screen another run could find) and GTK's AT-SPI backend
/// on; the test asks the script to probe the tree with pyatspi, to run its own pyatspi
/// scripts (`scripts`, by name), to listen for events, or to press keys.
final class AccessibleSession {
    private let session: ScriptedSession
    /// The last probe's answer, for failure messages.
    private(set) var last = ""

    /// `screenReader`: org.a11y.Status says a screen reader listens, as Orca says when it
    /// starts (else the pages have no nodes until `screenReaderStarts`).
    /// `scripts`: pyatspi scripts by name, for `run` and `listen`; `environment`: Quire's
    /// variables beside the run's (a helper's fault); `title`: the window's, when the
    /// document names itself (else the file's name); `showsDocument`: false when the window
    /// is to show no document (a password asked for), which it then does not wait for.
    init(file: String, shot: String, screenReader: Bool = true, scripts: [String: String] = [:], arguments: String = "",
         environment: [String: String] = [:], title: String? = nil, showsDocument: Bool = true) throws {
        let written = scripts.merging(["probe": Self.probe]) { mine, _ in mine }.map { name, text in
            "cat > \"$XDG_RUNTIME_DIR/\(name).py\" <<'END'\n\(text)\nEND\n"
        }.joined()
        let script = TestEnvironment.ownSessionBus + written + """
            env -u DISPLAY /usr/libexec/at-spi-bus-launcher --launch-immediately >"$XDG_RUNTIME_DIR/a11y-bus.log" 2>&1 &
            stop_at_exit="$! $stop_at_exit"
            for i in $(seq 200); do
                dbus-send --session --print-reply --dest=org.a11y.Bus /org/a11y/bus org.a11y.Bus.GetAddress >/dev/null 2>&1 && break
                sleep 0.05
            done
            reader() { dbus-send --session --print-reply --dest=org.a11y.Bus /org/a11y/bus org.freedesktop.DBus.Properties.Set string:org.a11y.Status string:ScreenReaderEnabled variant:boolean:true >/dev/null; }
            \(screenReader ? "reader" : "")
            unset GTK_A11Y
            \(environment.map { "export \($0.key)='\($0.value)'" }.joined(separator: "\n"))

            """ + ScriptedSession.start(title: title ?? (file as NSString).lastPathComponent, arguments: "--size 1400x1000 \(arguments)",
                                    showsDocument: showsDocument) + """
            stop_at_exit="$quire $stop_at_exit"
            echo ready
            while read answer; do
                case "$answer" in
                probe) echo "$(timeout 20 /usr/bin/python3 "$XDG_RUNTIME_DIR/probe.py" 2>>"$XDG_RUNTIME_DIR/probe.log" | tr -d '\\n')" ;;
                reader) reader; echo started ;;
                'run '*) set -- ${answer#run }; name=$1; shift
                    echo "$(timeout 20 /usr/bin/python3 "$XDG_RUNTIME_DIR/$name.py" "$@" 2>>"$XDG_RUNTIME_DIR/probe.log" | tr -d '\\n')" ;;
                'listen '*) name=${answer#listen }
                    /usr/bin/python3 -u "$XDG_RUNTIME_DIR/$name.py" >"$XDG_RUNTIME_DIR/$name.log" 2>>"$XDG_RUNTIME_DIR/probe.log" &
                    stop_at_exit="$! $stop_at_exit"
                    until grep -q '^listening$' "$XDG_RUNTIME_DIR/$name.log"; do kill -0 $! || break; sleep 0.05; done
                    echo listening ;;
                'heard '*) echo "[$(grep -v '^listening$' "$XDG_RUNTIME_DIR/${answer#heard }.log" | paste -sd,)]" ;;
                'keys '*) xdotool windowfocus --sync "$window"; xdotool key --delay 60 ${answer#keys }; echo pressed ;;
                'move '*) xdotool mousemove ${answer#move }; echo moved ;;
                page*) xdotool windowfocus --sync "$window"; xdotool key ctrl+l; xdotool type "${answer#page }"; xdotool key Return; echo went ;;
                *) break ;;
                esac
            done

            """
        session = try ScriptedSession(script: script, file: file, shot: shot)
        let ready = try session.readLine()
        guard ready == "ready" else { throw FixtureFailure("the script said: \(ready)") }
    }

    /// The tree as pyatspi sees it now; nil while Quire has no document node.
    func probe() throws -> AccessibleDocument? {
        _ = try ask("probe")
        return try? JSONDecoder().decode(AccessibleDocument.self, from: Data(last.utf8))
    }

    /// Probes until `outcome` holds (30 s at most; a probe takes a few tenths of a second).
    func poll<T>(_ outcome: (AccessibleDocument) -> T?) -> T? {
        ScriptedSession.poll { try? probe().flatMap(outcome) }
    }

    /// What script `name` (of `scripts`) printed, given `arguments`: one line.
    func run(_ name: String, _ arguments: String = "") throws -> String { try ask("run \(name) \(arguments)") }

    /// Starts script `name` in the background, once it has printed "listening"; each line it
    /// prints after is a JSON value, which `heard` gives as an array.
    func listen(_ name: String) throws { XCTAssertEqual(try ask("listen \(name)"), "listening") }

    /// Everything script `name` printed since `listen`, as one JSON array.
    func heard(_ name: String) throws -> String { try ask("heard \(name)") }

    /// Presses `keys` (xdotool's names, as "ctrl+Right Down") in the window, as a hand does.
    func press(_ keys: String) throws { XCTAssertEqual(try ask("keys \(keys)"), "pressed") }

    /// Gives the script `command` and returns its one line of answer (kept for failure messages).
    private func ask(_ command: String) throws -> String {
        try session.proceed(command)
        last = try session.readLine()
        return last
    }

    /// Moves the pointer to `x`, `y` of the screen (the window's place: it sits at 0, 0).
    func movePointer(x: Int, y: Int) throws {
        XCTAssertEqual(try ask("move \(x) \(y)"), "moved")
    }

    /// A screen reader starts: org.a11y.Status's ScreenReaderEnabled turns true.
    func screenReaderStarts() throws {
        XCTAssertEqual(try ask("reader"), "started")
    }

    /// The screen once `ready` holds for it (`ScriptedSession.stillScreen`).
    func stillScreen(_ ready: (Picture) -> Bool) throws -> Picture { try session.stillScreen(ready) }

    /// Ctrl+L, the page's number, Enter.
    func go(toPage page: Int) throws {
        XCTAssertEqual(try ask("page \(page)"), "went")
    }

    /// A pyatspi script's start: `find_node(matches)`, the first node of any application
    /// (depth first) for which `matches` holds, or None.
    static let findNode = """
        import pyatspi

        def find_node(matches):
            def walk(node, depth):
                if node is None or depth > 40:
                    return None
                if matches(node):
                    return node
                for i in range(node.childCount):
                    found = walk(node.getChildAtIndex(i), depth + 1)
                    if found is not None:
                        return found
                return None
            for application in pyatspi.Registry.getDesktop(0):
                found = walk(application, 0)
                if found is not None:
                    return found
            return None

        """

    /// The pyatspi script: the first node with the role "document text" (the canvas) of any
    /// application, and its children named "Page …", as one line of JSON ("null" when none).
    /// Window coordinates: GTK 4.8 answers screen coordinates with a warning.
    static let probe = findNode + """
        import json, sys


        def page(node):
            text = node.queryText()
            box = node.queryComponent().getExtents(pyatspi.WINDOW_COORDS)
            flows = [r.getTarget(0).name for r in node.getRelationSet() if r.getRelationType() == pyatspi.RELATION_FLOWS_TO]
            return {"name": node.name, "description": node.description, "text": text.getText(0, text.characterCount),
                    "extents": [box.x, box.y, box.width, box.height], "flowsTo": flows[0] if flows else None}

        document = find_node(lambda node: node.getRole() == pyatspi.ROLE_DOCUMENT_TEXT)
        if document is None:
            print("null")
            sys.exit(0)
        children = [document.getChildAtIndex(i) for i in range(document.childCount)]
        print(json.dumps({"name": document.name, "role": document.getRoleName(),
                          "pages": [page(c) for c in children if c is not None and c.name.startswith("Page ")]}))
        """
}
