/// A font a document uses, as the Properties dialog lists it.
public struct DocumentFont: Equatable, Sendable {
    public var name: String
    /// The font program's kind as people name it: "TrueType", "Type 1", "Type 3"…
    public var kind: String
    public var isEmbedded: Bool
    public var isSubset: Bool
    /// The system font drawn in its place when it is not embedded.
    public var substitute: String?

    public init(name: String, kind: String, isEmbedded: Bool, isSubset: Bool, substitute: String? = nil) {
        self.name = name
        self.kind = kind
        self.isEmbedded = isEmbedded
        self.isSubset = isSubset
        self.substitute = substitute
    }
}

extension PropertyText {
    /// "DejaVuSans — TrueType, embedded subset"; "Helvetica — Type 1, not embedded, shown
    /// as Nimbus Sans".
    public static func font(_ font: DocumentFont) -> String {
        var parts = [font.kind.isEmpty ? tr("unknown kind") : font.kind]
        parts.append(font.isEmbedded ? (font.isSubset ? tr("embedded subset") : tr("embedded")) : tr("not embedded"))
        if !font.isEmbedded, let substitute = font.substitute, !substitute.isEmpty { parts.append(tr("shown as {font}", ["font": substitute])) }
        let name = font.name.isEmpty ? tr("(unnamed)") : font.name
        return name + " — " + parts.joined(separator: ", ")
    }
}

extension PropertyText {
    /// The font list's heading: "3 fonts"; at `BoundedCount.fonts`, where reading stops,
    /// that the document may use more.
    public static func fontCount(_ count: Int) -> String {
        switch count {
        case 0: tr("The document uses no fonts.")
        case BoundedCount.fonts...: tr("The first {count} fonts (the document may use more)", ["count": grouped(BoundedCount.fonts)])
        default: trn("{count} font", "{count} fonts", count, ["count": grouped(count)])
        }
    }
}
