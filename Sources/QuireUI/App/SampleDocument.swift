import QuireEngine
/// The bundled guide, found when Quire runs from its source tree (the executable under
/// `.build/`); an installed Quire has none and shows the welcome page instead.
enum SampleDocument {
    static let relativePath = "data/quire-guide.pdf"

    static func pathInSourceTree() -> String? { ExecutableLocation.inSourceTree(relativePath) }
}
