/// The port a document adapter implements so that the engine can render pages without
/// knowing poppler or cairo. One instance belongs to one thread.
public protocol PageRendering: AnyObject {
    associatedtype Picture: RenderedPicture
    func render(_ tile: TileKey) throws -> Picture
    /// Whether images cover most of the page (a scan), so that rendering it decodes them.
    func hasLargeImages(page: Int) -> Bool
}

extension PageRendering {
    /// Without a way to tell, a page slow to render counts as one of images.
    public func hasLargeImages(page: Int) -> Bool { true }
}

/// A finished, immutable picture that may cross threads.
public protocol RenderedPicture: Sendable {
    var byteCount: Int { get }
}
