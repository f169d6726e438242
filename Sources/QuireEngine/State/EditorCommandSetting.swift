import Foundation

/// The editor command for inverse search (`EditorCommand`) as Quire kept it before it had
/// preferences, and still keeps it where the settings schema is missing (the preferences'
/// editor command takes it over: `Preferences.editorCommand`): one line in
/// `$XDG_CONFIG_HOME/quire/synctex-editor-command` (usually `~/.config/quire/`), written
/// whole and atomically. It names a program Quire runs, so it is read only from a private
/// folder (`PrivateDirectory`: the user's own, writable by no one else) and a regular file.
public struct EditorCommandSetting: Sendable {
    public static let fileName = "synctex-editor-command"
    static let limit = 16 << 10
    public let directory: String

    public init(directory: String = EditorCommandSetting.defaultDirectory()) { self.directory = directory }

    public struct Failure: Error, Equatable, CustomStringConvertible {
        public let description: String
    }

    /// The command remembered; nil when none was ever given.
    public func read() throws(Failure) -> String? {
        if let problem = PrivateDirectory.problem(directory) { throw Failure(description: "the editor command is not read: \(problem)") }
        switch file.read(limit: Self.limit) {
        case .missing: return nil
        case .unreadable(let reason): throw Failure(description: "the editor command cannot be read: \(reason)")
        case .bytes(let bytes, _):
            let command = String(decoding: bytes, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            return command.isEmpty ? nil : command
        }
    }

    /// Remembers `command` for later launches.
    public func write(_ command: String) throws(Failure) {
        do {
            try PrivateDirectory.create(directory)
            if let problem = PrivateDirectory.problem(directory) { throw FileError(describing: problem) }
            try file.replace(with: Array((command + "\n").utf8))
        } catch {
            throw Failure(description: "the editor command cannot be remembered: \(error)")
        }
    }

    private var file: AtomicFile { AtomicFile(directory: directory, name: Self.fileName, steps: .system) }

    /// `$XDG_CONFIG_HOME/quire`, where `XDG_CONFIG_HOME` defaults to `~/.config` (a relative
    /// one is ignored, as the XDG base directory specification says).
    public static func defaultDirectory(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        if let config = environment["XDG_CONFIG_HOME"], config.hasPrefix("/") { return config + "/quire" }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        return home + "/.config/quire"
    }
}
