/// Which page a document's recognition takes next (`Recognition` rule 4): the pages in
/// view first (top to bottom), then the rest of the book from the view onward, wrapping to
/// the start; each page once. A page is looked at first (has it text? is it pictures?) and
/// recognised only when it needs it; a page that failed is not tried again in this run.
/// Stopped, it gives nothing more until started again (which tries failed pages again).
public struct RecognitionQueue: Sendable {
    public enum State: Equatable, Sendable {
        case unseen
        /// Has text of its own, or is not a page of pictures.
        case notNeeded
        case recognised(words: Int)
        case failed(String)
    }

    public private(set) var states: [State]
    public private(set) var isStopped = false

    public init(pageCount: Int) { states = Array(repeating: .unseen, count: max(pageCount, 0)) }

    /// The next page to look at (and recognise if it needs it), with `visible` in view; nil
    /// when every page is done or the queue is stopped.
    public func next(visible: Range<Int>) -> Int? {
        guard !isStopped, !states.isEmpty else { return nil }
        let view = visible.clamped(to: 0..<states.count)
        if let page = view.first(where: { states[$0] == .unseen }) { return page }
        let start = view.isEmpty ? 0 : view.upperBound % states.count
        return (0..<states.count).lazy.map { (start + $0) % self.states.count }.first { states[$0] == .unseen }
    }

    public mutating func done(_ page: Int, _ state: State) {
        guard states.indices.contains(page) else { return }
        states[page] = state
    }

    public mutating func stop() { isStopped = true }

    /// Starts again: failed pages are tried once more.
    public mutating func start() {
        isStopped = false
        states = states.map { if case .failed = $0 { .unseen } else { $0 } }
    }

    public var isFinished: Bool { !states.contains(.unseen) }
    /// Pages recognised so far, and words found on them.
    public var recognised: (pages: Int, words: Int) {
        states.reduce(into: (0, 0)) { total, state in if case .recognised(let words) = state { total.0 += 1; total.1 += words } }
    }
    public var failures: Int { states.filter { if case .failed = $0 { true } else { false } }.count }
}
