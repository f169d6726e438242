import QuireEngine

/// A signature helper's one answer (`HelperKind.signatures`): the document is not signed,
/// or the file's facts and each signature's, or why it could not check them. The window
/// judges them (`SignatureVerdict`); nothing here is believed more than the helper is.
public enum SignatureReply: Equatable, Sendable {
    case unsigned
    /// `milliseconds`: how long verifying them all took, in the helper.
    case checked(SignedFile, [SignatureFacts], milliseconds: Double)
    case failed(reason: String)

    public static let reasonLimit = 1024
    static let pathLimit = 4096

    public var bytes: [UInt8] {
        var out = WireWriter()
        switch self {
        case .unsigned: out.u8(1)
        case .checked(let file, let signatures, let milliseconds):
            out.u8(2); out.f64(milliseconds); out.i64(file.length); out.i64(file.contentEnd)
            out.list(file.revisionEnds) { $0.i64($1) }
            switch file.database {
            case .readable(let path): out.u8(1); out.string(path, limit: Self.pathLimit)
            case .unreadable(let path): out.u8(2); out.string(path, limit: Self.pathLimit)
            case .missing(let paths): out.u8(3); out.list(paths) { $0.string($1, limit: Self.pathLimit) }
            }
            out.list(signatures) { out, facts in
                out.string(facts.fieldName, limit: SignatureFacts.textLimit * 4); out.string(facts.signer, limit: SignatureFacts.textLimit * 4)
                out.bool(facts.signingTime != nil); out.i64(facts.signingTime ?? 0)
                out.u8(facts.status.rawValue); out.u8(facts.certificate.rawValue)
                out.list(facts.byteRange) { $0.i64($1) }
                out.int(facts.page ?? -1)
            }
        case .failed(let reason): out.u8(3); out.string(reason, limit: Self.reasonLimit)
        }
        return out.bytes
    }

    public init(_ bytes: [UInt8]) throws(WireError) {
        var input = WireReader(bytes)
        switch try input.u8() {
        case 1: self = .unsigned
        case 2:
            let milliseconds = try input.f64(), length = try input.i64(), contentEnd = try input.i64()
            let ends = try input.list(limit: FileRevisions.endLimit, least: 8) { (r: inout WireReader) throws(WireError) in try r.i64() }
            let database: CertificateDatabase.State = switch try input.u8() {
            case 1: .readable(try input.string(limit: Self.pathLimit))
            case 2: .unreadable(try input.string(limit: Self.pathLimit))
            case 3: .missing(try input.list(limit: 8, least: 1) { (r: inout WireReader) throws(WireError) in try r.string(limit: Self.pathLimit) })
            case let other: throw .badValue("a certificate database of kind \(other)")
            }
            let signatures = try input.list(limit: SignatureFacts.perDocumentLimit, least: 20) { (r: inout WireReader) throws(WireError) in
                let name = try r.string(limit: SignatureFacts.textLimit * 4), signer = try r.string(limit: SignatureFacts.textLimit * 4)
                let timed = try r.bool(), time = try r.i64()
                let rawStatus = try r.u8(), rawCertificate = try r.u8()
                guard let status = SignatureFacts.Status(rawValue: rawStatus), let certificate = SignatureFacts.Certificate(rawValue: rawCertificate) else {
                    throw .badValue("a signature status of \(rawStatus), \(rawCertificate)")
                }
                let range = try r.list(limit: SignatureFacts.rangeLimit, least: 8) { (n: inout WireReader) throws(WireError) in try n.i64() }
                let page = try r.int()
                return SignatureFacts(fieldName: name, signer: signer, signingTime: timed ? time : nil, status: status,
                                      certificate: certificate, byteRange: range, page: page >= 0 ? page : nil)
            }
            self = .checked(SignedFile(length: length, revisionEnds: ends, contentEnd: contentEnd, database: database), signatures,
                            milliseconds: milliseconds.isFinite ? max(0, milliseconds) : 0)
        case 3: self = .failed(reason: try input.string(limit: Self.reasonLimit))
        case let other: throw .unknownMessage(other)
        }
        try input.finish()
    }
}
