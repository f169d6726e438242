import Foundation

/// What a `SmallStateFile` keeps: JSON (keys sorted), read only within `sizeLimit` bytes.
/// The file is ours but untrusted: what does not decode, or decodes to what `isKept` refuses,
/// is `empty`.
public protocol SmallState: Codable, Sendable {
    static var fileName: String { get }
    static var sizeLimit: Int { get }
    static var empty: Self { get }
    var isKept: Bool { get }
}

extension SmallState {
    public var isKept: Bool { true }

    public func encoded() throws -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return Array(try encoder.encode(self))
    }

    /// The state in `bytes`; `empty` for bytes that are not one.
    public static func decoded(_ bytes: [UInt8]) -> Self {
        guard bytes.count <= sizeLimit, let state = try? JSONDecoder().decode(Self.self, from: Data(bytes)), state.isKept else { return empty }
        return state
    }
}

/// One small file of Quire's own state beside the remembered documents
/// (`$XDG_STATE_HOME/quire`, a private folder made if needed), replaced whole
/// (`AtomicFile`): what the last session showed, the size the last window had.
public struct SmallStateFile<State: SmallState> {
    private let file: AtomicFile

    public init(directory: String = DocumentStateStore.defaultDirectory()) {
        file = AtomicFile(directory: directory, name: State.fileName, steps: .system)
    }

    public var path: String { file.path }

    /// The state kept; `empty` when there is none or it cannot be read.
    public func read() -> State {
        guard case .bytes(let bytes, _) = file.read(limit: State.sizeLimit) else { return .empty }
        return State.decoded(bytes)
    }

    /// Keeps `state` in place of the one kept.
    public func write(_ state: State) throws {
        try PrivateDirectory.create(file.directory)
        if let problem = PrivateDirectory.problem(file.directory) { throw FileError(describing: problem) }
        try file.replace(with: state.encoded())
    }
}
