import CPoppler
import CSplash
import QuireEngine

extension Document {
    /// Adds what the reader drew (`Drawing`) to its page as the annotation of its kind, with
    /// its appearance stream. False when the page cannot be loaded or nothing is on it.
    func add(_ drawing: Drawing, of markup: Markup) -> Bool {
        false // TODO(helper-draw-write): /Ink, /FreeText, /Line, /Square, /Circle, /Stamp
    }
}
