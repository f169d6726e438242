import CSplash
import QuireEngine

extension Document {
    /// Writes each page's recognised `words` (points from the top-left of the page as
    /// displayed) into it as an invisible text layer (`TextLayer`), with one glyphless font
    /// for the document (`font`: a TrueType to embed, or empty). Must come after every other
    /// change to the pages (annotations, fields): poppler's pages keep their own copy of
    /// their dictionaries. Returns how many pages took it.
    public func addTextLayers(_ pages: [(page: Int, words: [RecognisedWord])], font: [UInt8]) -> Int {
        var fontObject: Int32 = 0
        var added = 0
        for (index, words) in pages where index >= 0 && index < pageCount && !words.isEmpty {
            let content = TextLayer.content(words, pageHeight: pageSize(at: index).height)
            let done = withPage(index) { page -> Bool? in
                content.withUnsafeBufferPointer { content in
                    TextLayer.toUnicode.withUnsafeBufferPointer { toUnicode in
                        font.withUnsafeBufferPointer { font in
                            csplash_add_text_layer(UnsafeMutableRawPointer(page), content.baseAddress, content.count, toUnicode.baseAddress, toUnicode.count,
                                                   font.isEmpty ? nil : font.baseAddress, font.count, &fontObject) == 1
                        }
                    }
                }
            } ?? false
            if done { added += 1 }
        }
        return added
    }
}
