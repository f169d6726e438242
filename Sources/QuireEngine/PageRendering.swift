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
}

extension PageRendering {
    public var lastRenderSeconds: Double? { nil }
    /// Without a way to tell, a page slow to render counts as one of images.
    public func hasLargeImages(page: Int) -> Bool { true }
}

/// A finished, immutable picture that may cross threads.
public protocol RenderedPicture: Sendable {
    var byteCount: Int { get }
}
