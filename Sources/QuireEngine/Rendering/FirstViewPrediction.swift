/// The first view's first picture, asked for before the window has laid itself out (issue
/// 48, item 1). The policy:
///  1. As soon as a window to show a document in is built and the document's summary is
///     in, the window predicts its canvas's size (its content at the window's default size,
///     laid out as GTK will lay it out) and the view the document starts with, and the
///     first view's helper draws the first tile that view puts on screen, while the window
///     shows the document and GTK realizes it: on the 40-page scan the picture takes
///     90 ms, half the time from exec to the first frame.
///  2. Only a view this can tell exactly is predicted: the start's zoom, turn, arrangement
///     and continuity, then its remembered place or asked page, as the view applies them,
///     with no search, no sidebar and no split view opening (those change what the canvas
///     shows or its size). Any other start is laid out first, as before. A reader who
///     reopens a document where they left it is the common case: predicted too.
///  3. The prediction is the canvas's own arithmetic (`CanvasModel`, set up as the view sets
///     up its canvas, then resized to the predicted size): on an ordinary desktop it gives
///     the very tile the canvas asks for.
///     A prediction the canvas does not ask for (a window manager gave the window another
///     size first) is dropped at the first tile asked: it costs one render, no more.
public enum FirstViewPrediction {
    /// The tile the first view puts on screen first, for a document of `pageSizes` (as
    /// estimated from its summary) started as `start` says in a canvas of `viewport` points
    /// at `deviceScale` pixels a point; nil when the start is one rule 2 leaves out
    /// (`opensSplit`: the document's remembered split view opens with it).
    public static func firstTile(pageSizes: [Size], start: ViewStart.Plan, opensSplit: Bool = false, viewport: Size, deviceScale: Double,
                                 budget: Int) -> TileKey? {
        guard !pageSizes.isEmpty, viewport.width >= 1, viewport.height >= 1, start.search == nil, start.sidebar == nil,
              !opensSplit else { return nil }
        // In the order the view sets up its canvas (`DocumentView`), before it has a size.
        var model = CanvasModel<NoPicture>(pageSizes: pageSizes, zoom: start.zoom, budget: budget)
        if start.rotation != model.layout.rotation { _ = model.setRotation(start.rotation) }
        if start.arrangement != model.layout.arrangement { _ = model.setArrangement(start.arrangement) }
        if start.continuous != model.layout.continuous { _ = model.setContinuous(start.continuous) }
        if let place = start.place { _ = model.go(.place(place)) }
        if let page = start.page { _ = model.go(.page(page)) }
        model.setDeviceScale(deviceScale)
        model.scroll(to: model.resize(to: viewport))
        let plan = model.plan()
        return plan.urgent > 0 ? plan.tiles.first : nil
    }

    /// The picture type of a model that never holds one.
    private struct NoPicture: RenderedPicture {
        var byteCount: Int { 0 }
        var revision: Int { 0 }
    }
}
