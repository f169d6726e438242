import QuireDocument
import QuireEngine
import QuireSandbox
import QuireWire
#if canImport(Glibc)
import Glibc
#endif

/// How every helper starts: it opens its document from the window's descriptor, then
/// confines itself (the sandbox needs no path to the document: it holds it open).
enum HelperOpening {
    enum Failure: Error {
        case opening(DocumentError)
        /// Unconfined, a helper reads nothing of the document's.
        case confining(Sandbox.Failure)
    }

    static func open(_ descriptor: Descriptor, password: String?,
                     confine: () throws(Sandbox.Failure) -> Void) -> Result<Document, Failure> {
        let document: Document
        let started = monotonicSeconds()
        do {
            // By its /proc path, not poppler_document_new_from_fd: poppler 22.12 retries
            // an encrypted file's password on a copy of a stream it has just closed.
            document = try DocumentSource(path: "/proc/self/fd/\(descriptor.fd)", password: password).open()
        } catch {
            return .failure(.opening(error))
        }
        let opened = monotonicSeconds()
        do {
            try confine()
        } catch {
            return .failure(.confining(error))
        }
        // Another process's step on the window's time line (`LaunchTrace.turnOn`), named by its pid.
        LaunchTrace.mark("helper \(getpid()): opened its document in \(Int((opened - started) * 1000)) ms, confined itself in \(Int((monotonicSeconds() - opened) * 1000)) ms")
        return .success(document)
    }

    /// `open`, or, when the helper cannot serve, `answering` the window why (in its own
    /// kind of reply) and ending: a helper without its document has nothing to do.
    static func openOrEnd(_ descriptor: Descriptor, password: String?, confine: () throws(Sandbox.Failure) -> Void,
                          answering: (Failure) -> Void) -> Document {
        switch open(descriptor, password: password, confine: confine) {
        case .success(let document): return document
        case .failure(let failure):
            answering(failure)
            _exit(0)
        }
    }
}

extension HelperOpening.Failure {
    /// In words for the window.
    var reason: String {
        switch self {
        case .opening(let error): error.description
        case .confining(let error): "its helper could not be confined (\(error))"
        }
    }
}
