import CAdwaita
import CGtk
import CShim
import QuireEngine
import QuireRemote

/// A document's digital signatures in the window: verified once the first view is drawn,
/// by a helper of their own on a thread of their own (`RemoteSignatures`), never on the
/// main one; then the banner above the page (`SignatureBanner`), the Signatures pane
/// (`SignaturesView`) and the signature fields on the page (their tooltip, a click) say
/// what the engine judged (`SignatureVerdict`).
@MainActor
final class DocumentSignatures {
    private unowned let banner: SignatureBanner
    private unowned let view: SignaturesView
    private let file: DocumentFile
    private let pageCount: Int
    private let labelOf: (Int) -> String
    private var started = false
    /// Counts the checks asked: an answer to one asked before the last is dropped.
    private var checks = 0
    private(set) var outcome: RemoteSignatures.Outcome?
    /// Called once the signatures are checked (or could not be).
    var onChecked: ((RemoteSignatures.Outcome) -> Void)?

    init(file: DocumentFile, pageCount: Int, banner: SignatureBanner, view: SignaturesView, labelOf: @escaping (Int) -> String) {
        self.file = file
        self.pageCount = pageCount
        self.banner = banner
        self.view = view
        self.labelOf = labelOf
        banner.hide()
        view.show(nil, labelOf: labelOf)
    }

    /// Starts the check, once: after the first view, so that it never competes with it.
    func start() {
        guard !started else { return }
        started = true
        let file = self.file, pageCount = self.pageCount
        checks += 1
        let check = checks
        startThread {
            let outcome = RemoteSignatures.verify(file, pageCount: pageCount)
            MainLoop.invoke { [weak self] in self?.checked(outcome, check: check) }
        }
    }

    var isSettled: Bool { outcome != nil }

    /// The reader saved into `path`: a signed document's signatures are checked again on
    /// the file as saved, which appended an update after them (so "changed since").
    func saved(to path: String) {
        guard started, outcome != .unsigned else { return }
        let source = DocumentSource(path: path, password: file.password), pageCount = self.pageCount
        checks += 1
        let check = checks
        startThread {
            let outcome = Result { () throws(DocumentError) in try DocumentFile(opening: source) }
                .map { RemoteSignatures.verify($0, pageCount: pageCount) }
            let checked = (try? outcome.get()) ?? .failed(tr("the file as saved could not be opened"))
            MainLoop.invoke { [weak self] in self?.checked(checked, check: check) }
        }
    }

    private func checked(_ outcome: RemoteSignatures.Outcome, check: Int) {
        guard check == checks else { return }
        self.outcome = outcome
        view.show(outcome, labelOf: labelOf)
        switch outcome {
        case .unsigned: banner.hide()
        case .checked(let verdicts, let verifying, let milliseconds):
            func ms(_ value: Double) -> String { String(format: "%.1f", value) }
            printError("signatures: \(verdicts.count) verified in \(ms(verifying)) ms (\(ms(verifying / Double(max(1, verdicts.count)))) ms each),"
                  + " checked in \(ms(milliseconds)) ms from the window; \(verdicts.map { "\($0.state)" }.joined(separator: ", "))")
            if let line = SignatureWords.banner(verdicts, time: Self.timeWords), let worst = verdicts.map(\.state).max() {
                banner.show(line, worst: worst)
            }
        case .failed(let reason):
            banner.show(tr("This document is signed, but its signatures cannot be checked: {reason}", ["reason": reason]), worst: .cannotBeChecked)
        }
        onChecked?(outcome)
    }

    /// The verdict of the signature field named `name` (fully qualified, as `FormField`
    /// names it; the signature's own name is its last part).
    func verdict(field name: String) -> SignatureVerdict? {
        guard case .checked(let verdicts, _, _)? = outcome else { return nil }
        return verdicts.first { name == $0.facts.fieldName || name.hasSuffix("." + $0.facts.fieldName) }
    }

    /// What a signature field says under the pointer: its state, signer and why.
    func describe(field name: String) -> String? {
        guard outcome != nil else { return tr("Checking the signature…") }
        guard let verdict = verdict(field: name) else { return tr("A signature field") }
        return SignatureWords.lines(verdict, time: Self.timeWords).joined(separator: "\n")
    }

    /// A signing time in the reader's time zone, as year, month, day and minute.
    nonisolated static func timeWords(_ seconds: Int64) -> String {
        guard let time = g_date_time_new_from_unix_local(gint64(seconds)) else { return String(seconds) }
        defer { g_date_time_unref(time) }
        guard let text = g_date_time_format(time, "%Y-%m-%d %H:%M") else { return String(seconds) }
        defer { g_free(text) }
        return String(cString: text)
    }
}
