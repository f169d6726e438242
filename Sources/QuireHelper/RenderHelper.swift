import CCairo
import QuireDocument
import QuireEngine
import QuireImage
import QuireSandbox
import QuireWire
#if canImport(Glibc)
import Glibc
#endif

/// A render helper's life: it opens the document it was given (the window's descriptor,
/// so the bytes the window chose), says so, and then renders one tile at a time into the
/// shared pixels the window makes for each, until the window closes the channel. It holds
/// no state the window needs: the window ends it to stop a render, and makes another
/// (which it sends the reader's form values again, before its first render).
enum RenderHelper {
    /// Opens the document and confines itself (`HelperOpening`), then serves. Forked
    /// before its zygote warmed up (`warm` false: the first view's helper), it warms up
    /// itself while the window lays out the first view.
    static func serve(_ channel: Channel, document descriptor: Descriptor, displayPath: String, password: String?,
                      warm: Bool = true, confine: () throws(Sandbox.Failure) -> Void) -> Never {
        let faults = HelperFaults.fromEnvironment(document: displayPath)
        let document = HelperOpening.openOrEnd(descriptor, password: password, confine: confine) { failure in
            try? channel.send(HelperReply.openFailed(reason: failure.reason).bytes)
        }
        faults.breakOut()
        guard (try? channel.send(HelperReply.ready(pageCount: document.pageCount).bytes)) != nil else { _exit(0) }
        // Forked before its zygote warmed up (the first view's helper), it warms up at its
        // first pause: after the window's looks at pages 1 and 2, answered first, and not at
        // all when page 1 is pictures (a scan: Splash draws it without fonts).
        var cold = !warm
        var form = ChangeState()
        var splash = SplashOpening(descriptor: descriptor, password: password)
        var cleanup = IdleCleanup()
        // A page's drawing (Splash's bands, cairo's buffers) goes back to the system when
        // freed, not kept in the heap until a trim at the window's next pause: on the scan,
        // tree PSS peak 92.8 -> 89.6 MiB in quire-bench, 140 -> 128 MiB paging a real window.
        ProcessHeap.fixThresholds(mapping: 128 << 10, trimmingPast: 128 << 10)
        while true {
            let message: (bytes: [UInt8], descriptors: [Descriptor])
            do {
                message = try channel.receive(within: cold ? IdleCleanup.pause : cleanup.wait)
            } catch .timedOut {
                if cold {
                    cold = false
                    Document.warmUp()
                    LaunchTrace.mark("render helper \(getpid()): warmed up")
                    continue
                }
                cleanup.runOne()
                continue
            } catch {
                _exit(0)
            }
            cleanup.asked()
            let passed = message.descriptors
            guard let request = try? HelperRequest(message.bytes) else { _exit(0) }
            let reply: HelperReply
            // The pixels stay mapped until the answer is sent, and after (`IdleCleanup`).
            var drawnInto: SharedPixels?
            switch request {
            case .render(let id, let tile, let rasterizer):
                faults.strike(page: tile.page, scale: tile.scale)
                // The reader's changes are set on the Document: Splash then draws its own
                // objects, not the file's.
                let pages = rasterizer != .splash ? nil : form.isEmpty ? splash.pages() : form.splashPages(of: document, around: tile.page)
                reply = render(id: id, tile, into: passed.first, keeping: &drawnInto, document, splash: pages, channel)
                    ?? .renderFailed(id: id, reason: "the window did not send the pixels")
            case .largeImages(let id, let page):
                let large = document.hasLargeImages(page: page)
                if page == 0 && large { cold = false }
                reply = .largeImages(id: id, large)
            case .pixels:
                continue // pixels not asked for: dropped, with their descriptor
            case .changes:
                guard let bytes = try? channel.receiveWhole(limit: WireLimit.reply),
                      let changes = try? ChangesMessage.changes(bytes) else { _exit(0) }
                form.show(changes, in: document)
                continue
            }
            guard (try? channel.send(reply.bytes)) != nil else { _exit(0) }
            if case .rendered(_, _, _, _, _, let rasterizer, _) = reply {
                cleanup.answered(drawnInto: drawnInto, bySplash: rasterizer == .splash)
            }
        }
    }

    /// Draws the tile into the memory the window offered with the question or, when that
    /// is too small, into memory it asks for, and says how it went; nil when the window
    /// did not answer as it should.
    private static func render(id: UInt32, _ tile: TileKey, into offered: Descriptor?, keeping kept: inout SharedPixels?, _ document: Document,
                               splash: SplashPages?, _ channel: Channel) -> HelperReply? {
        let size: (width: Int, height: Int)
        do {
            size = try document.pixelSize(of: tile)
        } catch {
            return .renderFailed(id: id, reason: "\(error)")
        }
        let byteCount = size.width * size.height * 4
        let pixels: SharedPixels
        if let offered, let mapped = try? SharedPixels(mapping: offered, byteCount: byteCount) {
            pixels = mapped
        } else {
            guard (try? channel.send(HelperReply.needs(id: id, width: size.width, height: size.height).bytes)) != nil,
                  let (bytes, passed) = try? channel.receive(), (try? HelperRequest(bytes)) == .pixels(id: id),
                  let descriptor = passed.first,
                  let mapped = try? SharedPixels(mapping: descriptor, byteCount: byteCount) else { return nil }
            pixels = mapped
        }
        kept = pixels
        guard let surface = cairo_image_surface_create_for_data(pixels.address.assumingMemoryBound(to: UInt8.self), CAIRO_FORMAT_ARGB32,
                                                                Int32(size.width), Int32(size.height), Int32(size.width * 4)) else { return nil }
        defer { cairo_surface_destroy(surface) }
        do {
            let (start, clock) = (threadSeconds(), monotonicSeconds())
            // A grey page (text in black, a scan) in a quarter of the memory: the window keeps it so.
            let grey = try document.draw(tile, into: surface, splash: splash, greyAllowed: true)
            if grey { pixels.discard(from: PageImage.greyStride(size.width) * size.height) }
            return .rendered(id: id, width: size.width, height: size.height, cpuSeconds: threadSeconds() - start,
                             drawSeconds: monotonicSeconds() - clock, drawnWith: splash == nil ? .cairo : .splash, grey: grey)
        } catch {
            return .renderFailed(id: id, reason: "\(error)")
        }
    }
}

/// The document's Splash pages, opened at the first tile that asks for them (most
/// documents never do); if they cannot be opened, cairo draws instead.
private struct SplashOpening {
    let descriptor: Descriptor
    let password: String?
    private var opened: SplashPages??

    init(descriptor: Descriptor, password: String?) {
        self.descriptor = descriptor
        self.password = password
    }

    mutating func pages() -> SplashPages? {
        if let opened { return opened }
        let pages = SplashPages(descriptor: descriptor.fd, password: password)
        opened = .some(pages)
        return pages
    }
}

/// The reader's changes as a render helper draws them: each form value set on its
/// document, each deleted annotation hidden, and what the reader no longer changes (an
/// undo) given back as it was.
private struct ChangeState {
    private var originals: [Int: FormValue] = [:]
    private var hiddenFlags: [FileAnnotation.Ref: UInt32] = [:]
    private var colours: [FileAnnotation.Ref: [Double]?] = [:]
    private var areas: [FileAnnotation.Ref: Rect] = [:]
    /// Whether the last changes sent were none (an undo of everything included).
    private(set) var isEmpty = true
    /// The pages the changes are on, where an annotation leads to the Document's own objects.
    private var pages: [Int] = []
    /// Splash over the Document's own objects, once found (`Document.splashPagesOfItsOwn`).
    private var ownSplash: SplashPages??

    mutating func splashPages(of document: Document, around page: Int) -> SplashPages? {
        if let ownSplash { return ownSplash }
        let found = document.splashPagesOfItsOwn(findingAnnotationOn: [page] + pages)
        ownSplash = .some(found)
        return found
    }

    mutating func show(_ changes: DocumentChanges, in document: Document) {
        isEmpty = changes.fields.isEmpty && changes.removed.isEmpty && changes.recoloured.isEmpty && changes.reshaped.isEmpty
        pages = Array(Set(changes.fields.map { Document.pageIndex(ofWidget: $0.id) } + changes.removed.map(\.page)
                          + changes.recoloured.map(\.ref.page) + changes.reshaped.map(\.ref.page))).sorted()
        let values = changes.fields
        let now = Set(values.map(\.id))
        let restored = originals.filter { !now.contains($0.key) }
        document.setFormValues(FieldValue.ordered(restored))
        for id in restored.keys { originals[id] = nil }
        for value in values where originals[value.id] == nil {
            if let original = document.formValue(id: value.id) { originals[value.id] = original }
        }
        document.setFormValues(values)

        let hidden = Set(changes.removed)
        let shown = hiddenFlags.keys.filter { !hidden.contains($0) }
        _ = document.setHidden(Array(shown), false, restoring: hiddenFlags)
        for ref in shown { hiddenFlags[ref] = nil }
        let newly = hidden.filter { hiddenFlags[$0] == nil }
        hiddenFlags.merge(document.setHidden(Array(newly), true)) { old, _ in old }

        let wanted = Dictionary(changes.recoloured.map { ($0.ref, $0.colour.rgb) }) { _, last in last }
        let back = colours.filter { wanted[$0.key] == nil }
        _ = document.setColours(back)
        for ref in back.keys { colours[ref] = nil }
        let before = document.setColours(wanted.mapValues { Optional($0) })
        colours.merge(before) { old, _ in old }

        let placed = Dictionary(changes.reshaped.map { ($0.ref, $0.area) }) { _, last in last }
        let home = areas.filter { placed[$0.key] == nil }
        _ = document.reshape(home)
        for ref in home.keys { areas[ref] = nil }
        areas.merge(document.reshape(placed)) { old, _ in old }
    }
}
