import CGtk
import QuireEngine

/// The reader's drawings in hand, by the engine's rules (`DrawingHandles`): a press on a
/// drawing chooses it and drags it, a press on a chosen one's handle resizes it, the
/// release makes one step to undo; the chosen drawing shows its frame and handles. Tab and
/// Shift+Tab go through the page's annotations, arrows move the chosen drawing, Escape
/// chooses none. The file's own drawn annotations (`FileAnnotation.movableKinds`), once
/// chosen, are moved and resized the same way, by their area (`reshapeInFile`). A signature to place (`DrawnSignature`) goes where the next press is.
@MainActor
final class DrawingEditing {
    private unowned let canvas: PageCanvas
    private unowned let annotations: DocumentAnnotations
    /// The signature the next press places, in the ink colour.
    private var placing: DrawnSignature?
    /// Told when a signature waits to be placed, and when it is placed.
    var onNotice: ((String) -> Void)?

    init(canvas: PageCanvas, annotations: DocumentAnnotations) {
        self.canvas = canvas
        self.annotations = annotations
        canvas.takePresses { [unowned self] point, _ in self.press(at: point) }
        canvas.onAnnotationKey = { [unowned self] keyval, control, shift in !control && self.key(keyval, shift: shift) }
    }

    /// The next press on a page places `signature` there.
    func place(_ signature: DrawnSignature) {
        placing = signature
        onNotice?(tr("Click on a page to place your signature"))
    }

    /// The view's pixels per point of `page`.
    private func pixelsPerPoint(onPage page: Int) -> Double {
        canvas.viewRect(of: Rect(x: 0, y: 0, width: 100, height: 100), onPage: page).width / 100
    }

    private func press(at point: Point) -> PressHold? {
        guard let (page, at) = canvas.pagePoint(atView: point) else { return nil }
        if let signature = placing {
            placing = nil
            let size = canvas.documentSizes[page]
            annotations.place(signature.drawing(at: at, onPage: size), onPage: page, colour: Settings.shared.markupColours.colour(for: .ink))
            return PressHold(dragged: { _, _ in }, released: {})
        }
        if let chosen = annotations.chosenDrawing, chosen.page == page, let drawing = chosen.drawing,
           let grip = DrawingHandles(drawing: drawing, pixelsPerPoint: pixelsPerPoint(onPage: page)).grip(at: at) {
            return hold(chosen, drawing, grip: grip, from: at)
        }
        // The file's own drawn annotation, once chosen (a click): moved and resized by its area.
        if let mark = annotations.chosenMovableInFile, mark.ref.page == page {
            let frame = Self.frame(mark.area)
            if let grip = DrawingHandles(drawing: frame, pixelsPerPoint: pixelsPerPoint(onPage: page)).grip(at: at) ?? (mark.area.contains(at) ? .body : nil) {
                return hold(mark.ref, frame, grip: grip, from: at)
            }
        }
        guard let hit = annotations.edits.markup(onPage: page, at: at), let drawing = hit.drawing else { return nil }
        annotations.choose(.reader(id: hit.id))
        return hold(hit, drawing, grip: .body, from: at)
    }

    /// Follows the pointer from `start` (points on the markup's page): the drawing as
    /// dragged is shown live, and taken at the release.
    private func hold(_ markup: Markup, _ drawing: Drawing, grip: DrawingHandles.Grip, from start: Point) -> PressHold {
        follow(drawing, onPage: markup.page, grip: grip, from: start, moved: { [unowned self] dragged in
            self.annotations.live = (markup.id, dragged)
        }, released: { [unowned self] in
            guard let live = self.annotations.live, live.id == markup.id else { return }
            if live.drawing == drawing { self.annotations.live = nil } else { self.annotations.reshape(id: markup.id, to: live.drawing) }
        })
    }

    /// A file annotation's area as a drawing the handles work on: a rectangle whose frame it is.
    private static func frame(_ area: Rect) -> Drawing { Drawing(.rectangle(area), width: Drawing.widthRange.lowerBound) }

    /// Follows the pointer for the file's annotation `ref`: its frame shows where the pointer
    /// has it, and the release moves it there, one step to undo (the helpers draw it anew).
    private func hold(_ ref: FileAnnotation.Ref, _ frame: Drawing, grip: DrawingHandles.Grip, from start: Point) -> PressHold {
        follow(frame, onPage: ref.page, grip: grip, from: start, moved: { [unowned self] dragged in
            if let area = dragged.frame { self.annotations.liveInFile = (ref, area) }
        }, released: { [unowned self] in
            guard let live = self.annotations.liveInFile, live.ref == ref else { return }
            if live.area == frame.frame { self.annotations.liveInFile = nil } else { self.annotations.reshapeInFile(ref, to: live.area) }
        })
    }

    /// Follows the pointer from `start` (points on page `index`) with `drawing` held by
    /// `grip`: `moved` is told the drawing as dragged, kept on its page.
    private func follow(_ drawing: Drawing, onPage index: Int, grip: DrawingHandles.Grip, from start: Point,
                        moved: @escaping @MainActor (Drawing) -> Void, released: @escaping @MainActor () -> Void) -> PressHold {
        let handles = DrawingHandles(drawing: drawing, pixelsPerPoint: pixelsPerPoint(onPage: index))
        let page = canvas.documentSizes[index]
        return PressHold(dragged: { [unowned self] to, shift in
            guard let (onPage, at) = self.canvas.pagePoint(nearView: to), onPage == index else { return }
            let offset = Point(x: at.x - start.x, y: at.y - start.y)
            let dragged = switch grip {
            case .body: DrawingHandles.moving(drawing, by: offset, onPage: page)
            case .handle(let handle): handles.dragging(handle, by: offset, keepingAspect: shift)
            }
            moved(dragged)
        }, released: released)
    }

    private func key(_ keyval: UInt32, shift: Bool) -> Bool {
        switch Int32(keyval) {
        case GDK_KEY_Tab, GDK_KEY_KP_Tab: return tab(backwards: shift)
        case GDK_KEY_ISO_Left_Tab: return tab(backwards: true)
        case GDK_KEY_Escape:
            if placing != nil {
                placing = nil
                return true
            }
            canvas.setAccessibleDescription("")
            return annotations.unchoose()
        case GDK_KEY_Left, GDK_KEY_KP_Left: return nudge(dx: -1, dy: 0, large: shift)
        case GDK_KEY_Right, GDK_KEY_KP_Right: return nudge(dx: 1, dy: 0, large: shift)
        case GDK_KEY_Up, GDK_KEY_KP_Up: return nudge(dx: 0, dy: -1, large: shift)
        case GDK_KEY_Down, GDK_KEY_KP_Down: return nudge(dx: 0, dy: 1, large: shift)
        default: return false
        }
    }

    /// Chooses the page's next annotation (or the one before); past the end, none, and the key goes on.
    private func tab(backwards: Bool) -> Bool {
        let page = annotations.chosenPage ?? canvas.currentPage
        guard let next = AnnotationList.step(from: annotations.chosenSource, among: annotations.annotations(onPage: page), backwards: backwards) else {
            _ = annotations.unchoose()
            return false
        }
        annotations.choose(next)
        if let area = annotations.annotations(onPage: page).first(where: { $0.source == next })?.area { canvas.reveal(area, onPage: page, recording: false) }
        describe(next, onPage: page)
        return true
    }

    /// What a screen reader says of the page once Tab chose an annotation: its kind, page
    /// and text (GTK 4.8 has no announcements; the thumbnails' current page is told so too).
    private func describe(_ source: AnnotationList.Source, onPage page: Int) {
        let said: (kind: String, text: String)? = switch source {
        case .reader(let id): annotations.edits.markups.first { $0.id == id }.map { (AnnotationList.name($0), $0.text) }
        case .file(let ref): annotations.fileAnnotation(ref).map { (AnnotationList.name($0.kind), $0.text) }
        }
        guard let said else { return }
        canvas.setAccessibleDescription(ControlNames.annotation(kind: said.kind, pageLabel: canvas.labels.label(at: page), text: said.text))
    }

    /// Moves the chosen drawing by an arrow key's step: one step to undo.
    private func nudge(dx: Int, dy: Int, large: Bool) -> Bool {
        if let mark = annotations.chosenMovableInFile {
            let moved = DrawingHandles.moving(Self.frame(mark.area), by: DrawingHandles.nudge(dx: dx, dy: dy, large: large), onPage: canvas.documentSizes[mark.ref.page])
            if let area = moved.frame, area != mark.area { annotations.reshapeInFile(mark.ref, to: area) }
            return true
        }
        guard let chosen = annotations.chosenDrawing, let drawing = chosen.drawing else { return false }
        let moved = DrawingHandles.moving(drawing, by: DrawingHandles.nudge(dx: dx, dy: dy, large: large), onPage: canvas.documentSizes[chosen.page])
        if moved != drawing { annotations.reshape(id: chosen.id, to: moved) }
        return true
    }
}

extension DrawingEditing: PageOverlay {
    /// The chosen drawing's frame and handles, where it shows (dragged or not).
    func marks(onPage page: Int) -> [PageMark] {
        if let mark = annotations.chosenMovableInFile, mark.ref.page == page {
            let area = annotations.liveInFile.flatMap { $0.ref == mark.ref ? $0.area : nil } ?? mark.area
            let handles = DrawingHandles(drawing: Self.frame(area), pixelsPerPoint: pixelsPerPoint(onPage: page))
            return [PageMark([area], style: .drawingFrame), PageMark(handles.handles.map(\.area), style: .drawingHandle)]
        }
        guard let chosen = annotations.chosenDrawing, chosen.page == page, let drawing = annotations.shown(chosen).drawing else { return [] }
        let handles = DrawingHandles(drawing: drawing, pixelsPerPoint: pixelsPerPoint(onPage: page))
        let frame: [PageMark] = if case .line = drawing.shape { [] } else { [PageMark([handles.frame], style: .drawingFrame)] }
        return frame + [PageMark(handles.handles.map(\.area), style: .drawingHandle)]
    }
}
