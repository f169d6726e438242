/// Which pane of a split view an internal link leads in. Policy: a link clicked with Shift
/// goes to the other pane (opening the split), so that the page being read stays; a click
/// in a link's preview does too while the view is split (the preview showed the
/// destination: it is kept in view beside the text); anything else moves the pane clicked.
public enum OtherPaneLinks {
    public static func opensInOtherPane(shift: Bool, fromPreview: Bool, splitOpen: Bool) -> Bool {
        shift || (fromPreview && splitOpen)
    }
}
