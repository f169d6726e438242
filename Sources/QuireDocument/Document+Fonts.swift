import CPoppler
import QuireEngine

extension Document {
    /// The fonts the pages use, each once, in the order poppler meets them, the first
    /// `BoundedCount.fonts` of them (`PropertyText.fontCount` says so); names display-safe.
    /// Nil when `shouldStop` said so. Scanning reads every page's resources (seconds on a
    /// big book), so callers run it on a thread with its own document; it goes
    /// `pagesPerStep` pages at a time and asks `shouldStop` between steps.
    public func fonts(pagesPerStep: Int = 20, shouldStop: () -> Bool = { false }) -> [DocumentFont]? {
        guard let info = poppler_font_info_new(document) else { return [] }
        defer { poppler_font_info_free(info) }
        var fonts: [DocumentFont] = []
        var scanned = 0
        while scanned < pageCount && fonts.count < BoundedCount.fonts {
            if shouldStop() { return nil }
            var iterator: OpaquePointer?
            // True only when this step found fonts; an empty step leaves no iterator.
            _ = poppler_font_info_scan(info, Int32(pagesPerStep), &iterator)
            scanned += pagesPerStep
            guard let iterator else { continue }
            defer { poppler_fonts_iter_free(iterator) }
            repeat {
                let substitute = PopplerText.line(poppler_fonts_iter_get_substitute_name(iterator), limit: BoundedText.Limit.fontName)
                fonts.append(DocumentFont(name: PopplerText.line(poppler_fonts_iter_get_name(iterator), limit: BoundedText.Limit.fontName) ?? "",
                                          kind: Self.kindName(poppler_fonts_iter_get_font_type(iterator)),
                                          isEmbedded: poppler_fonts_iter_is_embedded(iterator) != 0,
                                          isSubset: poppler_fonts_iter_is_subset(iterator) != 0,
                                          substitute: substitute))
            } while fonts.count < BoundedCount.fonts && poppler_fonts_iter_next(iterator) != 0
        }
        return fonts
    }

    private static func kindName(_ type: PopplerFontType) -> String {
        switch type {
        case POPPLER_FONT_TYPE_TYPE1: "Type 1"
        case POPPLER_FONT_TYPE_TYPE1C: "Type 1C"
        case POPPLER_FONT_TYPE_TYPE1COT: "Type 1C (OpenType)"
        case POPPLER_FONT_TYPE_TYPE3: "Type 3"
        case POPPLER_FONT_TYPE_TRUETYPE: "TrueType"
        case POPPLER_FONT_TYPE_TRUETYPEOT: "TrueType (OpenType)"
        case POPPLER_FONT_TYPE_CID_TYPE0: "Type 1 (CID)"
        case POPPLER_FONT_TYPE_CID_TYPE0C: "Type 1C (CID)"
        case POPPLER_FONT_TYPE_CID_TYPE0COT: "Type 1C (OpenType CID)"
        case POPPLER_FONT_TYPE_CID_TYPE2: "TrueType (CID)"
        case POPPLER_FONT_TYPE_CID_TYPE2OT: "TrueType (OpenType CID)"
        default: ""
        }
    }
}
