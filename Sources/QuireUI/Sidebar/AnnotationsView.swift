import CAdwaita
import CGtk
import CShim
import QuireEngine

/// The Annotations pane: every annotation of the document, the file's and the reader's
/// unsaved ones, in reading order (`AnnotationList`), each with its colour, kind, page,
/// author and text, in a virtualized list (`SearchResultsList`'s rows). A click or Enter
/// goes to it. The file's are read by the sidebar on a thread of their own, page by page;
/// until all are read, a line says how far.
@MainActor
final class AnnotationsView {
    let widget: UnsafeMutablePointer<GtkWidget>
    private let rowsList = SearchResultsList(lines: 3, sized: false)
    private let status = Label(wrap: true)
    private var list: AnnotationList
    private var markups: [Markup] = []
    private var removed: Set<FileAnnotation.Ref> = []
    private var recoloured: [FileAnnotation.Ref: Markup.Colour] = [:]
    private var written = AnnotationEdits.Content.none
    private(set) var rows: [AnnotationList.Row] = []
    private let labelOf: (Int) -> String
    /// Called with the row chosen.
    var onChosen: ((AnnotationList.Row) -> Void)?

    init(pageCount: Int, labelOf: @escaping (Int) -> String) {
        list = AnnotationList(pageCount: pageCount)
        self.labelOf = labelOf
        let column = Box.column()
        widget = column.widget
        status.addCSSClass("dim-label")
        gtk_widget_set_margin_start(status.widget, 12)
        gtk_widget_set_margin_end(status.widget, 12)
        gtk_widget_set_margin_top(status.widget, 6)
        gtk_widget_set_margin_bottom(status.widget, 6)
        column.append(status)
        column.append(rowsList.widget)
        rowsList.setName(tr("Annotations"))
        rowsList.onChosen = { [unowned self] ordinal in
            guard self.rows.indices.contains(ordinal - 1) else { return }
            self.onChosen?(self.rows[ordinal - 1])
        }
        refresh()
    }

    var isComplete: Bool { list.isComplete }

    /// The file's annotations of pages read, in page order.
    func received(_ pages: [(page: Int, annotations: [FileAnnotation])]) {
        for (page, annotations) in pages { list.received(annotations, forPage: page) }
        refresh()
    }

    /// The reader's markups changed (made, undone, saved), or the file's annotations deleted.
    func show(_ edits: AnnotationEdits) {
        guard edits.markups != markups || edits.removedFromFile != removed || edits.recolouredInFile != recoloured
            || edits.written != written else { return }
        (markups, removed, recoloured, written) = (edits.markups, edits.removedFromFile, edits.recolouredInFile, edits.written)
        refresh()
    }

    private func refresh() {
        let (rows, cut) = list.rows(with: markups, removed: removed, recoloured: recoloured, written: written)
        if rows != self.rows {
            self.rows = rows
            rowsList.removeAll()
            rowsList.insert(rows.map { SearchResultsList.Row(markup: markup($0), name: ControlNames.annotation(kind: $0.kind, pageLabel: labelOf($0.page), text: $0.text)) }, at: 0)
        }
        let reading = list.isComplete ? nil : tr("Reading page {page} of {count}…", ["page": String(min(list.pagesRead + 1, list.pageCount)), "count": String(list.pageCount)])
        let text = reading ?? (rows.isEmpty ? tr("This document has no annotations") : cut ? tr("Only the first {count} annotations are listed", ["count": String(AnnotationList.limit)]) : nil)
        status.text = text ?? ""
        status.setVisible(text != nil)
    }

    /// A row: a dot of its colour, its kind in bold, its page and author dimmed, then its text.
    private func markup(_ row: AnnotationList.Row) -> String {
        let colour = row.colour.map { rgb in "#" + rgb.map { String(format: "%02X", Int(($0 * 255).rounded())) }.joined() } ?? "#888888"
        let who = row.author.isEmpty ? "" : " · " + row.author
        let unsaved = row.unsaved ? " · " + tr("not saved") : ""
        let text = row.text.isEmpty ? "" : "\n" + SearchResultsList.escaped(String(row.text.prefix(300)))
        return "<span foreground=\"\(colour)\">●</span> <b>\(SearchResultsList.escaped(row.kind))</b>"
            + "  <span alpha=\"55%\">" + SearchResultsList.escaped(tr("p. {page}", ["page": labelOf(row.page)]) + who + unsaved) + "</span>\(text)"
    }
}
