import QuireEngine
import QuireWire
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// A document as the window reads it: through a document helper process
/// (`DocumentHelper`), never poppler. The policy:
///  1. Opening is the helper's first answer: a typed error, a crash (the signal, from the
///     zygote) or a helper past its watchdog (`file.watchdogs.opening`) becomes the error the window shows.
///  2. Each question gets `callSeconds` (5 s: one page's text or links; 20 s for what
///     walks the whole document: outline, fonts, sizes); past that, or when the helper
///     ends or breaks the protocol, the helper is ended and the call fails (an empty
///     answer, or nil where the caller must know). The next call makes a new helper,
///     until `restartLimit` helpers of this document have failed.
///  3. Every answer is checked (`DocumentReplyCheck`): page numbers in range, finite
///     areas and sizes, bounded counts and strings.
/// Thread-safe: calls take turns on the helper. Each window thread that reads much
/// (search, selection, links, sizes) makes its own, as it had its own poppler document.
public final class RemoteDocument: PageGeometry, PageLabelSource, PageTextSource, Sendable {
    public static let restartLimit = 6
    public static let callSeconds = 5.0
    public static let walkSeconds = 20.0
    /// A page's form widgets take milliseconds; poppler 22.12 loops for ever on a field
    /// that is its own parent, burning a core until the watchdog: so a shorter one.
    public static let formSeconds = 1.5

    public let file: DocumentFile
    public let summary: DocumentSummary
    private let zygote: Zygote
    private let helper: Mutex<Connection?>
    /// The helper's process, for the tests, which look at it.
    var helperPID: pid_t? { helper.withLock { $0?.pid } }

    private struct Connection {
        let pid: pid_t
        let channel: Channel
    }

    /// Opens `file` in a new helper; throws what the reader should be told. `cancel`, when
    /// given, may end the opening from another thread.
    public init(file: DocumentFile, within seconds: Double? = nil, cancel: OpeningCancel? = nil) throws(DocumentError) {
        let seconds = seconds ?? file.watchdogs.opening
        guard let zygote = Zygote.shared else {
            throw .noReader(path: file.displayPath, detail: tr("its helper processes did not start"))
        }
        self.file = file
        self.zygote = zygote
        let (connection, summary) = try Self.start(file, zygote, within: seconds, cancel: cancel)
        self.summary = summary
        file.learn([summary.firstPageSize], from: 0)
        helper = Mutex(connection)
    }

    deinit {
        helper.withLock { connection in if let connection { zygote.end(connection.pid) } }
    }

    public var pageCount: Int { summary.pageCount }
    public var title: String? { summary.title }
    public var permanentID: String? { summary.permanentID }

    private static func start(_ file: DocumentFile, _ zygote: Zygote, within seconds: Double,
                              cancel: OpeningCancel? = nil) throws(DocumentError) -> (Connection, DocumentSummary) {
        let path = file.displayPath
        let made: (pid: pid_t, channel: Channel)
        do {
            made = try zygote.spawn(.document, document: file.descriptor, displayPath: path, password: file.password)
        } catch {
            throw .noReader(path: path, detail: tr("no process could be made to read it ({reason})", ["reason": "\(error)"]))
        }
        cancel?.started(made.pid, zygote)
        defer { cancel?.started(nil, zygote) }
        let reply: DocumentReply
        do {
            reply = try DocumentReply(made.channel.receiveWhole(within: seconds, limit: WireLimit.line * 4), path: path)
        } catch ChannelError.timedOut {
            zygote.end(made.pid)
            throw .tooSlowToOpen(path: path, seconds: Int(seconds.rounded(.up)))
        } catch ChannelError.closed {
            switch zygote.exitStatus(of: made.pid) {
            case .signaled(let signal): throw .crashedReader(path: path, signal: signal)
            case .exited(let code): throw .damaged(path: path, detail: tr("the process reading it ended (status {status})", ["status": String(code)]))
            case .unknown: throw .damaged(path: path, detail: tr("the process reading it ended"))
            }
        } catch {
            zygote.end(made.pid)
            throw .damaged(path: path, detail: tr("the process reading it answered nonsense ({reason})", ["reason": "\(error)"]))
        }
        switch reply {
        case .opened(let summary):
            LaunchTrace.mark("document summary read")
            guard let checked = DocumentReplyCheck.summary(summary) else {
                zygote.end(made.pid)
                throw .damaged(path: path, detail: tr("its reader gave {count} pages", ["count": String(summary.pageCount)]))
            }
            return (Connection(pid: made.pid, channel: made.channel), checked)
        case .openFailed(let error):
            zygote.end(made.pid)
            throw error
        default:
            zygote.end(made.pid)
            throw .damaged(path: path, detail: tr("the process reading it answered out of turn"))
        }
    }

    /// The answer to `request`, or nil when the helper failed (and was ended) or none could be made.
    private func ask(_ request: DocumentRequest, within seconds: Double = RemoteDocument.callSeconds) -> DocumentReply? {
        guard HelperCallGuard.allows("\(request)".prefix(40).description) else { return nil }
        return helper.withLock { connection -> DocumentReply? in
            guard let channel = connected(&connection) else { return nil }
            do {
                try channel.sendWhole(request.bytes)
                return try DocumentReply(channel.receiveWhole(within: seconds, limit: WireLimit.reply), path: file.displayPath)
            } catch {
                fail(&connection)
                return nil
            }
        }
    }

    /// The helper's channel: a new helper when there is none, or the one there ended while
    /// idle; nil when none can be made.
    private func connected(_ connection: inout Connection?) -> Channel? {
        if let idle = connection, idle.channel.hasSomethingWaiting { fail(&connection) }
        if connection == nil {
            guard file.readerFaults.total < Self.restartLimit,
                  let (restarted, summary) = try? Self.start(file, zygote, within: Self.walkSeconds) else { return nil }
            guard summary.pageCount == self.summary.pageCount else {
                zygote.end(restarted.pid)
                return nil
            }
            connection = restarted
        }
        return connection?.channel
    }

    private func fail(_ connection: inout Connection?) {
        retire(&connection)
        _ = file.readerFaults.add()
    }

    /// Ends the helper, not counted as failed: one whose document holds a printout's changes
    /// answers nothing more (a new one reads the file as it is).
    private func retire(_ connection: inout Connection?) {
        if let pid = connection?.pid { zygote.end(pid) }
        connection = nil
    }

    // MARK: Pages

    public func pageSize(at index: Int) -> Size { pageSizes(index..<index + 1).first ?? summary.firstPageSize }

    /// The sizes of `range`'s pages, as shown (stand-ins for pages no paper could be);
    /// the first page's size for those the helper could not give.
    public func pageSizes(_ range: Range<Int>) -> [Size] {
        let pages = range.clamped(to: 0..<pageCount)
        var sizes: [Size] = []
        sizes.reserveCapacity(pages.count)
        var first = pages.lowerBound
        while first < pages.upperBound {
            let count = min(pages.upperBound - first, DocumentRequest.sizesPerRequest)
            if case .sizes(let got)? = ask(.pageSizes(first: first, count: count), within: Self.walkSeconds), got.count == count {
                let checked = got.map { DocumentReplyCheck.size($0, standIn: summary.firstPageSize) }
                file.learn(checked, from: first)
                sizes += checked
            } else {
                sizes += Array(repeating: summary.firstPageSize, count: count)
            }
            first += count
        }
        return sizes
    }

    /// Every page the size of the first: the layout's estimate until real sizes are read.
    public func estimatedPageSizes() -> [Size] { Array(repeating: summary.firstPageSize, count: pageCount) }

    /// The labels of a run of pages, nil where a page has none (or the helper could not
    /// say, and for the rest of the run once it could not): checked to be one per page
    /// asked for; `PageLabels` bounds them as shown.
    public func pageLabels(_ range: Range<Int>) -> [String?] {
        let pages = range.clamped(to: 0..<pageCount)
        var labels: [String?] = []
        labels.reserveCapacity(pages.count)
        var first = pages.lowerBound
        while first < pages.upperBound {
            let count = min(pages.upperBound - first, DocumentRequest.labelsPerRequest)
            guard case .labels(let got)? = ask(.pageLabels(first: first, count: count), within: Self.walkSeconds),
                  got.count == count else { break }
            labels += got
            first += count
        }
        return labels + Array(repeating: nil, count: pages.count - labels.count)
    }

    // MARK: Text

    public func text(at index: Int) -> String { readableText(at: index) ?? "" }

    /// A page's recognised words, when it is a scan that was recognised.
    private func recognised(_ index: Int) -> RecognisedPage? { file.recognised.withLock { $0[index] } }

    /// Pages' text asked of helpers in this process (search's reads, not match areas):
    /// what the text store saves, counted for traces and tests.
    public static let textReads = Atomic<Int>(0)

    /// The page's text; nil when its helper failed on it.
    public func readableText(at index: Int) -> String? {
        if let page = recognised(index) { return page.text }
        Self.textReads.add(1, ordering: .relaxed)
        guard case .text(let text)? = askAbout(page: index, .text(page: index)) else { return nil }
        return text ?? ""
    }

    public func matchAreas(of query: SearchQuery, onPage index: Int) -> [[Rect]] {
        if let page = recognised(index) { return page.areas(ofMatches: TextMatcher(query).matches(in: PageText(page.text))) }
        guard case .areaGroups(let groups)? = askAbout(page: index, .matchAreas(query, page: index)) else { return [] }
        return groups.map(DocumentReplyCheck.areas).filter { !$0.isEmpty }
    }

    /// A question about a page's text: not asked again of a page a helper failed on.
    private func askAbout(page: Int, _ request: DocumentRequest) -> DocumentReply? {
        guard !file.unreadablePages.withLock({ $0.contains(page) }) else { return nil }
        let reply = ask(request)
        if reply == nil { file.unreadablePages.withLock { _ = $0.insert(page) } }
        return reply
    }

    public func selectionAreas(_ span: TextSelection.Span, style: TextSelection.Style) -> [Rect] {
        if let page = recognised(span.page) { return page.areas(of: page.characters(from: span.start, to: span.end, style: style)) }
        guard case .rects(let rects)? = ask(.selectionAreas(span, style: style)) else { return [] }
        return DocumentReplyCheck.areas(rects)
    }

    /// The page's characters with their boxes, checked (`PageCharacters`: bounded, as many
    /// boxes as characters, finite, on a page of `size`); nil when they could not be read.
    public func characters(onPage index: Int, size: Size) -> PageCharacters? {
        if let page = recognised(index) { return page.characters }
        guard case .characters(let text, let boxes)? = askAbout(page: index, .characters(page: index)) else { return nil }
        return PageCharacters(text: text, boxes: boxes, pageSize: size)
    }

    public func selectedText(_ selection: TextSelection) -> String {
        // A selection over recognised pages reads those pages' words, page by page; the others'
        // text comes from a helper, each page's part as it would for that page alone.
        let recognisedPages = file.recognised.withLock { Set($0.keys) }
        if !recognisedPages.isDisjoint(with: selection.pages) {
            return selection.pages.compactMap { index -> String? in
                guard let span = selection.span(onPage: index, size: pageSize(at: index)) else { return nil }
                if let page = recognised(index) { return page.text(of: page.characters(from: span.start, to: span.end, style: selection.style)) }
                return selectedText(TextSelection(anchor: PagePoint(page: index, point: span.start), head: PagePoint(page: index, point: span.end),
                                                  style: selection.style))
            }.filter { !$0.isEmpty }.joined(separator: "\n")
        }
        guard case .text(let text?)? = ask(.selectedText(selection), within: Self.walkSeconds) else { return "" }
        return text
    }

    // MARK: Links, outline, properties

    public func links(at index: Int) -> [Link] {
        guard case .links(let links)? = ask(.links(page: index)) else { return [] }
        return links.compactMap { DocumentReplyCheck.link($0, pageCount: pageCount) }
    }

    /// The page's form widgets, checked (`DocumentReplyCheck.formField`); nil when they
    /// could not be read.
    public func formFields(at index: Int) -> [FormField]? {
        guard case .formFields(let fields)? = ask(.formFields(page: index), within: Self.formSeconds) else { return nil }
        return fields.compactMap { DocumentReplyCheck.formField($0, page: index) }
    }

    /// The annotations the file holds on the page, checked; nil when they could not be read.
    public func fileAnnotations(at index: Int) -> [FileAnnotation]? {
        guard case .annotations(let annotations)? = ask(.annotations(page: index)) else { return nil }
        return annotations.compactMap { DocumentReplyCheck.fileAnnotation($0, page: index) }
    }

    /// The outline; nil when it could not be read (not the same as none).
    public func outline() -> OutlineTree? {
        guard case .outline(let entries, let open)? = ask(.outline, within: Self.walkSeconds) else { return nil }
        return OutlineTree(entries.map { DocumentReplyCheck.entry($0, pageCount: pageCount) }, open: open)
    }

    /// The document's properties, with what the window knows of the file itself.
    public func properties() -> DocumentProperties? {
        guard case .properties(var properties)? = ask(.properties) else { return nil }
        properties.pageCount = pageCount
        properties.firstPageSize = summary.firstPageSize
        properties.fileSize = file.byteCount
        properties.isEncrypted = file.namesEncryption || !(file.password ?? "").isEmpty
        properties.location = file.displayPath
        return DocumentReplyCheck.properties(properties)
    }

    public func fonts() -> [DocumentFont]? {
        guard case .fonts(let fonts)? = ask(.fonts, within: Self.walkSeconds) else { return nil }
        return fonts.map(DocumentReplyCheck.font)
    }

    // MARK: Printing

    /// How long a printout may go without sending a byte: one page's drawing.
    public static let printPageSeconds = 60.0

    /// Writes a printout of `sheets` (each its pages) on `paper` laid out by `layout` (a PDF
    /// the helper draws with poppler's print rendering) to `descriptor`, from its current
    /// offset, with `content`: the reader's markups and changes as the screen shows them
    /// (saved or not; the helper answers nothing after a printout that changes its document).
    /// Throws what went wrong, in words for the reader.
    public func printPDF(_ sheets: [[Int]], on paper: PrintPaper, layout: PrintLayout = .single, content: PrintContent = PrintContent(),
                         to descriptor: Int32) throws(RenderFailure) {
        let sheets = sheets.map { $0.filter { (0..<pageCount).contains($0) }.prefix(layout.pagesPerSheet) }.filter { !$0.isEmpty }.map(Array.init)
        let pageTotal = sheets.reduce(0) { $0 + $1.count }
        guard pageTotal > 0 else { throw RenderFailure(tr("no pages to print")) }
        let changed = content.changesDocument
        let failure: String? = helper.withLock { connection -> String? in
            guard let channel = connected(&connection) else { return tr("no process could read the document") }
            do {
                try channel.sendWhole(DocumentRequest.print(sheets: sheets, paper: paper, layout: layout, content: content).bytes)
                while true {
                    let limit = DocumentReply.printChunkLimit + 64
                    switch try DocumentReply(channel.receiveWhole(within: Self.printPageSeconds, limit: limit), path: file.displayPath) {
                    case .printChunk(let bytes):
                        guard Self.writeAll(bytes, to: descriptor) else { fail(&connection); return tr("the printout could not be written: {reason}", ["reason": String(cString: strerror(errno))]) }
                    case .printed(let count) where count == pageTotal:
                        if changed { retire(&connection) }
                        return nil
                    case .printFailed(let reason):
                        if changed { retire(&connection) }
                        return reason
                    default:
                        fail(&connection)
                        return tr("the process printing answered out of turn")
                    }
                }
            } catch {
                fail(&connection)
                return tr("the process printing failed ({reason})", ["reason": "\(error)"])
            }
        }
        if let failure { throw RenderFailure(failure) }
    }

    private static func writeAll(_ bytes: [UInt8], to descriptor: Int32) -> Bool {
        bytes.withUnsafeBytes { raw in
            var start = 0
            while start < raw.count {
                let written = write(descriptor, raw.baseAddress! + start, raw.count - start)
                if written < 0 && errno == EINTR { continue }
                guard written > 0 else { return false }
                start += written
            }
            return true
        }
    }
}

/// Ends an opening from another thread: the helper reading the file is ended at once
/// (the opening then fails, and whoever asked no longer listens).
public final class OpeningCancel: Sendable {
    private struct State {
        var pid: pid_t?
        var cancelled = false
    }
    private let state = Mutex(State())

    public init() {}

    public var isCancelled: Bool { state.withLock { $0.cancelled } }

    public func cancel() {
        let (pid, zygote): (pid_t?, Zygote?) = state.withLock { state in
            state.cancelled = true
            return (state.pid, Zygote.shared)
        }
        if let pid { zygote?.end(pid) }
    }

    /// The helper now reading (nil once the opening is over); ended at once when the
    /// opening was cancelled before it started.
    func started(_ pid: pid_t?, _ zygote: Zygote) {
        let cancelled = state.withLock { state in
            state.pid = pid
            return state.cancelled
        }
        if cancelled, let pid { zygote.end(pid) }
    }
}
