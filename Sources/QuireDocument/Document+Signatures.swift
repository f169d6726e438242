import CPoppler
import CSplash
import QuireEngine
#if canImport(Glibc)
import Glibc
#endif

extension Document {
    /// Whether the document has signature fields: a signature helper checks nothing else.
    public var isSigned: Bool { poppler_document_get_n_signatures(document) > 0 }

    /// Sets NSS up with the database at `directory` (nil: none); before confinement, since
    /// NSS loads its modules and reads the database as it starts. Returns whether it opened.
    public static func prepareSignatureChecks(database directory: String?) -> Bool {
        csplash_signatures_prepare(directory) == 1
    }

    /// Each signature field's facts (at most `SignatureFacts.perDocumentLimit`), read and
    /// verified by `csplash_signature_facts`. Judged by `SignatureVerdict`.
    public func signatureFacts() -> [SignatureFacts] {
        guard let fields = poppler_document_get_signature_fields(document) else { return [] }
        defer { g_list_free_full(fields) { g_object_unref($0) } }
        var facts: [SignatureFacts] = []
        var item: UnsafeMutablePointer<GList>? = fields
        while let current = item, facts.count < SignatureFacts.perDocumentLimit {
            item = current.pointee.next
            guard let raw = current.pointee.data else { continue }
            let field = OpaquePointer(raw)
            var extra = csplash_signature()
            guard csplash_signature_facts(raw, &extra) == 0 else { continue }
            let status = SignatureFacts.Status(rawValue: UInt8(clamping: extra.status)) ?? .genericError
            let signer = withUnsafeBytes(of: extra.signer) { PopplerText.line($0.bindMemory(to: CChar.self).baseAddress, limit: SignatureFacts.textLimit) } ?? ""
            let time = extra.signing_time > 0 ? Int64(extra.signing_time) : nil
            let name = poppler_form_field_get_partial_name(field).map { raw in
                defer { g_free(raw) }
                return PopplerText.line(raw, limit: SignatureFacts.textLimit) ?? ""
            } ?? ""
            let ranges = withUnsafeBytes(of: extra.ranges) { Array($0.bindMemory(to: Int64.self).prefix(Int(extra.range_count))) }
            facts.append(SignatureFacts(fieldName: name, signer: signer, signingTime: time, status: status,
                                        certificate: SignatureFacts.Certificate(rawValue: UInt8(clamping: extra.certificate)) ?? .genericError,
                                        byteRange: ranges, page: extra.page >= 0 && Int(extra.page) < pageCount ? Int(extra.page) : nil))
        }
        return facts
    }
}
