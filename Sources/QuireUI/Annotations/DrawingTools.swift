import CAdwaita
import CGtk
import CShim
import QuireEngine

/// The drawing tools on one document's canvas: while a tool other than Select is chosen
/// (`DrawingChoice`), the primary button draws instead of selecting text or following
/// links. The stroke or shape is painted as the pointer moves and becomes a markup on
/// release (`DrawingTool`, `InkStroke`); the eraser hides what it passes over and takes it
/// all away on release, one step. A text box opens for typing (`TextBoxEditor`) and is
/// made once there are words in it; a double press on a text box types in it again.
@MainActor
final class DrawingTools: CanvasDrawing {
    private unowned let canvas: PageCanvas
    private unowned let annotations: DocumentAnnotations
    private var choice: DrawingChoice
    private enum Live {
        case stroke(InkStroke)
        case shape(page: Int, start: Point, drawing: Drawing?)
        case erasing(page: Int, last: Point, taken: [Int])
    }
    private var live: Live?
    private var editor: TextBoxEditor?
    /// The stylus's pressure while it touches (GtkGestureStylus); nil for a mouse or touchpad.
    private var pressure: Double?

    init(canvas: PageCanvas, annotations: DocumentAnnotations, choice: DrawingChoice) {
        self.canvas = canvas
        self.annotations = annotations
        self.choice = choice
        canvas.drawingInput = self
        canvas.addOverlay(self)
        follow(choice)
        canvas.watchScale { [weak self] in
            guard let self, let editor = self.editor else { return }
            editor.show(on: self.canvas)
        }
        let stylus = gtk_gesture_stylus_new()!
        for signal in ["down", "motion"] {
            Signal.connect(stylus, signal) { [weak self] (_: Double, _: Double) -> Bool in
                var value = 0.0
                self?.pressure = gtk_gesture_stylus_get_axis(stylus, GDK_AXIS_PRESSURE, &value) != 0 ? value : nil
                return false
            }
        }
        Signal.connect(stylus, "up") { [weak self] (_: Double, _: Double) -> Bool in
            // After the release this press makes has drawn.
            MainLoop.invoke { [weak self] in self?.pressure = nil }
            return false
        }
        gtk_widget_add_controller(canvas.canvasWidget, stylus)
    }

    var takesPointer: Bool { choice.tool.draws }
    var isDrawing: Bool { live != nil }

    var cursor: String? {
        switch choice.tool {
        case .select: nil
        case .textBox: "text"
        case .eraser: "cell"
        case .pen, .line, .arrow, .rectangle, .ellipse, .stamp: "crosshair"
        }
    }

    func pressed(at point: Point, presses: Int, shift: Bool) -> Bool {
        editor?.end()
        guard let (page, at) = canvas.pagePoint(atView: point) else { return takesPointer }
        // A text box made before: typed in again by a double press, or a press with the text tool.
        if presses == 2 || choice.tool == .textBox, let box = annotations.edits.markup(onPage: page, at: at), box.kind == .freeText,
           let frame = box.drawing?.frame {
            edit(page: page, frame: frame, text: box.text, fontSize: box.drawing?.fontSize ?? choice.fontSize, colour: box.colour, id: box.id)
            return true
        }
        guard takesPointer else { return false }
        switch choice.tool {
        case .select: return false
        case .pen: live = .stroke(InkStroke(page: page, size: canvas.documentSizes[page], at: at, pressure: pressure))
        case .eraser:
            live = .erasing(page: page, last: at, taken: [])
            erase(to: point)
        default: live = .shape(page: page, start: at, drawing: choice.tool.shape(from: at, to: at, square: shift, page: canvas.documentSizes[page], style: choice.style))
        }
        canvas.redraw()
        return true
    }

    func dragged(to point: Point, shift: Bool) {
        switch live {
        case .stroke(var stroke)?:
            stroke.add(self.point(point, onPage: stroke.page), pressure: pressure)
            live = .stroke(stroke)
        case .shape(let page, let start, _)?:
            let drawing = choice.tool.shape(from: start, to: self.point(point, onPage: page), square: shift, page: canvas.documentSizes[page], style: choice.style)
            live = .shape(page: page, start: start, drawing: drawing)
        case .erasing?: erase(to: point)
        case nil: return
        }
        canvas.redraw()
    }

    func released() {
        guard let ended = live else { return }
        live = nil
        let style = choice.style
        switch ended {
        case .stroke(let stroke):
            annotations.add(page: stroke.page, drawing: stroke.drawing(style), colour: style.colour)
        case .shape(let page, _, let drawing?):
            if case .textBox(let frame) = drawing.shape {
                edit(page: page, frame: frame, text: "", fontSize: drawing.fontSize, colour: style.colour, id: nil)
            } else {
                annotations.add(page: page, drawing: drawing, colour: style.colour)
            }
        case .shape: break
        case .erasing(_, _, let taken):
            annotations.hidden.subtract(taken)
            if !taken.isEmpty { annotations.erase(taken) }
        }
        canvas.redraw()
    }

    func escape() -> Bool {
        guard choice.tool != .select else { return false }
        choice.choose(.select)
        return true
    }

    /// Draws with `choice` from now on (the tab went to another window).
    func follow(_ choice: DrawingChoice) {
        self.choice = choice
        choice.watch { [weak self, weak choice] _ in
            guard let self, self.choice === choice else { return }
            self.toolChanged()
        }
        toolChanged()
    }

    /// Ends typing in a text box (the document goes, or the tool changes).
    func close() { editor?.end() }

    private func toolChanged() {
        editor?.end()
        if live != nil { released() }
        canvas.setPointer(cursor: nil, tooltip: nil)
    }

    /// The eraser moved to `point` (view coordinates): the ink it passed over is hidden,
    /// to be taken on release.
    private func erase(to point: Point) {
        guard case .erasing(let page, let last, let taken) = live else { return }
        let at = self.point(point, onPage: page)
        let hit = InkEraser.hits(annotations.edits.markups.filter { !taken.contains($0.id) }, onPage: page, from: last, to: at)
        live = .erasing(page: page, last: at, taken: taken + hit)
        annotations.hidden.formUnion(hit)
    }

    /// Opens a text box for typing: `id` is the markup it is, nil for a box not made yet
    /// (made once words are typed, in one step).
    private func edit(page: Int, frame: Rect, text: String, fontSize: Double, colour: Markup.Colour, id: Int?) {
        if let id { annotations.hidden.insert(id) }
        let editor = TextBoxEditor(page: page, frame: frame, text: text, fontSize: fontSize, colour: colour) { [weak self] typed in
            guard let self else { return }
            self.editor = nil
            if let id {
                self.annotations.hidden.remove(id)
                if typed != text { self.annotations.retext(id: id, to: typed) }
            } else if !typed.isEmpty {
                self.annotations.add(page: page, drawing: Drawing(.textBox(frame), fontSize: fontSize), colour: colour, text: typed)
            }
            self.canvas.grabFocus()
        }
        self.editor = editor
        editor.show(on: canvas)
    }

    /// A view point as a point of `page` (points from its top-left as displayed), even
    /// beside it: a drag goes on drawing on the page it started on.
    private func point(_ view: Point, onPage page: Int) -> Point {
        let size = canvas.documentSizes[page]
        let whole = canvas.viewRect(of: Rect(x: 0, y: 0, width: size.width, height: size.height), onPage: page)
        let turned = canvas.rotation.isQuarterTurn
        let scale = (turned ? whole.height : whole.width) / max(size.width, 0.001)
        let dx = (view.x - whole.x) / scale, dy = (view.y - whole.y) / scale
        return switch canvas.rotation {
        case .none: Point(x: dx, y: dy)
        case .quarter: Point(x: dy, y: size.height - dx)
        case .half: Point(x: size.width - dx, y: size.height - dy)
        case .threeQuarters: Point(x: size.width - dy, y: dx)
        }
    }
}

extension DrawingTools: PageOverlay {
    /// What is being drawn, as it will be saved; a text box being dragged as its frame.
    func marks(onPage page: Int) -> [PageMark] {
        let colour = choice.colour
        switch live {
        case .stroke(let stroke)? where stroke.page == page:
            return [PageMark([], style: .drawing(stroke.drawing(choice.style), colour, text: ""))]
        case .shape(page, _, let drawing?)?:
            if case .textBox(let frame) = drawing.shape {
                return [PageMark([], style: .drawing(Drawing(.rectangle(frame), width: 1), colour, text: ""))]
            }
            return [PageMark([], style: .drawing(drawing, colour, text: ""))]
        default:
            return []
        }
    }
}
