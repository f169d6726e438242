import CAdwaita
import CGtk
import CShim
import QuireEngine
import QuireImage
import QuireRemote
import Synchronization

/// Previews of internal links: resting the pointer on one shows its destination in a
/// popover beside it, without moving the view; a click in the popover follows the link.
/// `LinkPreview` is the policy (when, which strip, what scale).
///
/// The strip is drawn by a render helper of the previews' own, made at the first preview,
/// on a thread of its own (`HelperWorker`): the canvas's render slots never wait for a
/// preview, and pointer motion never waits for a helper. Only the newest preview asked
/// for is drawn.
@MainActor
final class LinkPreviews {
    private unowned let canvas: PageCanvas
    private let file: DocumentFile
    private var worker: HelperWorker<RemoteRenderer>?
    /// The link under the pointer, on its page, where the pointer rests (a page point), its
    /// rest timer while it runs, and the region it names (a figure's, a table's).
    private var resting: (link: Link, page: Int, spot: Point, timer: UInt32?, region: Rect?)?
    /// The preview asked for or shown, where the pointer rested, where the view was then,
    /// and its popover once shown.
    private var shown: (link: Link, page: Int, spot: Point, preview: LinkPreview, view: Point, zoom: Double, popover: UnsafeMutablePointer<GtkWidget>?)?
    /// Resting on text: the timer, and the count of motions (a lookup for an older one is dropped).
    private var textTimer: UInt32?
    private var lookups = 0
    /// The links' document helper, which reads the line under a resting pointer.
    private let lines: DocumentWorker
    /// The references' document helper, made at the first rest on a reference: a lookup may read
    /// many pages, and the links of the pages coming into view must not wait behind it.
    /// The pages' text it read, and which lookup is current (an older one stops reading).
    private var reader: DocumentWorker?
    private let texts = PageTexts()
    private let currentLookup = LookupCount()
    private var overPopover = false
    private var closing: UInt32?
    /// Bumped by every preview asked for and every close: a picture for an older one is dropped.
    private var generation = 0
    /// When the preview asked for began resting (monotonic seconds), for `QUIRE_TRACE_PREVIEWS`.
    private var restBegan = 0.0
    private let trace: Bool
    /// Follows a link (a click in its preview).
    var follow: ((Link) -> Void)?

    /// The label a page shows, for the caption "Page iv".
    private let labelOf: (Int) -> String

    init(file: DocumentFile, canvas: PageCanvas, lines: DocumentWorker, trace: Bool, labelOf: @escaping (Int) -> String) {
        self.labelOf = labelOf
        self.lines = lines
        self.file = file
        self.trace = trace
        self.canvas = canvas
        canvas.watchViewMoved { [weak self] in self?.viewMoved() }
        let motion = gtk_event_controller_motion_new()!
        Signal.connect(motion, "leave") { [weak self] in self?.pointer(over: nil, at: nil) }
        gtk_widget_add_controller(canvas.canvasWidget, motion)
    }

    isolated deinit {
        worker?.stop()
        reader?.stop()
        close()
    }

    /// The pointer is over `link` at `spot` (a page point), over a page's text (no link),
    /// or off the pages (nil).
    func pointer(over link: Link?, at spot: (page: Int, point: Point)?) {
        // The popover is the canvas's child: its motion reaches the canvas too, at the page
        // under it, and must neither close it nor start a lookup there.
        if overPopover { return }
        if let spot, let shown, shown.page == spot.page, shown.link.area.contains(spot.point) {
            cancelClosing()
            return
        }
        if let link, let spot, let resting, resting.link == link, resting.page == spot.page { return }
        stopResting()
        if shown != nil { closeSoon() }
        guard let spot else { return }
        restBegan = monotonicSeconds()
        if let link {
            guard case .page = link.target else { return }
            let timer = MainLoop.after(seconds: LinkPreview.restSeconds) { [weak self] in self?.rested() }
            resting = (link, spot.page, spot.point, timer, nil)
        } else {
            // Text: resting means no motion for a while, so each motion starts again.
            lookups += 1
            currentLookup.value.store(lookups, ordering: .relaxed)
            let lookup = lookups
            textTimer = MainLoop.after(seconds: LinkPreview.restSeconds) { [weak self] in self?.restedOnText(spot, lookup: lookup) }
        }
    }

    private func stopResting() {
        if let timer = resting?.timer { g_source_remove(timer) }
        resting = nil
        if let textTimer { g_source_remove(textTimer) }
        textTimer = nil
        lookups += 1
        currentLookup.value.store(lookups, ordering: .relaxed)
    }

    /// Looks for a reference under the pointer ("Figure 3", "[12]") and, when its target
    /// is found, previews it as a link from the reference's words (`TextReference`). The
    /// line under the pointer is read by the links' helper; only a line holding a
    /// reference goes on to the references' own helper, so a reader who rests on plain
    /// text costs no helper more.
    private func restedOnText(_ spot: (page: Int, point: Point), lookup: Int) {
        textTimer = nil
        let point = PagePoint(page: spot.page, point: spot.point)
        lines.run(key: "reference-line") { document in
            let line = document.selectedText(TextSelection(anchor: point, head: point, style: .line))
            guard !TextReference.find(inLine: line).isEmpty else { return }
            MainLoop.invoke { [weak self] in
                guard let self, self.lookups == lookup else { return }
                self.lookUp(at: spot, lookup: lookup)
            }
        }
    }

    private func lookUp(at spot: (page: Int, point: Point), lookup: Int) {
        let pageCount = canvas.pageCount
        let texts = texts
        let reader = reader ?? DocumentWorker(file: file)
        self.reader = reader
        let current = currentLookup
        reader.run(key: "reference") { document in
            let source = RemoteReferences(document: document, pageCount: pageCount, texts: texts) {
                current.value.load(ordering: .relaxed) == lookup
            }
            guard let found = ReferenceLookup.find(at: PagePoint(page: spot.page, point: spot.point), in: source) else { return }
            MainLoop.invoke { [weak self] in
                guard let self, self.lookups == lookup, self.resting == nil else { return }
                self.resting = (found.link, spot.page, spot.point, nil, found.region)
                self.rested()
            }
        }
    }

    private func rested() {
        guard var resting else { return }
        resting.timer = nil
        self.resting = resting
        close()
        self.resting = resting
        let scale = Double(gtk_widget_get_scale_factor(canvas.canvasWidget))
        guard let preview = LinkPreview(of: resting.link.target, region: resting.region, pageSizes: canvas.documentSizes,
                                        deviceScale: scale) else { return }
        generation += 1
        let generation = generation
        shown = (resting.link, resting.page, resting.spot, preview, canvas.scrollPosition, canvas.zoomPercent, nil)
        let worker = worker ?? HelperWorker(open: { [file] in try RemoteRenderer(file: file) }) { reason in
            printError("Link previews are not drawn: \(reason)")
        }
        self.worker = worker
        let link = resting.link, page = resting.page
        worker.run(key: "preview") { renderer in
            var pieces: [(image: PageImage, x: Int, y: Int)] = []
            do {
                for cell in preview.cells { pieces.append((try renderer.render(cell.tile), cell.x, cell.y)) }
            } catch {
                printError("The preview of page \(preview.page + 1) could not be drawn: \(error)")
                return
            }
            let strip = PageImage.joined(width: preview.pixels.width, height: preview.pixels.height, from: pieces)
            MainLoop.invoke { [weak self] in if let strip { self?.arrived(strip, generation: generation, link: link, page: page) } }
        }
    }

    /// Shows the strip beside `link`, on `page` (by the pointer when the link fills the view:
    /// `LinkPreviewPlacement`), unless another preview was asked for since.
    private func arrived(_ strip: PageImage, generation: Int, link: Link, page: Int) {
        guard generation == self.generation, let shown, shown.popover == nil else { return }
        let popover = gtk_popover_new()!
        gtk_popover_set_autohide(quire_popover(popover), 0)
        gtk_widget_add_css_class(popover, "link-preview")
        let texture = GObjectRef(taking: quire_texture_for_surface(strip.surface))
        let picture = gtk_picture_new_for_paintable(quire_paintable(texture.raw))!
        gtk_picture_set_can_shrink(quire_picture(picture), 1)
        // A picture of the place the link leads to: a screen reader hears where that is.
        let place = tr("Preview of page {page}", ["page": labelOf(shown.preview.page)])
        setAccessibleName(picture, place)
        setAccessibleName(popover, place)
        // The strip's size in logical pixels, whatever the texture's pixels (HiDPI): the
        // frame's size alone decides it.
        let frame = gtk_scrolled_window_new()!
        gtk_scrolled_window_set_policy(quire_scrolled_window(frame), GTK_POLICY_EXTERNAL, GTK_POLICY_EXTERNAL)
        gtk_scrolled_window_set_child(quire_scrolled_window(frame), picture)
        let logical = shown.preview.logicalSize
        gtk_widget_set_size_request(frame, Int32(logical.width), Int32(logical.height))
        let caption = gtk_label_new(tr("Page {page} · click to go there", ["page": labelOf(shown.preview.page)]))!
        gtk_widget_add_css_class(caption, "dim-label")
        gtk_label_set_xalign(quire_label(caption), 0)
        let column = gtk_box_new(GTK_ORIENTATION_VERTICAL, 4)!
        gtk_box_append(quire_box(column), frame)
        gtk_box_append(quire_box(column), caption)
        gtk_widget_set_cursor_from_name(column, "pointer")
        gtk_popover_set_child(quire_popover(popover), column)
        let click = gtk_gesture_click_new()!
        Signal.connectClick(click, "released") { [weak self] _, _, _ in self?.clickedPreview() }
        gtk_widget_add_controller(column, click)
        let motion = gtk_event_controller_motion_new()!
        Signal.connect(motion, "enter") { [weak self] (_: Double, _: Double) -> Bool in
            self?.overPopover = true
            self?.cancelClosing()
            return false
        }
        Signal.connect(motion, "leave") { [weak self] in
            self?.overPopover = false
            self?.closeSoon()
        }
        gtk_widget_add_controller(popover, motion)
        gtk_widget_set_parent(popover, canvas.canvasWidget)
        let pointer = canvas.viewRect(of: Rect(x: shown.spot.x, y: shown.spot.y, width: 0, height: 0), onPage: page)
        let placement = LinkPreviewPlacement(strip: logical, link: canvas.viewRect(of: link.area, onPage: page),
                                             pointer: Point(x: pointer.x, y: pointer.y), view: canvas.viewportSize)
        let area = placement.rect
        var at = GdkRectangle(x: Int32(saturating: area.x), y: Int32(saturating: area.y),
                              width: Int32(saturating: area.width), height: Int32(saturating: area.height))
        gtk_popover_set_pointing_to(quire_popover(popover), &at)
        gtk_popover_set_position(quire_popover(popover), placement.below ? GTK_POS_BOTTOM : GTK_POS_TOP)
        self.shown?.popover = popover
        gtk_popover_popup(quire_popover(popover))
        if trace {
            let area = shown.preview.area, ms = Int((monotonicSeconds() - restBegan - LinkPreview.restSeconds) * 1000)
            printError("preview shown: page \(shown.preview.page + 1), area \(Int(area.x)) \(Int(area.y)) \(Int(area.maxX)) \(Int(area.maxY)), \(ms) ms after the rest")
        }
    }

    /// Whether the pointer is within `popover`'s surface.
    private static func pointerIsOver(_ popover: UnsafeMutablePointer<GtkWidget>) -> Bool {
        guard let surface = gtk_native_get_surface(quire_native(popover)),
              let seat = gdk_display_get_default_seat(gtk_widget_get_display(popover)),
              let pointer = gdk_seat_get_pointer(seat) else { return false }
        var x = 0.0, y = 0.0
        guard gdk_surface_get_device_position(surface, pointer, &x, &y, nil) != 0 else { return false }
        return x >= 0 && y >= 0 && x < Double(gdk_surface_get_width(surface)) && y < Double(gdk_surface_get_height(surface))
    }

    /// A click the canvas got while the pointer is over the preview (GTK sent it there;
    /// see `closeSoon`) is the preview's: followed, and taken from the links under it.
    func takesClick() -> Bool {
        guard let popover = shown?.popover, Self.pointerIsOver(popover) else { return false }
        // After this event: GTK still holds the popover as the pointer's widget while it
        // delivers it, and a popover taken away meanwhile makes it complain.
        MainLoop.invoke { [weak self] in self?.clickedPreview() }
        return true
    }

    private func clickedPreview() {
        guard let link = shown?.link else { return }
        close()
        stopResting()
        follow?(link)
    }

    private func viewMoved() {
        guard let shown, shown.view != canvas.scrollPosition || shown.zoom != canvas.zoomPercent else { return }
        close()
        stopResting()
    }

    /// Closes the preview in a moment, unless the pointer reaches it or its link first:
    /// the way from the link to the popover crosses a gap.
    private func closeSoon() {
        guard closing == nil, !overPopover else { return }
        closing = MainLoop.after(seconds: 0.3) { [weak self] in
            guard let self else { return }
            self.closing = nil
            // GTK 4.8 on X11 may report the pointer leaving a popover it rests on, and send
            // it to the canvas below (about one rest in two here): where the pointer is decides.
            let underPointer = self.shown?.popover.map(Self.pointerIsOver) ?? false
            if !self.overPopover && !underPointer { self.close() }
        }
    }

    private func cancelClosing() {
        if let closing { g_source_remove(closing) }
        closing = nil
    }

    private func close() {
        cancelClosing()
        generation += 1
        overPopover = false
        guard let shown else { return }
        self.shown = nil
        if let popover = shown.popover {
            gtk_popover_popdown(quire_popover(popover))
            gtk_widget_unparent(popover)
        }
    }
}

/// Which text lookup is current, read by the references' helper thread.
private final class LookupCount: Sendable {
    let value = Atomic<Int>(0)
}

/// The references' helper's document as their source, its pages' text kept.
private struct RemoteReferences: ReferenceSource {
    let document: RemoteDocument
    let pageCount: Int
    let texts: PageTexts
    /// False once the pointer has moved on: the pages not read yet are not read.
    let isCurrent: @Sendable () -> Bool

    func line(at point: PagePoint) -> String { document.selectedText(TextSelection(anchor: point, head: point, style: .line)) }
    func matchAreas(of query: SearchQuery, onPage page: Int) -> [[Rect]] { document.matchAreas(of: query, onPage: page) }
    func text(of page: Int) -> String? { isCurrent() ? texts.text(of: page, document) : texts.kept(page) }
    func outlineEntries() -> [OutlineTree.Entry] { texts.outline(document) }
    func characters(onPage page: Int) -> PageCharacters? { document.characters(onPage: page, size: document.pageSize(at: page)) }
}

/// The pages' text the reference lookups read, kept up to `budget` bytes (the pages read
/// last are kept), and the outline, read once: touched only on the reader's thread, but
/// made on the main one.
private final class PageTexts: Sendable {
    private struct State {
        var texts: [Int: String] = [:]
        var order: [Int] = []
        var bytes = 0
        var outline: [OutlineTree.Entry]?
    }
    private let state = Mutex(State())
    static let budget = 16 << 20

    func kept(_ page: Int) -> String? { state.withLock { $0.texts[page] } }

    func text(of page: Int, _ document: RemoteDocument) -> String? {
        if let kept = kept(page) { return kept }
        guard let text = document.readableText(at: page) else { return nil }
        state.withLock { state in
            state.texts[page] = text
            state.order.append(page)
            state.bytes += text.utf8.count
            while state.bytes > Self.budget, !state.order.isEmpty {
                let oldest = state.order.removeFirst()
                state.bytes -= state.texts.removeValue(forKey: oldest)?.utf8.count ?? 0
            }
        }
        return text
    }

    func outline(_ document: RemoteDocument) -> [OutlineTree.Entry] {
        if let kept = state.withLock({ $0.outline }) { return kept }
        let entries = document.outline()?.entries ?? []
        state.withLock { $0.outline = entries }
        return entries
    }
}
