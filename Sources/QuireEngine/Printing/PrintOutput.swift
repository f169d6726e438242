/// Where Print to File offers to write: in the reader's documents folder, named after the
/// document (its file name without ".pdf"), not GTK's "output" in the folder Quire was
/// started from. A name that would be the document itself gets " (printed)" added, so the
/// offer never overwrites what is being printed.
public enum PrintOutput {
    /// The file name without its extension (GTK adds the format's), for a document named
    /// `documentName` (a file name or a title) at `sourcePath`, printed into `folder`.
    public static func basename(documentName: String, sourcePath: String?, folder: String) -> String {
        var stem = documentName.split(separator: "/").last.map(String.init) ?? ""
        if stem.lowercased().hasSuffix(".pdf") { stem.removeLast(4) }
        if stem.isEmpty || stem.hasPrefix(".") { stem = "Document" + stem }
        let candidate = folder.hasSuffix("/") ? folder + stem + ".pdf" : folder + "/" + stem + ".pdf"
        return candidate == sourcePath ? stem + " (printed)" : stem
    }
}
