import CAdwaita
import CGtk
import CShim
import QuireEngine
import QuireRemote
#if canImport(Glibc)
import Glibc
#endif

/// Ctrl+P: the system's print dialog (GtkPrintUnixDialog: printers, page ranges, copies,
/// Print to File), then a print job (GtkPrintJob) fed a PDF that a document helper draws
/// with poppler's print rendering: vector output, annotations as printed (the reader's too,
/// saved or not, and the file's as the reader changed them: what is on screen), on sheets of the
/// chosen paper laid out as Page Setup says (`PrintLayout`: pages per side, their order,
/// the scale; one page a sheet turns the sheet to the page). The window never draws a page
/// itself: it writes the helper's PDF to a temporary file, on a worker thread, and hands
/// that to GTK. Quire picks the pages (ranges, odd or even sheets, reversed) and lays them
/// out; GTK's backend makes the copies.
///
/// `QUIRE_PRINT_TO_FILE=OUT.pdf` makes Ctrl+P write OUT.pdf without a dialog, on the
/// default paper, only the pages of `QUIRE_PRINT_PAGES` ("2-3,5") when set: how the window
/// tests print. The file appears, complete, when printing ends.
@MainActor
final class PrintJob {
    /// Jobs printing now: each lives until it is done.
    private static var running: [ObjectIdentifier: PrintJob] = [:]
    /// What the last print dialog was left with (printer, copies…), offered again.
    private static var lastSettings: GObjectRef?

    private let file: DocumentFile
    /// The document's name as the reader knows it, and its path when it is a local file.
    private let name: String, sourcePath: String?
    private let worker: DocumentWorker
    private let currentPage: Int
    /// The reader's markups and changes to the document, as the screen shows them.
    private let content: PrintContent
    private let onFailure: (String) -> Void
    /// The job GTK is given once the helper has drawn the printout (owned).
    private var pendingJob: GObjectRef?
    /// The printout GTK reads, by its descriptor, until the job is done.
    private var printout: TemporaryFile?

    /// Starts printing `file`, the bytes of `source`, with the reader's `edits` (saved or
    /// not) as the preferences say (`Preferences.printed`); `currentPage` is offered as a
    /// choice in the dialog. `onFailure` hears why
    /// printing failed, in words for the reader. With `toFile` (`QUIRE_PRINT_TO_FILE`, for
    /// tests), those pages go to that PDF without a dialog.
    static func start(file: DocumentFile, of source: DocumentSource, edits: AnnotationEdits, pageCount: Int, currentPage: Int,
                      toFile: (path: String, pages: String?)?, parent: UnsafeMutablePointer<GtkWidget>,
                      onFailure: @escaping (String) -> Void) {
        let path: String? = if case .file(let path) = source.location { path } else { nil }
        let job = PrintJob(file: file, name: source.displayName, sourcePath: path, currentPage: currentPage,
                           content: Settings.shared.preferences.printed(edits), onFailure: onFailure)
        running[ObjectIdentifier(job)] = job
        if let toFile {
            job.export(to: toFile.path, pages: toFile.pages, pageCount: pageCount)
        } else {
            job.showDialog(parent: parent, pageCount: pageCount)
        }
    }

    private init(file: DocumentFile, name: String, sourcePath: String?, currentPage: Int, content: PrintContent,
                 onFailure: @escaping (String) -> Void) {
        self.file = file
        self.name = name
        self.sourcePath = sourcePath
        self.currentPage = currentPage
        self.content = content
        self.onFailure = onFailure
        worker = DocumentWorker(file: file)
    }

    isolated deinit {
        worker.stop()
    }

    // MARK: Without a dialog

    /// Where the printout is being written (never over a device, FIFO or link: `OutputFile`).
    private var output: OutputFile?

    private func export(to path: String, pages: String?, pageCount: Int) {
        guard let ranges = PrintPages.ranges(parsing: pages ?? "1-") else {
            return finish(failure: "QUIRE_PRINT_PAGES takes page ranges such as 2-3,5, not “\(pages ?? "")”")
        }
        let chosen = PrintPages(.ranges(ranges)).sheets(count: pageCount, layout: .single)
        let paper = owning(gtk_page_setup_new()!) { Self.paper(of: $0) }
        let output: OutputFile
        do { output = try OutputFile(path: path) } catch { return finish(failure: error.description) }
        self.output = output
        let fd = output.descriptor
        let content = self.content
        worker.run { [weak self] document in
            let failure = Self.write(chosen, on: paper, .single, content, of: document, to: fd)
            MainLoop.invoke {
                guard let self, let output = self.output else { return }
                self.output = nil
                if let failure {
                    output.abandon()
                    return self.finish(failure: failure)
                }
                do { try output.commit() } catch { return self.finish(failure: "\(error)") }
                printError("printed \(chosen.count) pages to \(path)")
                self.finish(failure: nil)
            }
        }
    }

    /// Writes the printout to `fd`; the failure, if any, in words.
    nonisolated private static func write(_ sheets: [[Int]], on paper: PrintPaper, _ layout: PrintLayout, _ content: PrintContent,
                                          of document: RemoteDocument, to fd: Int32) -> String? {
        do {
            try document.printPDF(sheets, on: paper, layout: layout, content: content, to: fd)
            return nil
        } catch {
            return error.description
        }
    }

    // MARK: With the dialog

    private func showDialog(parent: UnsafeMutablePointer<GtkWidget>, pageCount: Int) {
        let dialog = PrintDialog(title: tr("Print"), over: Window(parent))
        owning(Self.lastSettings.map { gtk_print_settings_copy($0.opaque)! } ?? gtk_print_settings_new()!) { settings in
            offerFileOutput(in: settings)
            dialog.setSettings(settings)
        }
        dialog.setCurrentPage(currentPage)
        dialog.embedPageSetup()
        // Quire writes PDF, chooses the pages and lays them out on the sheets (pages per
        // side, their order, the scale); the printer's side makes the copies.
        let capabilities = [GTK_PRINT_CAPABILITY_GENERATE_PDF, GTK_PRINT_CAPABILITY_PAGE_SET, GTK_PRINT_CAPABILITY_REVERSE,
                            GTK_PRINT_CAPABILITY_NUMBER_UP, GTK_PRINT_CAPABILITY_NUMBER_UP_LAYOUT, GTK_PRINT_CAPABILITY_SCALE]
        dialog.setManualCapabilities(capabilities)
        dialog.window.setModal(true)
        Signal.connect(dialog.widget, "response") { [weak self] (response: UnsafeMutableRawPointer?) in
            // The signal's int argument arrives in the pointer's register.
            let code = Int32(truncatingIfNeeded: Int(bitPattern: response))
            if code == Int32(GTK_RESPONSE_OK.rawValue) { self?.chosen(in: dialog, pageCount: pageCount) } else { self?.finish(failure: nil) }
            dialog.window.destroy()
        }
        dialog.window.presentDialog()
    }

    /// Print to File offers this document's name in the documents folder (`PrintOutput`),
    /// whatever the last job printed to.
    private func offerFileOutput(in settings: OpaquePointer) {
        let folder = g_get_user_special_dir(G_USER_DIRECTORY_DOCUMENTS).map { String(cString: $0) } ?? String(cString: g_get_home_dir())
        let basename = PrintOutput.basename(documentName: name, sourcePath: sourcePath, folder: folder)
        gtk_print_settings_unset(settings, GTK_PRINT_SETTINGS_OUTPUT_URI)
        // A path, not a URI: GTK 4.8's file printer builds the file's path from it.
        gtk_print_settings_set(settings, GTK_PRINT_SETTINGS_OUTPUT_DIR, folder)
        gtk_print_settings_set(settings, GTK_PRINT_SETTINGS_OUTPUT_BASENAME, basename)
    }

    /// The reader chose a printer and pages: the helper draws them, then GTK sends them.
    private func chosen(in dialog: PrintDialog, pageCount: Int) {
        guard let printer = dialog.selectedPrinter, let chosenSettings = dialog.chosenSettings() else { return finish(failure: tr("no printer was chosen")) }
        owning(chosenSettings) { settings in prepare(settings, printer: printer, in: dialog, pageCount: pageCount) }
    }

    /// Draws the pages `settings` choose, for `printer`, and sends them.
    private func prepare(_ settings: OpaquePointer, printer: OpaquePointer, in dialog: PrintDialog, pageCount: Int) {
        let setup = dialog.pageSetup!
        let layout = PrintLayout(settings)
        let sheets = PrintPages.choice(of: settings, currentPage: currentPage).sheets(count: pageCount, layout: layout)
        // Kept for the next dialog as chosen; sent with the choice made here already, so
        // that the printer's side does not choose or lay out the pages a second time.
        Self.lastSettings = GObjectRef(taking: gtk_print_settings_copy(settings)!)
        gtk_print_settings_set_print_pages(settings, GTK_PRINT_PAGES_ALL)
        gtk_print_settings_set_page_set(settings, GTK_PAGE_SET_ALL)
        gtk_print_settings_set_reverse(settings, 0)
        gtk_print_settings_set_number_up(settings, 1)
        gtk_print_settings_set_number_up_layout(settings, GTK_NUMBER_UP_LAYOUT_LEFT_TO_RIGHT_TOP_TO_BOTTOM)
        gtk_print_settings_set_scale(settings, 100)
        guard !sheets.isEmpty else { return finish(failure: tr("no pages to print")) }
        let paper = Self.paper(of: setup)
        pendingJob = gtk_print_job_new(name, printer, settings, setup).map { GObjectRef(taking: $0) }
        let content = self.content
        worker.run { [weak self] document in
            let temporary = TemporaryFile()
            let failure = temporary.map { Self.write(sheets, on: paper, layout, content, of: document, to: $0.fd) } ?? tr("no temporary file could be made")
            MainLoop.invoke {
                guard let self else { return }
                if let failure { return self.finish(failure: failure) }
                self.send(from: temporary!)
            }
        }
    }

    private func send(from temporary: TemporaryFile) {
        guard let job = pendingJob?.opaque else { return finish(failure: tr("GTK made no print job")) }
        // GTK reads the printout from the descriptor's offset: its start.
        guard lseek(temporary.fd, 0, SEEK_SET) == 0 else { return finish(failure: tr("the printout could not be read back")) }
        var error: UnsafeMutablePointer<GError>?
        guard gtk_print_job_set_source_fd(job, temporary.fd, &error) != 0 else {
            let message = error.map { String(cString: $0.pointee.message) } ?? tr("GTK refused the printout")
            g_clear_error(&error)
            return finish(failure: message)
        }
        printout = temporary
        gtk_print_job_send(job, { _, data, error in
            let job = CallbackData.borrow(data, as: PrintJob.self)
            let failure = error.map { String(cString: $0.pointee.message) }
            MainActor.assumeIsolated { job.finish(failure: failure) }
        }, CallbackData.lend(self), CallbackData.release)
    }

    private func finish(failure: String?) {
        if let failure {
            printError("printing failed: \(failure)")
            onFailure(tr("Printing failed: {reason}", ["reason": failure]))
        }
        // Not inside GTK's call: after it, on an idle turn.
        let key = ObjectIdentifier(self)
        MainLoop.invoke { PrintJob.running[key] = nil }
    }

    /// The paper of a page setup, in points, with its margins.
    private static func paper(of setup: OpaquePointer) -> PrintPaper {
        let points = GTK_UNIT_POINTS
        let size = Size(width: gtk_page_setup_get_paper_width(setup, points), height: gtk_page_setup_get_paper_height(setup, points))
        return PrintPaper(size: size, top: gtk_page_setup_get_top_margin(setup, points), left: gtk_page_setup_get_left_margin(setup, points),
                          bottom: gtk_page_setup_get_bottom_margin(setup, points), right: gtk_page_setup_get_right_margin(setup, points))
    }
}

/// A file of our own that no path names (made and unlinked at once): GTK reads the
/// printout from its descriptor.
final class TemporaryFile: Sendable {
    let fd: Int32
    init?() {
        var name: UnsafeMutablePointer<CChar>?
        let fd = g_file_open_tmp("quire-print-XXXXXX.pdf", &name, nil)
        guard fd >= 0 else { return nil }
        if let name { unlink(name); g_free(name) }
        self.fd = fd
    }
    deinit { close(fd) }
}

extension PrintLayout {
    /// What GTK's print settings choose on Page Setup: pages per side, their order, the scale.
    @MainActor
    init(_ settings: OpaquePointer) {
        let order = Order(rawValue: Int(gtk_print_settings_get_number_up_layout(settings).rawValue)) ?? .leftToRightTopToBottom
        self.init(pagesPerSheet: Int(gtk_print_settings_get_number_up(settings)), order: order,
                  scale: gtk_print_settings_get_scale(settings) / 100)
    }
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
