import QuireEngine
import QuireRemote
import Synchronization

/// The form widgets and the file's own annotations of the pages in view and one page each
/// side (where Tab goes next), for `DocumentForms` and `DocumentAnnotations`. The policy:
///  1. Read by the helper that opened the document, which the links share (each helper
///     costs memory while the document is shown). poppler 22.12 can hang on a form (its own
///     naming of a field whose /Parent chain loops did, on a real tax form of the corpus,
///     until the names came from `csplash_field_names`): the call's watchdog
///     (`RemoteDocument.formSeconds`) ends that helper, and the next question starts another;
///     the selection's and the search's helpers are not touched.
///  2. Only once the first view is drawn (`start`): they are not what the reader waits for.
///  3. Each page once; both kinds in one pass of the worker.
///  4. The first page whose widgets cannot be read ends the reading of widgets for the
///     document (the reader is told, once): every page of a hanging form would hang its
///     helper for a watchdog's time. Annotations are read on.
@MainActor
final class PageObjects {
    private unowned let canvas: PageCanvas
    private let worker: DocumentWorker
    private var asked: Set<Int> = []
    private var started = false
    private let formReadable = FormReadable()
    var onFields: ((_ page: Int, [FormField]) -> Void)?
    var onAnnotations: ((_ page: Int, [FileAnnotation]) -> Void)?
    /// The form could not be read (rule 4).
    var onFormUnreadable: (() -> Void)?

    init(document: RemoteDocument, canvas: PageCanvas) {
        self.canvas = canvas
        worker = DocumentWorker(sharing: document)
        canvas.watchVisiblePages { [weak self] visible in self?.read(around: visible) }
    }

    isolated deinit { worker.stop() }

    /// The first view is drawn: reading may begin (rule 2).
    func start() {
        guard !started else { return }
        started = true
        read(around: canvas.visiblePages)
    }

    private func read(around visible: Range<Int>) {
        guard started, !visible.isEmpty else { return }
        let wanted = (max(0, visible.lowerBound - 1)..<min(canvas.pageCount, visible.upperBound + 1)).filter { !asked.contains($0) }
        guard !wanted.isEmpty else { return }
        asked.formUnion(wanted)
        worker.run { [formReadable] document in
            for page in wanted {
                var fields: [FormField] = []
                if formReadable.isReadable {
                    if let read = document.formFields(at: page) { fields = read } else if formReadable.fail() {
                        MainLoop.invoke { [weak self] in self?.onFormUnreadable?() }
                    }
                }
                let annotations = document.fileAnnotations(at: page) ?? []
                MainLoop.invoke { [weak self, fields] in
                    if !fields.isEmpty { self?.onFields?(page, fields) }
                    if !annotations.isEmpty { self?.onAnnotations?(page, annotations) }
                }
            }
        }
    }
}

/// Whether the document's form widgets can still be read (`PageObjects` rule 4), as the
/// worker learns it.
private final class FormReadable: Sendable {
    private let readable = Mutex(true)
    var isReadable: Bool { readable.withLock { $0 } }
    /// Marks it unreadable; true the first time.
    func fail() -> Bool { readable.withLock { state in defer { state = false }; return state } }
}
