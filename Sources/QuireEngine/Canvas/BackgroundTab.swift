/// What a tab costs while another is shown. Policy:
/// 1. A tab not shown renders nothing: its plan is dropped, as a minimised window's is.
/// 2. Once it has been in the background `trimAfter` seconds it keeps only the pictures
///    of what it shows (and the thumbnails' small ones), to paint at once when chosen
///    again, and its render helpers end. The document's own helper (links, annotations,
///    form fields), its search's text and its remembered place stay.
/// 3. Chosen again, it plans as on any move: new render helpers open the document for
///    the first picture it lacks, none while what it shows is still sharp.
/// 4. A minute: long enough that flipping between two papers never pays for reopening,
///    short enough that ten tabs opened in a morning cost what ten pictures do.
public enum BackgroundTab {
    public static let trimAfter: Double = 60

}
