/// What the window says of signatures, in the reader's language: the banner's line for the
/// document (the worst of its signatures first: one that is invalid is never hidden behind
/// one that is valid) and each signature's lines for the Signatures view and its field.
/// `time` turns a signing time into the reader's words (the UI's clock and locale).
public enum SignatureWords {
    /// The state in a word or two.
    public static func state(_ state: SignatureVerdict.State) -> String {
        switch state {
        case .valid: tr("Valid")
        case .changedSince: tr("Valid, changed since")
        case .untrusted: tr("Not trusted")
        case .cannotBeChecked: tr("Cannot be checked")
        case .invalid: tr("Invalid")
        }
    }

    /// Who signed and when: "Alice Signer, 6 Dec 2026 15:39".
    public static func signer(_ facts: SignatureFacts, time: (Int64) -> String) -> String {
        let who = facts.signer.isEmpty ? tr("an unknown signer") : facts.signer
        guard let when = facts.signingTime else { return who }
        return tr("{signer}, {time}", ["signer": who, "time": time(when)])
    }

    /// Which revision it covers, in words.
    public static func coverage(_ coverage: SignatureVerdict.Coverage) -> String {
        switch coverage {
        case .wholeDocument(let revisions) where revisions > 1:
            tr("Covers the whole document (revision {revision} of {count})", ["revision": String(revisions), "count": String(revisions)])
        case .wholeDocument: tr("Covers the whole document")
        case .revision(let revision, let count):
            tr("Covers revision {revision} of {count}; the document was changed after signing",
               ["revision": String(revision), "count": String(count)])
        case .broken(let why): why
        }
    }

    /// A signature's lines: its state and signer, then what it covers, then why.
    public static func lines(_ verdict: SignatureVerdict, time: (Int64) -> String) -> [String] {
        let head = tr("{state}: signed by {signer}", ["state": state(verdict.state), "signer": signer(verdict.facts, time: time)])
        let covered = if case .broken = verdict.coverage { [String]() } else { [coverage(verdict.coverage)] }
        let trusted = verdict.state <= .changedSince ? [tr("The certificate is trusted")] : []
        return [head] + covered + verdict.reasons + trusted
    }

    /// The banner's line: for one signature its signer, time and state, then why it is not
    /// valid (the first reason) or which revision it covers; for several, how many and the
    /// worst.
    public static func banner(_ verdicts: [SignatureVerdict], time: (Int64) -> String) -> String? {
        guard let worst = verdicts.max(by: { $0.state < $1.state }) else { return nil }
        if verdicts.count == 1 {
            let why = worst.state == .changedSince ? coverage(worst.coverage) : worst.reasons.first
            return tr("Signed by {signer}: {state}", ["signer": signer(worst.facts, time: time), "state": state(worst.state)])
                + (why.map { " — " + $0 } ?? "")
        }
        let count = verdicts.filter { $0.state == worst.state }.count
        if count == verdicts.count { return tr("{count} signatures, all: {state}", ["count": String(count), "state": state(worst.state)]) }
        return trn("{count} signatures; {worst} of them: {state}", "{count} signatures; {worst} of them: {state}", verdicts.count,
                   ["worst": String(count), "state": state(worst.state)])
    }
}
