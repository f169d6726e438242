import QuireEngine
import QuireWire
#if canImport(Glibc)
import Glibc
#endif

/// A document's signatures as the window learns them: verified by a signature helper of
/// their own (`SignatureHelper`: poppler and NSS, confined), judged here by the engine
/// (`SignatureVerdict`). The policy:
///  1. One helper a document, asked once, from a worker thread (`HelperCallGuard`): it
///     answers within `seconds` or is ended, and the signatures "cannot be checked".
///  2. Names and signers are made display-safe here; a page out of the document is dropped.
///  3. How long it took is kept, for the window's log and the tests.
public enum RemoteSignatures {
    public static let seconds = 20.0

    public enum Outcome: Equatable, Sendable {
        case unsigned
        /// How long the helper took to verify them, and the whole check from the window's side.
        case checked([SignatureVerdict], verifying: Double, milliseconds: Double)
        /// The helper could not check them, in words for the reader.
        case failed(String)
    }

    public static func verify(_ file: DocumentFile, pageCount: Int) -> Outcome {
        guard HelperCallGuard.allows("signatures") else { return .failed(tr("Signatures were checked on the wrong thread")) }
        guard let zygote = Zygote.shared else { return .failed(tr("its helper processes did not start")) }
        let started = monotonicSeconds()
        let made: (pid: pid_t, channel: Channel)
        do {
            made = try zygote.spawn(.signatures, document: file.descriptor, displayPath: file.displayPath, password: file.password)
        } catch {
            return .failed(tr("no process could be made to check them ({reason})", ["reason": "\(error)"]))
        }
        defer { zygote.end(made.pid) }
        let reply: SignatureReply
        do {
            reply = try SignatureReply(made.channel.receiveWhole(within: seconds, limit: WireLimit.reply))
        } catch ChannelError.timedOut {
            return .failed(tr("checking them took longer than {seconds} s", ["seconds": String(Int(seconds))]))
        } catch {
            return switch zygote.exitStatus(of: made.pid) {
            case .signaled(let signal): .failed(tr("the process checking them crashed (signal {number})", ["number": String(signal)]))
            default: .failed(tr("the process checking them failed ({reason})", ["reason": "\(error)"]))
            }
        }
        switch reply {
        case .unsigned: return .unsigned
        case .failed(let reason): return .failed(BoundedText.line(reason, limit: SignatureReply.reasonLimit))
        case .checked(let signedFile, let facts, let verifying):
            let verdicts = facts.map { facts in
                var checked = facts
                checked.fieldName = BoundedText.line(facts.fieldName, limit: SignatureFacts.textLimit)
                checked.signer = BoundedText.line(facts.signer, limit: SignatureFacts.textLimit)
                checked.page = facts.page.flatMap { (0..<pageCount).contains($0) ? $0 : nil }
                return SignatureVerdict(checked, file: signedFile)
            }
            return .checked(verdicts, verifying: verifying, milliseconds: (monotonicSeconds() - started) * 1000)
        }
    }
}
