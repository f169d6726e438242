import Foundation

/// Another program the tests read Quire's files or documents with (qpdf, pdftotext).
public enum Program {
    /// Runs `path` with `arguments`: its exit status and what it printed (with its warnings
    /// and errors when `errors`).
    public static func run(_ path: String, _ arguments: [String], errors: Bool = false) throws -> (status: Int32, output: Data) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = errors ? pipe : FileHandle.nullDevice
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, output)
    }

    /// What `path` printed given `arguments`, as text.
    public static func output(_ path: String, _ arguments: [String]) throws -> String {
        String(decoding: try run(path, arguments).output, as: UTF8.self)
    }
}
