import QuireDocument
import QuireEngine
import QuireSandbox
import QuireWire
#if canImport(Glibc)
import Glibc
#endif

/// A signature helper's life: it opens the document; when it is signed, sets NSS up with
/// the reader's certificate database (`CertificateDatabase`) while it may still read it and
/// load NSS's modules, then confines itself as every helper does, so that verification,
/// which parses the document's CMS, runs confined with nothing new allowed. It reads where
/// the file's revisions end through its descriptor, answers once (`SignatureReply`) and ends.
enum SignatureHelper {
    static func serve(_ channel: Channel, document descriptor: Descriptor, displayPath: String, password: String?,
                      confine: () throws(Sandbox.Failure) -> Void) -> Never {
        func answer(_ reply: SignatureReply) -> Never {
            try? channel.sendWhole(reply.bytes)
            _exit(0)
        }
        // Confined below, once NSS has started: an unsigned document never starts it.
        let document: Document
        switch HelperOpening.open(descriptor, password: password, confine: {}) {
        case .success(let opened): document = opened
        case .failure(let failure): answer(.failed(reason: failure.reason))
        }
        let signed = document.isSigned
        var database = CertificateDatabase.State.missing(CertificateDatabase.candidates(home: home))
        if signed {
            let directory = CertificateDatabase.chosen(home: home) { access($0, F_OK) == 0 }
            let opened = Document.prepareSignatureChecks(database: directory)
            if let directory { database = opened ? .readable(directory) : .unreadable(directory) }
        }
        do { try confine() } catch { answer(.failed(reason: HelperOpening.Failure.confining(error).reason)) }
        guard signed else { answer(.unsigned) }
        let started = monotonicSeconds()
        let facts = document.signatureFacts()
        let milliseconds = (monotonicSeconds() - started) * 1000
        guard let revisions = revisions(of: descriptor) else { answer(.failed(reason: "the file could not be read again")) }
        answer(.checked(SignedFile(revisions, database: database), facts, milliseconds: milliseconds))
    }

    private static var home: String? {
        getenv("HOME").map { String(cString: $0) }.flatMap { $0.hasPrefix("/") ? $0 : nil }
    }

    /// The file's revisions, read through the descriptor the window sealed (the document as
    /// opened, whatever the path now holds), a megabyte at a time.
    private static func revisions(of descriptor: Descriptor) -> FileRevisions? {
        var revisions = FileRevisions()
        var buffer = [UInt8](repeating: 0, count: 1 << 20)
        var offset: off_t = 0
        while true {
            let count = buffer.withUnsafeMutableBytes { pread(descriptor.fd, $0.baseAddress, $0.count, offset) }
            if count < 0 && errno == EINTR { continue }
            guard count >= 0 else { return nil }
            if count == 0 { return revisions }
            buffer.withUnsafeBufferPointer { revisions.read(UnsafeBufferPointer(rebasing: $0[0..<count])) }
            offset += off_t(count)
        }
    }
}
