import QuireDocument
import QuireEngine
import QuireSandbox
import QuireWire
#if canImport(Glibc)
import Glibc
#endif

/// A document helper's life: everything of a document but its pixels. It opens the
/// document (its first answer is the opening's verdict: what the opening check was), then
/// answers one question at a time (`DocumentRequest`) until the window closes the channel.
/// Each window thread that reads a document (sizes, search, selection, links, outline,
/// properties) has a helper of its own, as it had its own poppler document before.
enum DocumentHelper {
    static func serve(_ channel: Channel, document descriptor: Descriptor, displayPath: String, password: String?,
                      confine: () throws(Sandbox.Failure) -> Void) -> Never {
        let faults = HelperFaults.fromEnvironment(document: displayPath)
        faults.strikeOpening(unlocking: password != nil)
        // The opening's own error, as the opening check gave it; an unconfined reader reads nothing.
        let document = HelperOpening.openOrEnd(descriptor, password: password, confine: confine) { failure in
            let error: DocumentError = if case .opening(let error) = failure { error } else { .noReader(path: "", detail: failure.reason) }
            try? channel.sendWhole(DocumentReply.openFailed(error).bytes)
        }
        let summary = DocumentSummary(pageCount: document.pageCount, title: document.title,
                                      permanentID: document.permanentID, firstPageSize: document.pageSize(at: 0),
                                      language: document.language)
        guard (try? channel.sendWhole(DocumentReply.opened(summary).bytes)) != nil else { _exit(0) }
        while true {
            // The window asks; only a print names many pages, and carries the reader's markups.
            guard let bytes = try? channel.receiveWhole(limit: WireLimit.reply), let request = try? DocumentRequest(bytes) else { _exit(0) }
            if case .print(let sheets, let paper, let layout, let content) = request {
                if content.changesDocument { _ = document.write(content.changes, adding: content.markups) }
                // A document with the reader's changes written in answers nothing else: its
                // annotations and fields are no longer the file's.
                guard print(sheets, on: paper, layout, annotations: content.annotations, document, channel), !content.changesDocument else { _exit(0) }
                continue
            }
            let reply = answer(request, document, faults)
            guard (try? channel.sendWhole(reply.bytes)) != nil else { _exit(0) }
        }
    }

    private static func answer(_ request: DocumentRequest, _ document: Document, _ faults: HelperFaults) -> DocumentReply {
        switch request {
        case .pageSizes(let first, let count):
            let start = min(max(first, 0), document.pageCount)
            let end = min(document.pageCount, start + min(max(count, 0), DocumentRequest.sizesPerRequest))
            return .sizes((start..<end).map(document.pageSize(at:)))
        case .pageLabels(let first, let count):
            let start = min(max(first, 0), document.pageCount)
            let end = min(document.pageCount, start + min(max(count, 0), DocumentRequest.labelsPerRequest))
            return .labels(document.pageLabels(start..<end))
        case .text(let page):
            faults.strikeText(page: page)
            return .text(document.text(at: page))
        case .matchAreas(let query, let page):
            faults.strikeText(page: page)
            return .areaGroups(document.matchAreas(of: query, onPage: page))
        case .links(let page): return .links(document.links(at: page))
        case .outline:
            let tree = document.outline()
            return .outline(tree.entries, open: tree.initiallyOpen)
        case .properties: return .properties(DocumentProperties(reading: document))
        case .fonts: return .fonts(document.fonts() ?? [])
        case .selectionAreas(let span, let style): return .rects(document.selectionAreas(span, style: style))
        case .selectedText(let selection): return .text(document.selectedText(selection))
        case .formFields(let page):
            faults.strikeForm(page: page)
            return .formFields(document.formFields(at: page))
        case .annotations(let page): return .annotations(document.fileAnnotations(at: page))
        case .characters(let page):
            faults.strikeText(page: page)
            let found = document.characters(at: page)
            return .characters(found?.text ?? "", boxes: found?.boxes ?? [])
        case .print: return .printFailed(reason: "a printout is not an answer")
        }
    }

    /// Draws the printout, sending its PDF as it is written; false when the window went.
    private static func print(_ sheets: [[Int]], on paper: PrintPaper, _ layout: PrintLayout, annotations: Bool, _ document: Document,
                              _ channel: Channel) -> Bool {
        var pending: [UInt8] = []
        var sent = true
        func flush() {
            var start = 0
            while sent && start < pending.count {
                let end = min(pending.count, start + DocumentReply.printChunkLimit)
                sent = (try? channel.sendWhole(DocumentReply.printChunk(Array(pending[start..<end])).bytes)) != nil
                start = end
            }
            pending.removeAll(keepingCapacity: true)
        }
        let outcome: DocumentReply
        do {
            try document.printPDF(sheets, on: paper, layout: layout, annotations: annotations) { bytes in
                pending += bytes
                if pending.count >= DocumentReply.printChunkLimit / 2 { flush() }
                return sent
            }
            flush()
            outcome = .printed(pages: sheets.reduce(0) { $0 + $1.count })
        } catch {
            pending = []
            outcome = .printFailed(reason: "\(error)")
        }
        return sent && (try? channel.sendWhole(outcome.bytes)) != nil
    }
}
