import CSpeechd
import Glibc
import QuireEngine

/// What speech-dispatcher says of a message said.
enum SpeechEvent: Sendable {
    case ended, cancelled
}

/// The process's voice: one connection to speech-dispatcher, opened on the first sentence
/// said (never at launch: it may start the service, which takes a while), on a thread of
/// its own, so that a service slow to answer never holds up the window. One reader speaks
/// at a time: saying something for another owner cuts the last one's short, and it hears
/// so (`cancelled`).
/// A connection that fails is reported to the listener and dropped; the next sentence
/// tries again. So is one that has not taken a sentence within `patience` seconds (a
/// service that accepts and never answers; starting one takes a second or two).
@MainActor
final class Speaker {
    static let shared = Speaker()

    private var worker: HelperWorker<SpeechConnection>?
    /// Who hears the events of the message said last, and its id once known.
    private var listener: (token: Int, owner: ObjectIdentifier, heard: @MainActor (SpeechEvent) -> Void, failed: @MainActor (String) -> Void)?
    private var speaking: (token: Int, id: Int)?
    /// Events that came in before `spd_say` returned their message's id.
    private var early: [(id: Int, event: SpeechEvent)] = []
    private var tokens = 0
    static let patience = 10.0

    /// Says `text` at `rate` (-100 to 100) for `owner`, cutting short what was being said;
    /// `heard` hears it end (or be cancelled), `failed` why nothing could be said.
    func say(_ text: String, rate: Int, for owner: AnyObject, heard: @escaping @MainActor (SpeechEvent) -> Void,
             failed: @escaping @MainActor (String) -> Void) {
        if let other = listener, other.owner != ObjectIdentifier(owner) {
            listener = nil
            other.heard(.cancelled)
        }
        tokens += 1
        let token = tokens
        listener = (token, ObjectIdentifier(owner), heard, failed)
        speaking = nil
        early = []
        connection().run { connection in
            connection.cancel()
            let id = connection.say(text, rate: rate)
            MainLoop.invoke { Speaker.shared.sent(id, token: token) }
        }
        MainLoop.after(seconds: Self.patience) {
            let speaker = Speaker.shared
            if speaker.listener?.token == token, speaker.speaking == nil { speaker.failed(tr("Speech Dispatcher does not answer.")) }
        }
    }

    /// Cancels what is being said; its listener hears nothing more.
    func stop() {
        listener = nil
        speaking = nil
        worker?.run { $0.cancel() }
    }

    private func connection() -> HelperWorker<SpeechConnection> {
        if let worker { return worker }
        let made = HelperWorker<SpeechConnection>(open: { () throws(SpeechConnection.Failure) in try SpeechConnection() },
                                                  failed: { failure in MainLoop.invoke { Speaker.shared.failed(failure.message) } })
        worker = made
        return made
    }

    private func failed(_ message: String) {
        worker?.stop()
        worker = nil
        let failed = listener?.failed
        listener = nil
        failed?(message)
    }

    private func sent(_ id: Int, token: Int) {
        guard listener?.token == token else { return }
        guard id > 0 else { return failed(tr("Speech Dispatcher did not take the text to read.")) }
        speaking = (token, id)
        let waiting = early.filter { $0.id == id }
        early = []
        for event in waiting where listener?.token == token { listener?.heard(event.event) }
    }

    /// An event from speech-dispatcher's thread, brought to the main thread.
    fileprivate func heard(_ event: SpeechEvent, id: Int) {
        guard let speaking else {
            if listener != nil { early.append((id, event)) }
            return
        }
        guard speaking.id == id, let listener, listener.token == speaking.token else { return }
        listener.heard(event)
    }
}

/// A connection to speech-dispatcher, used on its worker's thread only (`Speaker`); its
/// events arrive on the library's own thread and are handed to the main thread.
final class SpeechConnection: @unchecked Sendable {
    struct Failure: Error {
        let message: String
    }

    private let raw: UnsafeMutablePointer<SPDConnection>

    init() throws(Failure) {
        var error: UnsafeMutablePointer<CChar>?
        guard let raw = spd_open2("quire", "read-aloud", nil, SPD_MODE_THREADED, nil, 1, &error) else {
            let reason = error.map { String(cString: $0) } ?? ""
            free(error)
            throw Failure(message: reason.isEmpty ? tr("Read Aloud needs Speech Dispatcher, which could not be reached.")
                : tr("Read Aloud needs Speech Dispatcher, which could not be reached: {reason}", ["reason": reason]))
        }
        self.raw = raw
        // Callbacks without context: the one connection's events go to the one speaker.
        let callback: SPDCallback = { id, _, type in
            let event: SpeechEvent? = switch type {
            case SPD_EVENT_END: .ended
            case SPD_EVENT_CANCEL: .cancelled
            default: nil
            }
            guard let event else { return }
            MainLoop.invoke { Speaker.shared.heard(event, id: id) }
        }
        raw.pointee.callback_end = callback
        raw.pointee.callback_cancel = callback
        _ = spd_set_notification_on(raw, SPD_END)
        _ = spd_set_notification_on(raw, SPD_CANCEL)
    }

    deinit { spd_close(raw) }

    /// The message's id, or -1 when it was not taken.
    func say(_ text: String, rate: Int) -> Int {
        _ = spd_set_voice_rate(raw, Int32(max(-100, min(100, rate))))
        return Int(spd_say(raw, SPD_TEXT, text))
    }

    func cancel() { _ = spd_cancel(raw) }
}
