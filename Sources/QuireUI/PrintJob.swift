import CGtk
import CShim
import QuireDocument
import QuireEngine
#if canImport(Glibc)
import Glibc
#endif

/// Ctrl+P: prints the document through GtkPrintOperation: the system's print dialog, with
/// its page ranges, copies, printers and "Print to File". GTK asks for each page on the
/// main thread; the job defers the drawing to a thread of its own, with its own document,
/// where poppler's print rendering draws the page onto the print context, and then tells
/// GTK the page is done. The main thread reads only page sizes (to turn the sheet for a
/// landscape page), from a document of the job's own.
///
/// `QUIRE_PRINT_TO_FILE=OUT.pdf` makes Ctrl+P write OUT.pdf without a dialog (GTK's
/// export), only the pages of `QUIRE_PRINT_PAGES` ("2-3,5") when set: how the window tests
/// print. The file appears, complete, when printing ends.
@MainActor
final class PrintJob {
    /// Jobs printing now: each lives until GTK says it is done.
    private static var running: [ObjectIdentifier: PrintJob] = [:]
    /// What the last print dialog was left with (printer, copies…), offered again.
    private static var lastSettings: OpaquePointer?

    private let operation: UnsafeMutablePointer<GtkPrintOperation>
    private let document: Document
    private var worker: DocumentWorker?
    private let exportPath: String?
    private let currentPage: Int
    /// When exporting: the document page of each page GTK draws.
    private var pages: [Int]?
    private var deferredPage = false
    private var failure: String?
    private let onFailure: (String) -> Void

    /// Starts printing the document of `source`; `currentPage` is offered as a choice in
    /// the dialog. `onFailure` hears why printing failed, in words for the reader.
    static func start(source: DocumentSource, currentPage: Int, parent: UnsafeMutablePointer<GtkWidget>,
                      onFailure: @escaping (String) -> Void) {
        let document: Document
        do {
            document = try source.open()
        } catch {
            onFailure("Cannot print: \(error.message)")
            return
        }
        var export: (path: String, pages: String?)?
        if let path = Environment.string("QUIRE_PRINT_TO_FILE"), !path.isEmpty { export = (path, Environment.string("QUIRE_PRINT_PAGES")) }
        let job = PrintJob(document: document, currentPage: currentPage, exportPath: export?.path, onFailure: onFailure)
        running[ObjectIdentifier(job)] = job
        job.run(pagesToExport: export?.pages, parent: parent)
    }

    private init(document: Document, currentPage: Int, exportPath: String?, onFailure: @escaping (String) -> Void) {
        self.document = document
        self.currentPage = currentPage
        self.exportPath = exportPath
        self.onFailure = onFailure
        operation = gtk_print_operation_new()
    }

    isolated deinit {
        worker?.stop()
        g_object_unref(UnsafeMutableRawPointer(operation))
    }

    private func run(pagesToExport: String?, parent: UnsafeMutablePointer<GtkWidget>) {
        worker = DocumentWorker(source: document.source) { [weak self] error in
            MainLoop.invoke { self?.workerFailed(error) }
        }
        let instance = UnsafeMutableRawPointer(operation)
        gtk_print_operation_set_n_pages(operation, Int32(document.pageCount))
        gtk_print_operation_set_current_page(operation, Int32(currentPage))
        gtk_print_operation_set_unit(operation, GTK_UNIT_POINTS)
        gtk_print_operation_set_embed_page_setup(operation, 1)
        gtk_print_operation_set_job_name(operation, document.title ?? document.source.displayName)
        Signal.connect(instance, "begin-print") { [unowned self] (_: UnsafeMutableRawPointer?) in self.beginPrint() }
        Signal.connectRequestPageSetup(instance) { [unowned self] page, setup in
            let size = self.document.pageSize(at: self.documentPage(page))
            gtk_page_setup_set_orientation(setup, PrintPlacement.prefersLandscape(size) ? GTK_PAGE_ORIENTATION_LANDSCAPE : GTK_PAGE_ORIENTATION_PORTRAIT)
        }
        Signal.connectDrawPage(instance) { [unowned self] context, page in self.draw(page: self.documentPage(page), context: context) }
        Signal.connect(instance, "done") { [unowned self] (result: UnsafeMutableRawPointer?) in
            // The signal's enum argument arrives in the pointer's register.
            self.done(GtkPrintOperationResult(UInt32(truncatingIfNeeded: Int(bitPattern: result))))
        }
        let action: GtkPrintOperationAction
        if let exportPath {
            guard let ranges = PrintPages.ranges(parsing: pagesToExport ?? "1-") else {
                finish(failure: "QUIRE_PRINT_PAGES takes page ranges such as 2-3,5, not “\(pagesToExport ?? "")”")
                return
            }
            let settings = gtk_print_settings_new()!
            gtk_print_settings_set_print_pages(settings, GTK_PRINT_PAGES_RANGES)
            var gtkRanges = ranges.map { GtkPageRange(start: Int32($0.lowerBound), end: Int32(min($0.upperBound, document.pageCount - 1))) }
            gtk_print_settings_set_page_ranges(settings, &gtkRanges, Int32(gtkRanges.count))
            gtk_print_operation_set_print_settings(operation, settings)
            g_object_unref(UnsafeMutableRawPointer(settings))
            gtk_print_operation_set_export_filename(operation, Self.partialPath(exportPath))
            action = GTK_PRINT_OPERATION_ACTION_EXPORT
        } else {
            let settings = Self.lastSettings.map { gtk_print_settings_copy($0)! } ?? gtk_print_settings_new()!
            offerFileOutput(in: settings)
            gtk_print_operation_set_print_settings(operation, settings)
            g_object_unref(UnsafeMutableRawPointer(settings))
            gtk_print_operation_set_allow_async(operation, 1)
            gtk_print_operation_set_show_progress(operation, 1)
            action = GTK_PRINT_OPERATION_ACTION_PRINT_DIALOG
        }
        // Errors arrive through `done` as well.
        _ = gtk_print_operation_run(operation, action, quire_window(parent), nil)
    }

    /// Print to File offers this document's name in the documents folder (`PrintOutput`),
    /// whatever the last job printed to.
    private func offerFileOutput(in settings: OpaquePointer) {
        let folder = g_get_user_special_dir(G_USER_DIRECTORY_DOCUMENTS).map { String(cString: $0) } ?? String(cString: g_get_home_dir())
        let path: String? = if case .file(let path) = document.source.location { path } else { nil }
        let name = PrintOutput.basename(documentName: document.source.displayName, sourcePath: path, folder: folder)
        gtk_print_settings_unset(settings, GTK_PRINT_SETTINGS_OUTPUT_URI)
        // A path, not a URI: GTK 4.8's file printer builds the file's path from it.
        gtk_print_settings_set(settings, GTK_PRINT_SETTINGS_OUTPUT_DIR, folder)
        gtk_print_settings_set(settings, GTK_PRINT_SETTINGS_OUTPUT_BASENAME, name)
    }

    /// Exporting, GTK draws every page whatever the settings choose (GTK 4.8): choose here.
    private func beginPrint() {
        guard exportPath != nil, let settings = gtk_print_operation_get_print_settings(operation) else { return }
        let chosen = PrintPages.choice(of: settings, currentPage: currentPage).pages(count: document.pageCount)
        guard !chosen.isEmpty else {
            failure = "no pages to print"
            gtk_print_operation_cancel(operation)
            return
        }
        pages = chosen
        gtk_print_operation_set_n_pages(operation, Int32(chosen.count))
    }

    private func documentPage(_ page: Int32) -> Int {
        pages.map { $0[min(Int(page), $0.count - 1)] } ?? Int(page)
    }

    private func draw(page: Int, context: OpaquePointer) {
        // After the worker failed, GTK may still ask for a page it will then drop: not deferred.
        guard failure == nil, let worker else { return }
        let area = Size(width: gtk_print_context_get_width(context), height: gtk_print_context_get_height(context))
        let placement = PrintPlacement.fitting(document.pageSize(at: page), into: area)
        let cairo = CairoPointer(gtk_print_context_get_cairo_context(context))
        gtk_print_operation_set_defer_drawing(operation)
        deferredPage = true
        worker.run { [weak self] document in
            var failure: String?
            do {
                try document.print(page: page, into: cairo.pointer, at: placement)
            } catch {
                failure = "page \(page + 1) could not be printed: \(error)"
            }
            MainLoop.invoke { self?.pageDrawn(failure: failure) }
        }
    }

    private func pageDrawn(failure: String?) {
        guard deferredPage else { return }
        deferredPage = false
        gtk_print_operation_draw_page_finish(operation)
        // A sheet missing from the middle of a printout is worse than no printout.
        if let failure, self.failure == nil {
            self.failure = failure
            gtk_print_operation_cancel(operation)
        }
    }

    private func workerFailed(_ error: DocumentError) {
        failure = error.message
        gtk_print_operation_cancel(operation)
        pageDrawn(failure: nil) // a page waiting for the worker waits no more
    }

    private func done(_ result: GtkPrintOperationResult) {
        switch result {
        case GTK_PRINT_OPERATION_RESULT_ERROR:
            var error: UnsafeMutablePointer<GError>?
            gtk_print_operation_get_error(operation, &error)
            finish(failure: failure ?? error.map { String(cString: $0.pointee.message) } ?? "unknown error")
            g_clear_error(&error)
        case GTK_PRINT_OPERATION_RESULT_APPLY where failure == nil:
            if let exportPath {
                guard rename(Self.partialPath(exportPath), exportPath) == 0 else {
                    finish(failure: "cannot write \(exportPath): \(String(cString: strerror(errno)))")
                    return
                }
                printError("printed \(pages?.count ?? document.pageCount) pages to \(exportPath)")
            } else if let settings = gtk_print_operation_get_print_settings(operation) {
                g_object_ref(UnsafeMutableRawPointer(settings))
                if let old = Self.lastSettings { g_object_unref(UnsafeMutableRawPointer(old)) }
                Self.lastSettings = settings
            }
            finish(failure: nil)
        default: // cancelled, or a page failed
            finish(failure: failure)
        }
    }

    private func finish(failure: String?) {
        if let exportPath { unlink(Self.partialPath(exportPath)) }
        if let failure {
            printError("printing failed: \(failure)")
            onFailure("Printing failed: \(failure)")
        }
        // Not inside GTK's call: after it, on an idle turn.
        let key = ObjectIdentifier(self)
        MainLoop.invoke { PrintJob.running[key] = nil }
    }

    private static func partialPath(_ path: String) -> String { path + ".part" }
}

extension PrintPages {
    /// What GTK's print settings choose: pages (all, the current one, ranges), page set, order.
    @MainActor
    static func choice(of settings: OpaquePointer, currentPage: Int) -> PrintPages {
        var choice = Choice.all
        switch gtk_print_settings_get_print_pages(settings) {
        case GTK_PRINT_PAGES_CURRENT:
            choice = .current(currentPage)
        case GTK_PRINT_PAGES_RANGES:
            var count: Int32 = 0
            if let ranges = gtk_print_settings_get_page_ranges(settings, &count) {
                choice = .ranges((0..<Int(count)).compactMap { index in
                    let range = ranges[index]
                    let end = range.end < 0 ? Int.max : Int(range.end)
                    return Int(range.start) <= end ? Int(range.start)...end : nil
                })
                g_free(ranges)
            }
        default: break
        }
        let set = gtk_print_settings_get_page_set(settings)
        let sheets: Sheets = set == GTK_PAGE_SET_ODD ? .odd : set == GTK_PAGE_SET_EVEN ? .even : .all
        return PrintPages(choice, sheets: sheets, reversed: gtk_print_settings_get_reverse(settings) != 0)
    }
}

/// A print context's cairo context, handed to the worker while GTK waits for the page
/// (deferred drawing): only the worker draws on it until it says the page is done.
private struct CairoPointer: @unchecked Sendable {
    let pointer: OpaquePointer
    init(_ pointer: OpaquePointer) { self.pointer = pointer }
}
