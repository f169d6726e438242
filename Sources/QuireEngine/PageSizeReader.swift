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

/// Reads every page's size on a thread of its own (with its own document) and hands them
/// over in batches, so that opening a 5,000-page document costs one page's size up front:
/// the layout starts with every page the size of the first and adopts real sizes as they
/// come (reading them all took about 100 ms for 5,000 pages here).
public final class PageSizeReader: Sendable {
    private let cancelled = Condition()
    nonisolated(unsafe) private var isCancelled = false // guarded by `cancelled`

    /// Starts reading. `open` runs on the reader's thread; `deliver(first, sizes)` is called
    /// there for each batch, in order, unless cancelled.
    public init<Geometry: PageGeometry>(open: @escaping @Sendable () throws -> Geometry, batch: Int = 256,
                                        deliver: @escaping @Sendable (_ first: Int, _ sizes: [Size]) -> Void) {
        startThread {
            // Idle priority: the first view's render and the main thread's opening come first.
            runThisThreadAtIdlePriority()
            guard let geometry = try? open() else { return }
            var first = 0
            while first < geometry.pageCount && !self.cancelledNow {
                let end = min(geometry.pageCount, first + batch)
                deliver(first, geometry.pageSizes(first..<end))
                first = end
            }
        }
    }

    /// Stops after the batch in progress.
    public func cancel() { cancelled.locked { isCancelled = true } }

    private var cancelledNow: Bool { cancelled.locked { isCancelled } }
}
