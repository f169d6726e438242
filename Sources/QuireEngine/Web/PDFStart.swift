/// Whether the first bytes of a body are a PDF's (`WebFetchPolicy` rule 7): "%PDF-" within
/// the first 1024 bytes, where poppler looks for it too.
public enum PDFStart {
    public static let window = 1024

    /// True, false, or nil while fewer than `window` bytes have come and no header is seen yet.
    public static func check(_ bytes: some Collection<UInt8>, complete: Bool) -> Bool? {
        let head = Array(bytes.prefix(window))
        let marker = Array("%PDF-".utf8)
        if head.count >= marker.count {
            for start in 0...(head.count - marker.count) where head[start..<start + marker.count].elementsEqual(marker) { return true }
        }
        return head.count >= window || complete ? false : nil
    }
}
