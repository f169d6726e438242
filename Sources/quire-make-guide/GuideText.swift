// What the guide says: every feature a reader can use, with its keys, as README.md's
// "Using Quire" says it. Keys are written as the shortcuts window's accelerators read in
// English ("Shift+Ctrl+Z", "Page Down", "Enter"); a test checks that each key the
// shortcuts window lists is named here.

struct Section {
    enum Block {
        case paragraph(String)
        /// A titled table: rows of keys and what they do.
        case keys(String, [(keys: String, action: String)])
    }

    let title: String
    let blocks: [Block]
    var landscape = false
}

let sections: [Section] = [
    Section(title: "Opening documents", blocks: [
        .paragraph("Double-click a PDF in your file manager, or run quire FILE.pdf. Files open as tabs of one window; when Quire is already running, new files open as tabs of its window in front. Press Ctrl+O to choose a file, or drag a PDF from the file manager onto a window: a window showing a document takes it as a new tab. Ctrl+N opens a new, empty window; Ctrl+W closes the tab (the window with its last tab) and Ctrl+Q quits Quire. Shift+Ctrl+L (Open Location) opens a web address: the document is downloaded, with its progress shown, and a copy kept for the next time."),
        .paragraph("The main menu (F10, or the button at the right of the header bar) lists the documents opened last under Open Recent, and offers Save, Print, Properties, Preferences and About Quire. Ctrl+R reloads the document; it also reloads by itself when the file changes on disk, at the same place."),
        .paragraph("A file that is missing, damaged or not a PDF at all shows a clear message instead of a page, and Quire itself keeps running. An encrypted document asks for its password in the window: type it and press Enter; Escape gives up."),
        .paragraph("The tab bar shows once a window has two tabs. Ctrl+Page Down or Ctrl+Tab chooses the next tab, Ctrl+Page Up or Shift+Ctrl+Tab the previous one, Alt+1 to Alt+9 a tab by its place, and a click on a tab chooses it; Shift+Ctrl+Page Down and Shift+Ctrl+Page Up move it. Each tab keeps its own place, zoom, search, sidebar and annotations, and its title carries a dot while it has changes not saved: closing it asks first."),
        .paragraph("Drag a tab out of the tab bar (or choose Move to New Window in its right-click menu) to give it a window of its own, or onto another window's tab bar to move it there, with its place, search and changes. Started again without a file, Quire reopens the documents its windows had, each at its place; the Preferences can turn this off, and open documents in windows of their own instead of tabs."),
        .paragraph("Ctrl+\\ (or Split View in the main menu) shows the document twice: side by side, or one above the other in a window taller than wide. Each pane keeps its own place, zoom and history, the keys go to the pane you last clicked, searches and highlights show in both, and Shift+click on a link opens its destination in the other pane, so a figure or reference stays in view. Ctrl+\\ again closes the second pane."),
        .paragraph("A document opens again where you left it, with its zoom, rotation, page arrangement and sidebar. Ctrl+comma opens the Preferences: the zoom, layout and night mode new documents start with, whether they reopen where you left them, and more."),
    ]),
    Section(title: "Reading", blocks: [
        .paragraph("Pages scroll continuously: Page Down and Page Up, Space and Shift+Space move a screen, the arrows (Down, Up, Left, Right) and the wheel a little. n goes to the next page, p to the previous one, Home to the first page and End to the end of the document. Ctrl+L takes a page number or label (\"iv\") to go to."),
        .paragraph("Only the pages you can see are rendered, on threads of their own, so the window never waits for a slow page; a page scrolled into view shows a quick low-resolution picture until its sharp one arrives."),
        .paragraph("Pages fit the window's width at first. Ctrl+plus (or Ctrl+=) zooms in and Ctrl+minus zooms out, as Ctrl+wheel does around the pointer; Ctrl+0 shows the real size (100 %). Ctrl+Left and Ctrl+Right rotate the pages a quarter turn. The zoom menu fits the width, the whole page or the text column (Smart Fit), and shows pages two by two, as spreads, or one at a time."),
        .paragraph("Ctrl+I switches night mode: pages in inverted lightness, colours keeping their hue. F11 is fullscreen. F5 presents the document one page at a time on black: Page Down, Space, Right, Down, Enter or a click go on; Page Up, Backspace, Left or Up go back; Home and End go to the first and last page; Escape ends the presentation."),
        .paragraph("F9 shows or hides the sidebar: the document's outline, thumbnails of its pages, its annotations and your bookmarks. F7 is caret mode: a text cursor on the page, moved by the arrows, Ctrl+Left and Ctrl+Right by words, Home and End to the line's ends; with Shift they select. F7 or Escape leaves it."),
        .paragraph("Shift+Ctrl+Y (or Read Aloud in the main menu) reads the document aloud through Speech Dispatcher, sentence by sentence: from the caret in caret mode, else from the selection, else from the top of the view, on across the pages. The sentence being read is lit in violet and the view follows it. Shift+Ctrl+Y again pauses, and once more resumes with the sentence that was cut short; Escape stops. Pages without text are passed over, and said so; the voice's rate is in the Preferences."),
    ]),
    Section(title: "Finding and selecting", blocks: [
        .paragraph("Ctrl+F (or /) opens the find bar. Quire searches the whole document as you type, lights every match on screen and counts them (\"7 of 312\"). Enter, Ctrl+G or F3 goes to the next match, Shift+Enter, Shift+Ctrl+G or Shift+F3 to the previous one; Escape closes the find bar. Without Match Case, case and accents are ignored. Ctrl+Alt+R makes the query a regular expression. Shift+Ctrl+F (Find in All Documents) searches every document whose text Quire keeps. A scanned document's text is recognised in the background, in the document's own language, so that it can be found, selected, copied and read by a screen reader too; Save with Recognised Text in the main menu writes a copy whose words other programs find."),
        .paragraph("Drag over the page to select text, across pages too; double-click selects a word, triple-click a line, Shift+click extends. Ctrl+A selects everything, Ctrl+C (or Ctrl+Insert) copies the selection, and Escape clears it."),
    ]),
    Section(title: "Links and previews", blocks: [
        .paragraph("The pointer becomes a hand over a link, and a tooltip says where it leads. A click on a link inside the document goes to its destination; Alt+Left (or the Back key, or the mouse's back button) comes back, and Alt+Right (or the Forward key) goes forward again. Web and mail addresses open in the desktop's browser or mail program; nothing else is ever opened or run."),
        .paragraph("Rest the pointer on a link inside the document and a preview of its destination opens beside it, without moving the view; a click in the preview follows the link. References written in the text without a link are previewed too: \"Figure 3\", \"Table 1\", \"Section 4.2\", \"Eq. (7)\", \"Theorem 2.1\" or a citation \"[12]\"."),
        .paragraph("Ctrl+D bookmarks the place shown, under the title of its section (type another name and press Enter). The sidebar's Bookmarks view lists them. m, then a letter, marks the place shown with that letter; ' or `, then the letter, goes back to it."),
    ]),
    Section(title: "Annotating", blocks: [
        .paragraph("Select text, then press Ctrl+H to highlight it, Ctrl+U to underline it or Shift+Ctrl+X to strike it out; the right-click menu also offers a squiggly underline. Ctrl+M places a note at the pointer and opens it for its text (Escape or a click elsewhere keeps it)."),
        .paragraph("The Annotate button in the header bar (F6) shows the drawing tools: Pen, Eraser, Text Box, Line, Arrow, Rectangle, Ellipse and Stamp (Ctrl+1 to Ctrl+8), and a menu of their colour, width, fill and text size. With a tool chosen, press, drag and release on the page; Shift keeps a line at 45 degrees and a rectangle or ellipse square. A click with the text box opens a box to type in; a click with a stamp places it, and Shift+Ctrl+P chooses a PNG or JPEG picture for one. The eraser takes away the ink it passes over. Escape goes back to selecting text."),
        .paragraph("New highlights and notes are yellow, underlines blue, strike-outs red and squiggly lines green. A click on an annotation chooses it: a note opens, Delete deletes it, and its right-click menu changes its colour, edits its note or deletes it. The colour chosen is the one the next markups of its kind take. Resting the pointer on an annotation shows its text and author."),
        .paragraph("With no tool chosen, a click on a drawing chooses it: drag it to move it, drag a handle at a corner or side to resize it (Shift keeps its proportions), or move it with the arrow keys, a point at a time (ten with Shift). Tab and Shift+Tab choose the page's annotations in turn, yours and the file's; Escape chooses none."),
        .paragraph("Signature… in the main menu opens a pad where you draw your handwritten signature once; Quire keeps it in its own data folder, never in a document until you place it with a click on a page, where it moves and resizes like any drawing. It is a picture of a signature, not a digital signature."),
        .paragraph("Ctrl+Z undoes the last change to annotations and form fields, Shift+Ctrl+Z (or Ctrl+Y) redoes it. The Annotations view of the sidebar (F9) lists the file's annotations and yours in reading order, with colour, kind, page, author and text, and says which are not saved yet; a click goes there."),
    ]),
    Section(title: "Saving", blocks: [
        .paragraph("Until you save, the window's title starts with \"•\". Ctrl+S (or Save in the main menu) writes your annotations and form values into the file, replacing it whole, so that a crash leaves the old file or the new one. Shift+Ctrl+S (Save As) writes the document with your changes to another file, which the window then shows; a read-only file offers Save As."),
        .paragraph("Closing a window, quitting, reloading or opening another document with changes not saved asks first: Save (Enter), Discard or Cancel. When another program changes the file while you have changes not saved, Quire asks before reloading: Reload shows the new version, Keep This Version keeps the one you annotated."),
        .paragraph("Annotations are saved as standard PDF annotations, so other viewers show and print them. Ctrl+P prints the pages as they look, with your annotations and form values; Alt+Enter shows the document's properties and fonts."),
    ]),
    Section(title: "Forms", blocks: [
        .paragraph("A document's form is filled in place. Click a text field and type: Enter or a click elsewhere keeps the value, Escape leaves it as it was. Tab and Shift+Tab go to the next and previous field in the document's order."),
        .paragraph("A click or Space turns a check box or radio button; a list or combo box opens its choices. Values are undone with Ctrl+Z, printed, and saved with Ctrl+S as the form's own values, so other programs read them. No script of the document ever runs."),
    ]),
    Section(title: "Keyboard shortcuts", blocks: [
        .keys("Document", [("Ctrl+O", "Open a document"), ("Shift+Ctrl+L", "Open a web address"), ("Ctrl+N", "A new, empty window"), ("Ctrl+W", "Close the tab (the window with its last tab)"), ("Ctrl+Q", "Quit"),
               ("Ctrl+S", "Save the annotations and form values into the file"), ("Shift+Ctrl+S", "Save As: into another file, then shown"),
               ("Ctrl+R", "Reload"), ("Ctrl+P", "Print"), ("Alt+Enter", "Document properties"), ("Ctrl+comma", "Preferences"),
               ("F10", "The main menu"), ("Ctrl+?", "Keyboard shortcuts")]),
        .keys("Tabs", [("Ctrl+Page Down, Ctrl+Tab", "Next tab"), ("Ctrl+Page Up, Shift+Ctrl+Tab", "Previous tab"),
               ("Alt+1 … Alt+9", "The first to ninth tab"), ("Shift+Ctrl+Page Down / Shift+Ctrl+Page Up", "Move the tab right or left"),
               ("Ctrl+\\", "Split view: the document twice")]),
        .keys("Moving around", [("Page Down / Page Up", "A screen down or up (a page in one-at-a-time layouts)"), ("Space / Shift+Space", "A screen down or up"),
               ("Down, Up, Left, Right", "Scroll a little"), ("n", "Next page"), ("p", "Previous page"),
               ("Home / End", "First page / end of the document"), ("Ctrl+L", "Go to a page by its number or label"),
               ("Alt+Left, Back key", "Back to where a jump left"), ("Alt+Right, Forward key", "Forward again"),
               ("Ctrl+D", "Bookmark the place shown"), ("m, then a letter", "Mark the place shown"), ("' or `, then a letter", "Go to that mark"),
               ("F7", "Caret mode")]),
        .keys("Viewing", [("Ctrl+plus, Ctrl+= / Ctrl+minus", "Zoom in / out (Ctrl+wheel around the pointer)"), ("Ctrl+0", "Real size (100 %)"),
               ("Ctrl+Left / Ctrl+Right", "Rotate left / right"), ("F9", "Show or hide the sidebar"), ("Ctrl+I", "Night mode"),
               ("F11", "Fullscreen"), ("F5", "Presentation"), ("Shift+Ctrl+Y", "Read aloud; again to pause, resume"), ("Escape", "Stop reading aloud")]),
        .keys("Finding and selecting", [("Ctrl+F, /", "Find"), ("Ctrl+Alt+R", "Regular expressions in Find"), ("Shift+Ctrl+F", "Find in all documents"), ("Enter, Ctrl+G, F3", "Next match"), ("Shift+Enter, Shift+Ctrl+G, Shift+F3", "Previous match"),
               ("Escape", "Close the find bar, clear the selection"), ("Ctrl+A", "Select all"), ("Ctrl+C, Ctrl+Insert", "Copy the selection")]),
        .keys("Annotating", [("Ctrl+H", "Highlight the selection"), ("Ctrl+U", "Underline the selection"), ("Shift+Ctrl+X", "Strike out the selection"),
               ("Ctrl+M", "A note where the pointer is"), ("Delete", "Delete the annotation clicked"), ("Ctrl+Z", "Undo"),
               ("Shift+Ctrl+Z, Ctrl+Y", "Redo"), ("Tab / Shift+Tab", "Next / previous form field"), ("F6", "The annotation toolbar"),
               ("Ctrl+1, Ctrl+2, Ctrl+3, Ctrl+4", "Pen, Eraser, Text Box, Line"), ("Ctrl+5, Ctrl+6, Ctrl+7, Ctrl+8", "Arrow, Rectangle, Ellipse, Stamp"),
               ("Ctrl+9", "Fill shapes, on or off"), ("Shift+Ctrl+P", "A picture for a stamp")]),
        .keys("Presentation (F5)", [("Page Down, Space, Right, Down, Enter", "Next page (also a click or the wheel)"),
               ("Page Up, Backspace, Left, Up", "Previous page (also a right click)"), ("Home / End", "First or last page"),
               ("Escape", "End the presentation")]),
    ], landscape: true),
    Section(title: "Scripting Quire", blocks: [
        .paragraph("quire --snapshot OUT.png FILE opens FILE in a real window, waits until every visible page is rendered, saves the window as a PNG and exits. Add --page N, --zoom MODE, --rotate DEGREES, --layout dual or --size WxH."),
        .paragraph("The exit status is 0 on success and 2 when the document cannot be opened. Set QUIRE_PASSWORD for an encrypted document and QUIRE_CACHE_MB to size the picture cache. quire --help lists every option."),
    ]),
    Section(title: "About Quire", blocks: [
        .paragraph("Quire is a fast PDF viewer for the Linux desktop, written in Swift on GTK 4 and poppler. Documents are read by sandboxed helper processes, so a damaged or hostile file costs at most a page, never the window."),
        .paragraph("This guide was written by Quire's own PDF writer, so it is also one of Quire's test documents."),
    ]),
]
