/// One widget of a form field (AcroForm) on a page, as a document helper read it: where it
/// is (points from the top-left of the page as displayed, as `PageMark`s are), what kind
/// it is, and the value the document gives it. The reader's values are `AnnotationEdits`'
/// `fieldValues`, by `id`; the document's own stay here.
/// poppler names a widget by its page and its place among the page's widgets, so the same
/// bytes give the same ids in every helper: the window's values reach the render and save
/// helpers by id.
public struct FormField: Hashable, Sendable, Identifiable {
    public enum Kind: Hashable, Sendable {
        /// `maxLength` 0: no limit.
        case text(multiline: Bool, password: Bool, maxLength: Int)
        case checkBox
        /// One button of a group: those of one group share a `name`; one at most is on.
        case radio
        case pushButton
        case choice(Choice)
        case signature
    }

    /// A combo box (a drop-down, maybe with a text of its own) or a list.
    public struct Choice: Hashable, Sendable {
        public var combo: Bool
        public var editable: Bool
        public var multiple: Bool
        public var items: [String]
        public init(combo: Bool, editable: Bool, multiple: Bool, items: [String]) {
            self.combo = combo; self.editable = editable; self.multiple = multiple
            self.items = Array(items.prefix(FormField.itemLimit))
        }
    }

    public let id: Int
    public let page: Int
    public let area: Rect
    public let kind: Kind
    /// Fully qualified: the radio buttons of one group, and the widgets of one field, share it.
    public let name: String
    /// What the document calls it for a reader (its /TU), for the tooltip; may be empty.
    public let label: String
    public let readOnly: Bool
    /// The document has a script to compute, format or check the value. Quire never runs
    /// one, so what the reader types stays as typed, and the reader is told.
    public let scripted: Bool
    /// The text's size in points; 0 when the document leaves it to the viewer.
    public let fontSize: Double
    public let value: FormValue
    /// The page's own /Rotate: a widget's text runs turned with its page.
    public let pageTurn: Rotation

    public init(id: Int, page: Int, area: Rect, kind: Kind, name: String, label: String, readOnly: Bool, scripted: Bool,
                fontSize: Double, value: FormValue, pageTurn: Rotation = .none) {
        self.id = id; self.page = page; self.area = area; self.kind = kind; self.pageTurn = pageTurn
        self.name = String(name.prefix(Self.nameLimit)); self.label = String(label.prefix(Self.nameLimit))
        self.readOnly = readOnly; self.scripted = scripted
        self.fontSize = fontSize.isFinite ? min(max(fontSize, 0), 1000) : 0
        self.value = value
    }

    /// Whether the reader can change it: push buttons would run an action, signatures
    /// are signed, not typed.
    public var isFillable: Bool {
        guard !readOnly else { return false }
        switch kind {
        case .pushButton, .signature: return false
        default: return true
        }
    }

    /// Bounds on what a document may declare: a page's widgets, a choice's items, names.
    public static let perPageLimit = 4096
    public static let itemLimit = 4096
    public static let nameLimit = 1024
    /// A text field's value (and an item's), in characters.
    public static let textLimit = 65536
}

/// What a widget holds: a text field's text (or an editable combo box's own), whether a
/// check box or radio button is on, the items chosen from a choice.
public enum FormValue: Hashable, Sendable {
    case text(String)
    case on(Bool)
    case chosen([Int])

    /// A field's text from a document, display-safe (`BoundedText`) line by line: a
    /// multi-line field keeps its lines, at most `limit` characters in all, cut without a mark.
    public static func safeText(_ text: String, limit: Int = FormField.textLimit) -> String {
        var left = limit
        var lines: [String] = []
        for line in text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r" || $0 == "\r\n" }) {
            guard left > 0 else { break }
            // Cut here, not by `BoundedText`, which would end it in "…": a value is written back.
            let safe = BoundedText.line(String(line.prefix(left)), limit: left)
            lines.append(safe)
            left -= safe.count + 1
        }
        return lines.joined(separator: "\n")
    }

    /// The value bounded as a field may hold it: text cut at `limit` characters (the
    /// field's own limit when it has one), chosen items within `count` and without repeats.
    public func bounded(textLimit limit: Int = FormField.textLimit, items count: Int = FormField.itemLimit) -> FormValue {
        switch self {
        case .text(let text): .text(String(text.prefix(max(0, min(limit, FormField.textLimit)))))
        case .on: self
        case .chosen(let items):
            .chosen(Array(Set(items.filter { $0 >= 0 && $0 < min(count, FormField.itemLimit) })).sorted())
        }
    }
}

/// A widget's value as set by the reader, by widget id.
public struct FieldValue: Hashable, Sendable {
    public let id: Int
    public let value: FormValue
    public init(id: Int, value: FormValue) { self.id = id; self.value = value }

    /// The reader's values in the order to set them in: buttons turned off before those
    /// turned on, so that a radio group ends with the one the reader chose on, whatever
    /// poppler does to the others when one turns on.
    public static func ordered(_ values: [Int: FormValue]) -> [FieldValue] {
        func rank(_ value: FormValue) -> Int { value == .on(true) ? 1 : 0 }
        return values.map { FieldValue(id: $0.key, value: $0.value) }
            .sorted { (rank($0.value), $0.id) < (rank($1.value), $1.id) }
    }
}

/// The reader's changes to what the document's own objects draw, as every render helper is
/// to draw them and the save helper to write them: form values, and the file's
/// annotations deleted, recoloured and moved or resized.
public struct DocumentChanges: Equatable, Sendable {
    public struct Recolouring: Equatable, Sendable {
        public let ref: FileAnnotation.Ref
        public let colour: Markup.Colour
        public init(ref: FileAnnotation.Ref, colour: Markup.Colour) { self.ref = ref; self.colour = colour }
    }
    /// One of the file's annotations moved or resized onto `area` (points from the top-left
    /// of the page as displayed).
    public struct Reshaping: Equatable, Sendable {
        public let ref: FileAnnotation.Ref
        public let area: Rect
        public init(ref: FileAnnotation.Ref, area: Rect) { self.ref = ref; self.area = area }
    }
    /// In the order to set them (`FieldValue.ordered`).
    public var fields: [FieldValue]
    public var removed: [FileAnnotation.Ref]
    public var recoloured: [Recolouring]
    public var reshaped: [Reshaping]
    public init(fields: [FieldValue] = [], removed: [FileAnnotation.Ref] = [], recoloured: [Recolouring] = [], reshaped: [Reshaping] = []) {
        self.fields = fields; self.removed = removed; self.recoloured = recoloured; self.reshaped = reshaped
    }
}
