import CAdwaita
import CGtk
import CShim
import QuireEngine

/// The drawing tools' actions on the window (the annotation toolbar's buttons and their
/// keys, `WindowMenus.accelerators`): the tool, its colour (remembered kind by kind), the
/// width, fill and text size, the stamp, a picture for one.
extension DocumentWindow {
    /// Adds them; returns their names (all act on the document shown).
    func addDrawingActions() -> [String] {
        let map = window.gobject, choice = drawingChoice
        Actions.addToggle("annotation-toolbar", to: map) { [unowned self] in
            let shown = !self.annotationToolbar.isShown
            self.annotationToolbar.reveal(shown)
            Actions.setState("annotation-toolbar", of: self.window, shown)
            // Hidden, the pointer selects again.
            if !shown { choice.choose(.select) }
        }
        Actions.addChoice("tool", to: map, initial: DrawingTool.select.rawValue) { [unowned self] name in
            guard let tool = DrawingTool(rawValue: name) else { return }
            self.choose(tool)
        }
        choice.watch { [unowned self] tool in
            Actions.setChoice("tool", of: self.window, tool.rawValue)
            Actions.setChoice("drawing-colour", of: self.window, choice.colour.name)
        }
        Actions.addChoice("drawing-colour", to: map, initial: choice.colour.name) { [unowned self] name in
            guard let colour = Markup.Colour.named(name) else { return }
            choice.setColour(colour)
            Actions.setChoice("drawing-colour", of: self.window, choice.colour.name)
        }
        Actions.addChoice("drawing-width", to: map, initial: AnnotationToolbar.number(choice.width)) { [unowned self] value in
            guard let width = Double(value) else { return }
            choice.width = width
            Actions.setChoice("drawing-width", of: self.window, value)
        }
        Actions.addToggle("drawing-fill", to: map) { [unowned self] in
            choice.filled.toggle()
            Actions.setState("drawing-fill", of: self.window, choice.filled)
        }
        Actions.addChoice("text-size", to: map, initial: AnnotationToolbar.number(choice.fontSize)) { [unowned self] value in
            guard let size = Double(value) else { return }
            choice.fontSize = size
            Actions.setChoice("text-size", of: self.window, value)
        }
        // The menu marks the standard stamp the tool places; none while it places a picture.
        let standard: String = if case .standard(let stamp) = choice.stamp { stamp.rawValue } else { "" }
        Actions.addChoice("stamp", to: map, initial: standard) { [unowned self] name in
            guard let stamp = StandardStamp(rawValue: name) else { return }
            choice.stamp = .standard(stamp)
            Actions.setChoice("stamp", of: self.window, name)
            self.choose(.stamp)
        }
        Actions.add("stamp-picture", to: map) { [unowned self] in
            FileChooser.choosePicture(parent: self.window) { [weak self] path in
                guard let self else { return }
                switch StampPictureReader.read(path) {
                case .success(let picture):
                    choice.stamp = .picture(picture)
                    Actions.setChoice("stamp", of: self.window, "")
                    self.choose(.stamp)
                case .failure(let failure):
                    printError("the picture \(path) was refused: \(failure)")
                    self.annotations?.onNotice?(failure.message)
                }
            }
        }
        return ["annotation-toolbar", "tool", "drawing-colour", "drawing-width", "drawing-fill", "text-size", "stamp", "stamp-picture"]
    }

    /// Chooses `tool`, showing the toolbar with it.
    private func choose(_ tool: DrawingTool) {
        if tool.draws, !annotationToolbar.isShown {
            annotationToolbar.reveal(true)
            Actions.setState("annotation-toolbar", of: window, true)
        }
        drawingChoice.choose(tool)
        canvas?.grabFocus()
    }
}
