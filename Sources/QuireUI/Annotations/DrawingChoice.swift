import QuireEngine

/// The window's drawing tool and how it draws (the annotation toolbar's choices), shared
/// by its tabs: the colour is the tool's kind's, remembered kind by kind
/// (`Settings.rememberColour`); the width, fill, text size and stamp are the window's.
@MainActor
final class DrawingChoice {
    private(set) var tool = DrawingTool.select
    var width = 2.0
    var filled = false
    var fontSize = 12.0
    var stamp: Stamp = .standard(.approved)
    /// Told when the tool changes (the cursor, an edit in progress).
    private var watchers: [(DrawingTool) -> Void] = []
    func watch(_ watcher: @escaping (DrawingTool) -> Void) { watchers.append(watcher) }

    func choose(_ tool: DrawingTool) {
        guard tool != self.tool else { return }
        self.tool = tool
        for watcher in watchers { watcher(tool) }
    }

    /// The colour the tool draws in (the pen's for Select and the eraser).
    var colour: Markup.Colour { Settings.shared.markupColours.colour(for: tool.kind ?? .ink) }

    /// The reader chose `colour` for the tool's kind.
    func setColour(_ colour: Markup.Colour) { Settings.shared.rememberColour(colour, for: tool.kind ?? .ink) }

    var style: DrawingStyle {
        DrawingStyle(colour: colour, width: width, filled: filled, fontSize: fontSize, stamp: stamp)
    }
}
