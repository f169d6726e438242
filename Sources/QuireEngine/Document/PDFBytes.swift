/// What a PDF's raw bytes say before any parser reads them: whether they start like one,
/// and whether a trailer names an encryption dictionary (poppler-glib does not say whether
/// a document it opened was encrypted: one with an empty user password opens like any other).
public enum PDFBytes {
    /// PDF allows the header anywhere in the first 1024 bytes.
    public static let headerWindow = 1024
    /// How far from each end of a file to look for its trailer's /Encrypt entry: the last
    /// trailer (or cross-reference stream) sits at the end; a linearized file repeats it
    /// near the start.
    public static let encryptionWindow = 65_536

    public static func namesEncryption(_ bytes: [UInt8]) -> Bool { contains(Array("/Encrypt".utf8), in: bytes) }

    public static func looksLikePDF(_ header: [UInt8]) -> Bool { contains(Array("%PDF-".utf8), in: header) }

    private static func contains(_ key: [UInt8], in bytes: [UInt8]) -> Bool {
        guard bytes.count >= key.count else { return false }
        return (0...(bytes.count - key.count)).contains { bytes[$0] == key[0] && bytes[$0..<$0 + key.count].elementsEqual(key) }
    }
}
