import CSplash

extension SplashPages {
    /// The full names of page `index`'s widgets `ids` (their field's /T and its
    /// ancestors', joined by dots), read by libpoppler's classes over the same bytes as
    /// the `Document` (`csplash_field_names`): poppler-glib's own, `poppler_form_field_get_name`,
    /// never returns when a field's /Parent chain loops. An id without a name is missing.
    public func fieldNames(page index: Int, ids: [Int]) -> [Int: String] {
        let wanted = ids.compactMap { UInt32(exactly: $0) }
        guard !wanted.isEmpty, let page = Int32(exactly: index) else { return [:] }
        // A name is at most 1,024 bytes, and its NUL.
        var buffer = [CChar](repeating: 0, count: wanted.count * 1025)
        let written = wanted.withUnsafeBufferPointer { ids in
            buffer.withUnsafeMutableBufferPointer { out in
                csplash_field_names(document, page, ids.baseAddress, ids.count, out.baseAddress, out.count)
            }
        }
        guard written > 0 else { return [:] }
        var names: [Int: String] = [:]
        var start = 0
        for id in wanted where start < written {
            let end = buffer[start..<written].firstIndex(of: 0) ?? written
            names[Int(id)] = String(decoding: buffer[start..<end].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            start = end + 1
        }
        return names
    }
}
