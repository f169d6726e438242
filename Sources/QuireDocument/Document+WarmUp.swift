import CPoppler
import QuireEngine
#if canImport(Glibc)
import Glibc
#endif

extension Document {
    /// Opens and draws a one-line page in Helvetica, to load what every first render
    /// would otherwise load again in each helper: poppler's globals, fontconfig's
    /// configuration and cache, a substituted font, cairo's font caches; and reads a
    /// UTF-16 title, which loads glibc's converter for it (a gconv module, read from disk
    /// at its first use: a confined helper could not, and lost every non-ASCII title,
    /// label and outline entry). The zygote does it once, before it forks any helper; its
    /// helpers inherit the result.
    public static func warmUp() {
        let content = "BT /F1 12 Tf 10 10 Td (Quire) Tj ET"
        let objects = [
            "<< /Type /Catalog /Pages 2 0 R >>",
            "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
            "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 72 36] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>",
            "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
            "<< /Length \(content.utf8.count) >>\nstream\n\(content)\nendstream",
        ]
        var file = "%PDF-1.4\n"
        var offsets: [Int] = []
        for (index, object) in objects.enumerated() {
            offsets.append(file.utf8.count)
            file += "\(index + 1) 0 obj\n\(object)\nendobj\n"
        }
        let xref = file.utf8.count
        file += "xref\n0 \(objects.count + 1)\n0000000000 65535 f \n"
        for offset in offsets { file += String(repeating: "0", count: 10 - String(offset).count) + "\(offset) 00000 n \n" }
        file += "trailer\n<< /Size \(objects.count + 1) /Root 1 0 R /Info << /Title <FEFF00C9> >> >>\nstartxref\n\(xref)\n%%EOF\n"
        let bytes = Array(file.utf8)
        let source = DocumentSource(location: .bytes(LoadedBytes(bytes), uri: "warm-up"))
        let document = try? source.open()
        _ = try? document?.render(page: 0, scale: 1)
        _ = document?.title
    }
}
