/// The port a document adapter implements so that the engine can render pages without
/// knowing poppler or cairo. One instance belongs to one thread.
public protocol PageRendering: AnyObject {
    associatedtype Picture: RenderedPicture
    func render(_ tile: TileKey) throws -> Picture
}

/// A finished, immutable picture that may cross threads.
public protocol RenderedPicture: Sendable {
    var byteCount: Int { get }
}
