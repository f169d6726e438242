/// The labels a document gives its pages ("iv", "A-3"), read off the main thread, and the
/// page a reader's typed label or number names. The policy:
///  1. A page shows its label once read; its number until then, and when it has none.
///  2. What the reader types names a page by its label first ("3" may label the fifth
///     page, after "i" and "ii"), the first page so labelled; then by its number.
///  3. Labels compare as they are shown: one line, trimmed, at most
///     `BoundedText.Limit.pageLabel` characters (what the reader could have read off one).
///  4. Until every label is read a typed label matches those read and a number works;
///     what names no page yet waits for the rest (`lookUp` says `.notYetKnown`).
/// Only labels that differ from the page's number are kept: most documents have none, and
/// past `keptLimit` of them (a hostile table) the rest show numbers.
public struct PageLabels: Equatable, Sendable {
    public static let keptLimit = 200_000
    public let pageCount: Int
    private var labels: [Int: String] = [:]
    /// Pages before this one have been read (or given up on).
    public private(set) var readUpTo = 0

    public init(pageCount: Int) { self.pageCount = max(0, pageCount) }

    public var isComplete: Bool { readUpTo >= pageCount }

    /// Takes the labels of pages `first...`, nil where a page has none; returns whether
    /// anything shown changed.
    @discardableResult
    public mutating func adopt(_ read: [String?], from first: Int) -> Bool {
        guard first >= 0, first <= pageCount else { return false }
        var changed = false
        for (offset, raw) in read.prefix(pageCount - first).enumerated() {
            let page = first + offset
            let shown = raw.map { BoundedText.line($0, limit: BoundedText.Limit.pageLabel) }
            var kept = shown.flatMap { $0.isEmpty || $0 == String(page + 1) ? nil : $0 }
            if kept != nil && labels[page] == nil && labels.count >= Self.keptLimit { kept = nil }
            if labels[page] != kept {
                labels[page] = kept
                changed = true
            }
        }
        readUpTo = max(readUpTo, first + min(read.count, pageCount - first))
        return changed
    }

    /// No more labels will come (the reader finished or failed): the rest are numbers.
    public mutating func finish() { readUpTo = pageCount }

    /// What the page shows: its label, or its one-based number.
    public func label(at page: Int) -> String { labels[page] ?? String(page + 1) }

    public enum Lookup: Equatable, Sendable { case page(Int), nowhere, notYetKnown }

    /// Where `typed` leads (rules 2 and 4).
    public func lookUp(_ typed: String) -> Lookup {
        if let page = page(named: typed) { return .page(page) }
        return isComplete || BoundedText.line(typed, limit: BoundedText.Limit.pageLabel).isEmpty ? .nowhere : .notYetKnown
    }

    /// The page `typed` names (rule 2), if any.
    public func page(named typed: String) -> Int? {
        let shown = BoundedText.line(typed, limit: BoundedText.Limit.pageLabel)
        guard !shown.isEmpty else { return nil }
        let number = Int(String(shown.unicodeScalars.filter { !$0.properties.isWhitespace }))
            .flatMap { pageCount > 0 && (1...pageCount).contains($0) ? $0 - 1 : nil }
        // A page whose label is its number is not kept, but is labelled so all the same.
        let labelledByNumber = number.flatMap { labels[$0] == nil && String($0 + 1) == shown ? $0 : nil }
        let labelled = labels.lazy.filter { $0.value == shown }.map(\.key).min()
        return [labelled, labelledByNumber].compactMap { $0 }.min() ?? number
    }
}

/// The port for reading page labels; a document adapter implements it.
public protocol PageLabelSource: AnyObject {
    /// The labels of a run of pages, nil where a page has none: one question to a helper.
    func pageLabels(_ range: Range<Int>) -> [String?]
}
