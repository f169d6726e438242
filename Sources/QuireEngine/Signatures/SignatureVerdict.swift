/// What Quire says of one digital signature. The policy, in order:
/// 1. **Invalid** when the signed bytes cannot stand: the byte range is not two spans from
///    the file's start around the signature itself, or ends past the file's end; or
///    poppler finds the digest does not match, the signature's CMS cannot be decoded, or
///    the signature is cryptographically wrong.
/// 2. **Cannot be checked** when poppler could not verify it, or no certificate database
///    could be read (none found, or one that does not open): never "valid" then.
/// 3. **Not trusted** when the certificate is not: issuer unknown or not trusted, revoked,
///    expired, or its check failed; the reason is said.
/// 4. Otherwise **valid**. A signature covers the revision whose end (`%%EOF`) its byte
///    range reaches; when the file goes on past it, the document was changed after
///    signing: still valid for the revision signed, and the window says so.
/// The document's banner says the worst of its signatures (`SignatureWords.banner`).
public struct SignatureVerdict: Equatable, Sendable {
    public enum State: Int, Comparable, Sendable {
        case valid, changedSince, untrusted, cannotBeChecked, invalid
        public static func < (a: State, b: State) -> Bool { a.rawValue < b.rawValue }
    }

    /// Which bytes of the file the signature covers.
    public enum Coverage: Equatable, Sendable {
        /// The whole file as it is.
        case wholeDocument(revisions: Int)
        /// Revision `revision` of `of`: the file was changed after signing.
        case revision(Int, of: Int)
        /// The byte range is not one a signature could have (rule 1), in words.
        case broken(String)
    }

    public let facts: SignatureFacts
    public let state: State
    public let coverage: Coverage
    /// Why the state is what it is, one line each, most important first.
    public let reasons: [String]

    public init(_ facts: SignatureFacts, file: SignedFile) {
        self.facts = facts
        coverage = Self.coverage(of: facts.byteRange, in: file)
        var reasons: [String] = []
        var state = State.valid
        func worsen(_ to: State, _ reason: String) {
            state = max(state, to)
            reasons.append(reason)
        }
        if case .broken(let why) = coverage { worsen(.invalid, why) }
        switch facts.status {
        case .valid: break
        case .digestMismatch: worsen(.invalid, tr("The signed bytes were changed after signing"))
        case .invalid: worsen(.invalid, tr("The signature does not match the signed bytes"))
        case .decodingError: worsen(.invalid, tr("The signature's data is damaged"))
        case .notFound: worsen(.invalid, tr("The signature field holds no signature"))
        case .genericError, .notVerified: worsen(.cannotBeChecked, tr("The signature could not be verified"))
        }
        switch file.database {
        case .readable:
            switch facts.certificate {
            case .trusted: break
            case .untrustedIssuer: worsen(.untrusted, tr("The certificate's issuer is not trusted"))
            case .unknownIssuer: worsen(.untrusted, tr("The certificate's issuer is unknown: it is not in your certificate database"))
            case .revoked: worsen(.untrusted, tr("The certificate has been revoked"))
            case .expired: worsen(.untrusted, tr("The certificate has expired"))
            case .genericError, .notVerified: worsen(.untrusted, tr("The certificate could not be checked"))
            }
        case .unreadable(let path):
            worsen(.cannotBeChecked, tr("The certificate database {path} cannot be read", ["path": path]))
        case .missing(let looked):
            worsen(.cannotBeChecked, tr("There is no certificate database (looked in {paths})", ["paths": looked.joined(separator: ", ")]))
        }
        if state == .valid, case .revision = coverage { state = .changedSince }
        self.state = state
        self.reasons = reasons
    }

    /// Rule 1's byte range, and rule 4's revision.
    static func coverage(of range: [Int64], in file: SignedFile) -> Coverage {
        guard range.count == 4, range.allSatisfy({ $0 >= 0 }) else {
            return .broken(tr("Its byte range is not two spans of the file"))
        }
        let (start, firstLength, second, secondLength) = (range[0], range[1], range[2], range[3])
        let (end, overflow) = second.addingReportingOverflow(secondLength)
        guard start == 0, firstLength < second, !overflow else {
            return .broken(tr("Its byte range does not cover the file around the signature"))
        }
        guard end <= file.length else { return .broken(tr("Its byte range ends past the file's end")) }
        let revisions = max(1, file.revisionEnds.count)
        let revision = min(revisions, max(1, file.revisionEnds.filter { $0 <= end }.count))
        return end >= file.contentEnd ? .wholeDocument(revisions: revisions) : .revision(revision, of: revisions)
    }
}

/// What a helper found of one signature: poppler's statuses as they are, and the page of
/// its field. `SignatureVerdict` judges them.
public struct SignatureFacts: Equatable, Sendable {
    /// poppler's `PopplerSignatureStatus`, in its order.
    public enum Status: UInt8, Sendable, CaseIterable {
        case valid, invalid, digestMismatch, decodingError, genericError, notFound, notVerified
    }
    /// poppler's `PopplerCertificateStatus`, in its order.
    public enum Certificate: UInt8, Sendable, CaseIterable {
        case trusted, untrustedIssuer, unknownIssuer, revoked, expired, genericError, notVerified
    }

    public var fieldName: String
    public var signer: String
    /// Seconds since 1970 (UTC); nil when the signature names no time.
    public var signingTime: Int64?
    public var status: Status
    public var certificate: Certificate
    /// The /ByteRange as the file writes it: offset, length, offset, length.
    public var byteRange: [Int64]
    /// The page its widget is on, when it has one.
    public var page: Int?

    public init(fieldName: String, signer: String, signingTime: Int64?, status: Status, certificate: Certificate,
                byteRange: [Int64], page: Int? = nil) {
        self.fieldName = String(fieldName.prefix(Self.textLimit)); self.signer = String(signer.prefix(Self.textLimit))
        self.signingTime = signingTime; self.status = status; self.certificate = certificate
        self.byteRange = Array(byteRange.prefix(Self.rangeLimit)); self.page = page
    }

    public static let textLimit = 256
    /// More than the four numbers a byte range has: enough to tell a wrong one.
    public static let rangeLimit = 16
    /// The most signatures one document's verification reports.
    public static let perDocumentLimit = 256
}

/// The file a document's signatures are checked against.
public struct SignedFile: Equatable, Sendable {
    public var length: Int64
    /// Where each revision ends: the offset just past each `%%EOF`, in order.
    public var revisionEnds: [Int64]
    /// Past the last byte that is not white space: a newline after `%%EOF` changes nothing.
    public var contentEnd: Int64
    public var database: CertificateDatabase.State

    public init(length: Int64, revisionEnds: [Int64], contentEnd: Int64, database: CertificateDatabase.State) {
        self.length = length; self.revisionEnds = revisionEnds; self.contentEnd = contentEnd; self.database = database
    }

    public init(_ revisions: FileRevisions, database: CertificateDatabase.State) {
        self.init(length: revisions.length, revisionEnds: revisions.ends, contentEnd: revisions.contentEnd, database: database)
    }
}
