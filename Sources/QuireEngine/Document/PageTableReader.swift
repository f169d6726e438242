/// The port for reading page geometry; a document adapter implements it.
public protocol PageGeometry: AnyObject, SendableMetatype {
    var pageCount: Int { get }
    func pageSize(at index: Int) -> Size
    /// The sizes of a run of pages: one question to a helper, not one a page.
    func pageSizes(_ range: Range<Int>) -> [Size]
}

extension PageGeometry {
    public func pageSizes(_ range: Range<Int>) -> [Size] { range.map(pageSize(at:)) }
}

/// Reads every page's size and then every page's label on a thread of its own (with its
/// own document helper) and hands them over in batches, so that opening a 5,000-page
/// document costs one page's size up front: the layout starts with every page the size of
/// the first and adopts real sizes as they come (reading them all took about 100 ms for
/// 5,000 pages here); labels come after, since until then a page shows its number
/// (`PageLabels`), and no label is ever asked for on the main thread.
/// `finished` is called once everything was read, or the document could not be opened,
/// so that nothing waits for sizes or labels that will not come.
public final class PageTableReader: Sendable {
    private let cancelled = Condition()
    nonisolated(unsafe) private var isCancelled = false // guarded by `cancelled`

    /// Starts reading. `open` runs on the reader's thread; `sizes(first, sizes)` and
    /// `labels(first, labels)` are called there for each batch, in order, unless cancelled.
    public init<Document: PageGeometry & PageLabelSource>(
        open: @escaping @Sendable () throws -> Document, batch: Int = 256, labelBatch: Int = 1024,
        sizes: @escaping @Sendable (_ first: Int, _ sizes: [Size]) -> Void,
        labels: (@Sendable (_ first: Int, _ labels: [String?]) -> Void)? = nil,
        finished: (@Sendable () -> Void)? = nil) {
        startThread {
            // Idle priority: the first view's render and the main thread's opening come first.
            runThisThreadAtIdlePriority()
            defer { if !self.cancelledNow { finished?() } }
            guard let document = try? open() else { return }
            self.read(document.pageCount, in: max(1, batch)) { sizes($0.lowerBound, document.pageSizes($0)) }
            guard let labels else { return }
            self.read(document.pageCount, in: max(1, labelBatch)) { labels($0.lowerBound, document.pageLabels($0)) }
        }
    }

    private func read(_ count: Int, in batch: Int, _ body: (Range<Int>) -> Void) {
        var first = 0
        while first < count && !cancelledNow {
            let end = min(count, first + batch)
            body(first..<end)
            first = end
        }
    }

    /// Stops after the batch in progress.
    public func cancel() { cancelled.locked { isCancelled = true } }

    private var cancelledNow: Bool { cancelled.locked { isCancelled } }
}
