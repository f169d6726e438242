/// Which NSS certificate database says whom to trust: the user's own (`~/.pki/nssdb`, the
/// one Chromium, Evolution and NSS's `certutil` share), else the system's
/// (`/etc/pki/nssdb`). The first that holds a `cert9.db` is used; there is no fallback to an
/// empty one, so that a signature is never called trusted for want of a database.
public enum CertificateDatabase {
    public enum State: Equatable, Sendable {
        /// Opened: its trust settings were read.
        case readable(String)
        /// There, but it could not be opened (damaged, unreadable).
        case unreadable(String)
        /// None found in the places looked in.
        case missing([String])
    }

    public static func candidates(home: String?) -> [String] {
        (home.map { ["\($0)/.pki/nssdb"] } ?? []) + ["/etc/pki/nssdb"]
    }

    /// The database to open, or nil when none of `candidates` has one (`exists` tells files apart).
    public static func chosen(home: String?, exists: (String) -> Bool) -> String? {
        candidates(home: home).first { exists("\($0)/cert9.db") }
    }
}
