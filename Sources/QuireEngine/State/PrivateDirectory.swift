#if canImport(Glibc)
import Glibc
#endif

/// The folder that holds a user's state. Policy: created with mode 0700, as the XDG base
/// directory specification asks; one found owned by someone else, or writable by the
/// group or by everyone, is not used, because another user could then plant or replace
/// files in it. A symbolic link to a folder is followed (a home moved elsewhere often is
/// one); the folder it leads to is what is checked.
enum PrivateDirectory {
    /// `mkdir -p`, each folder made with mode 0700.
    static func create(_ directory: String) throws {
        var prefix = directory.hasPrefix("/") ? "" : "."
        for component in directory.split(separator: "/") {
            prefix += "/" + component
            if mkdir(prefix, 0o700) != 0 && errno != EEXIST { throw FileError("Cannot create the directory \(prefix)") }
        }
    }

    /// Why `directory` cannot hold private state, for a person; nil when it can, or does
    /// not exist yet (it is then made private).
    static func problem(_ directory: String) -> String? {
        var facts = stat()
        guard stat(directory, &facts) == 0 else {
            return errno == ENOENT ? nil : FileError("Cannot examine \(directory)").description
        }
        guard facts.st_mode & S_IFMT == S_IFDIR else { return "\(directory) is not a folder" }
        guard facts.st_uid == geteuid() else { return "\(directory) belongs to another user (uid \(facts.st_uid))" }
        let mode = facts.st_mode & 0o777
        guard mode & 0o022 == 0 else {
            return "\(directory) can be written by other users (mode \(String(mode, radix: 8))); make it private with chmod 700"
        }
        return nil
    }
}
