/// The port a document adapter implements so that the engine can render pages without
/// knowing poppler or cairo. One instance belongs to one thread.
public protocol PageRendering: AnyObject {
    associatedtype Picture: RenderedPicture
    func render(_ tile: TileKey) throws -> Picture
    /// Whether images cover most of the page (a scan), so that rendering it decodes them.
    func hasLargeImages(page: Int) -> Bool
    /// The CPU time the last render took where it was drawn, when that is not the calling
    /// thread (a helper process); nil to measure the calling thread's.
    var lastRenderSeconds: Double? { get }
    /// How another thread stops this renderer's render in progress; nil when renders
    /// cannot be stopped. Read on the renderer's thread, once.
    var abandoning: (any RenderAbandoning)? { get }
}

extension PageRendering {
    public var lastRenderSeconds: Double? { nil }
    /// Without a way to tell, a page slow to render counts as one of images.
    public func hasLargeImages(page: Int) -> Bool { true }
    /// poppler cannot stop a render in its own process.
    public var abandoning: (any RenderAbandoning)? { nil }
}

/// The one part of a renderer that other threads may use: stopping its render.
public protocol RenderAbandoning: Sendable {
    /// Makes the render in progress, if any, end soon by throwing `RenderFailure.abandoned`
    /// (or finish, if it was finishing anyway); between renders it does nothing. Returns
    /// at once: it is called with the render workers' lock held.
    func abandon()
}

/// A finished, immutable picture that may cross threads.
public protocol RenderedPicture: Sendable {
    /// What it counts against a picture budget (`TileCache`): four bytes a pixel, whatever
    /// its pixels take in memory (a grey picture takes one: the budget keeps as many pages
    /// of a scan as of anything else, in a quarter of the memory).
    var byteCount: Int { get }
    /// Which of the document's contents it shows (`CanvasModel.contentChanged`): the
    /// reader's form values as they were when it was drawn; 0 for the document as opened.
    var revision: Int { get }
}

extension RenderedPicture {
    public var revision: Int { 0 }
}
