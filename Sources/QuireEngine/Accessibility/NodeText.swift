/// What a page's accessible node says: its name ("Page 3 of 40"), its text as the document
/// helper read it (the text search reads, lines in reading order), and a description of
/// what the text lacks. Bounded (`PageTextNodes` rule 3): at most `characterLimit`
/// characters, cut at a line's end when one is near; controls other than line breaks and
/// tabs are dropped (they mean nothing spoken and some upset a label's layout).
public struct NodeText: Equatable, Sendable {
    /// About five dense pages: more than any real page holds, and a label lays it out in
    /// about 15 ms on this machine (20,000 characters took 14 ms).
    public static let characterLimit = 20_000

    public enum State: Equatable, Sendable {
        /// The helper has not answered yet.
        case reading
        /// The helper failed on the page.
        case unreadable
        /// The page has no text (a scan, a picture).
        case empty
        case whole
        /// Cut: `kept` of the page's `of` characters (scalars) are given.
        case cut(kept: Int, of: Int)
    }

    public let state: State
    /// The page's text, or what is said instead when it has none.
    public let text: String

    public static let reading = NodeText(state: .reading, text: "")

    private init(state: State, text: String) {
        self.state = state
        self.text = text
    }

    /// The node of a page whose text is `read` (nil: it could not be read).
    public init(read: String?, limit: Int = characterLimit) {
        guard let read else {
            self.init(state: .unreadable, text: tr("The text of this page could not be read."))
            return
        }
        var kept = String.UnicodeScalarView()
        var total = 0, lastBreak: (count: Int, index: String.UnicodeScalarView.Index)?
        for scalar in read.unicodeScalars {
            if scalar.properties.generalCategory == .control, scalar != "\n", scalar != "\t" { continue }
            total += 1
            guard total <= limit else { continue }
            if scalar == "\n" { lastBreak = (total - 1, kept.endIndex) }
            kept.append(scalar)
        }
        if total > limit, let lastBreak, lastBreak.count > limit * 9 / 10 { kept.removeSubrange(lastBreak.index...) }
        let text = String(kept)
        if text.allSatisfy(\.isWhitespace) {
            self.init(state: .empty, text: tr("This page has no text."))
        } else {
            self.init(state: total > limit ? .cut(kept: kept.count, of: total) : .whole, text: text)
        }
    }

    /// "Page 3 of 40", with its label when the document gives it one other than its number.
    public static func name(page: Int, pageCount: Int, label: String) -> String {
        let values = ["number": String(page + 1), "count": String(pageCount), "label": label]
        return label == String(page + 1) || label.isEmpty ? tr("Page {number} of {count}", values)
            : tr("Page {number} of {count}, labelled {label}", values)
    }

    /// What the text lacks, in words (empty when it is whole).
    public var description: String {
        switch state {
        case .reading: tr("The text of this page is being read.")
        case .unreadable: tr("The text of this page could not be read.")
        case .empty: tr("This page has no text: it may be a scanned picture.")
        case .whole: ""
        case .cut(let kept, let total):
            tr("Only the first {kept} of the page’s {total} characters are given.", ["kept": String(kept), "total": String(total)])
        }
    }
}
