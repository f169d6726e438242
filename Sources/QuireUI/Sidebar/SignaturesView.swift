import CAdwaita
import CGtk
import CShim
import QuireEngine
import QuireRemote

/// The Signatures pane: each digital signature of the document with its state, signer,
/// time, the revision it covers and why it is not valid or trusted (`SignatureWords.lines`),
/// in a list like the Annotations pane's (`SearchResultsList`'s rows). A click or Enter
/// goes to its field's page. Its switcher button shows only for a signed document.
@MainActor
final class SignaturesView {
    let widget: UnsafeMutablePointer<GtkWidget>
    private let rowsList = SearchResultsList(lines: 6, sized: false)
    private let status = Label(wrap: true)
    private(set) var verdicts: [SignatureVerdict] = []
    /// Whether the document's signatures have been checked (or could not be).
    private(set) var isComplete = false
    private var outcome: RemoteSignatures.Outcome?
    private var labelOf: (Int) -> String = { String($0 + 1) }
    /// Called with the page of the signature chosen.
    var onChosen: ((Int) -> Void)?

    init() {
        let column = Box.column()
        widget = column.widget
        status.addCSSClass("dim-label")
        for side in [gtk_widget_set_margin_start, gtk_widget_set_margin_end] { side(status.widget, 12) }
        gtk_widget_set_margin_top(status.widget, 6)
        gtk_widget_set_margin_bottom(status.widget, 6)
        column.append(status)
        column.append(rowsList.widget)
        rowsList.setName(tr("Signatures"))
        rowsList.onChosen = { [unowned self] ordinal in
            guard self.verdicts.indices.contains(ordinal - 1), let page = self.verdicts[ordinal - 1].facts.page else { return }
            self.onChosen?(page)
        }
        show(nil, labelOf: { String($0 + 1) })
    }

    /// The document's outcome; nil while its signatures are being checked.
    func show(_ outcome: RemoteSignatures.Outcome?, labelOf: @escaping (Int) -> String) {
        self.outcome = outcome
        self.labelOf = labelOf
        isComplete = outcome != nil
        verdicts = if case .checked(let verdicts, _, _) = outcome { verdicts } else { [] }
        rowsList.removeAll()
        rowsList.insert(verdicts.map { verdict in
            let lines = SignatureWords.lines(verdict, time: DocumentSignatures.timeWords)
            return SearchResultsList.Row(markup: markup(verdict, lines: lines, labelOf: labelOf), name: lines.joined(separator: ". "))
        }, at: 0)
        let text: String? = switch outcome {
        case nil: tr("Checking the signatures…")
        case .unsigned?: tr("This document is not signed")
        case .failed(let reason)?: tr("The signatures cannot be checked: {reason}", ["reason": reason])
        case .checked?: nil
        }
        status.text = text ?? ""
        status.setVisible(text != nil)
    }

    /// The document's page labels were read: the rows name pages by them.
    func labelsChanged() { show(outcome, labelOf: labelOf) }

    /// A row: its state in bold, its field and page dimmed, then its lines.
    private func markup(_ verdict: SignatureVerdict, lines: [String], labelOf: (Int) -> String) -> String {
        let place = [verdict.facts.fieldName] + (verdict.facts.page.map { [tr("p. {page}", ["page": labelOf($0)])] } ?? [])
        return "<b>\(SearchResultsList.escaped(SignatureWords.state(verdict.state)))</b>  <span alpha=\"55%\">"
            + SearchResultsList.escaped(place.filter { !$0.isEmpty }.joined(separator: " · ")) + "</span>\n"
            + lines.dropFirst().map(SearchResultsList.escaped).joined(separator: "\n")
    }
}
