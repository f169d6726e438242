import QuireEngine
#if canImport(Glibc)
import Glibc
#endif

/// Strings poppler hands back, made display-safe (`BoundedText`) where they leave it, and
/// read only as far as their use needs: a 4 MB title costs the few kilobytes its line
/// keeps, not a copy and a decoding of all of it.
enum PopplerText {
    /// `raw` (UTF-8, NUL-terminated) as a line of at most `limit` characters; nil for nil.
    static func line(_ raw: UnsafePointer<CChar>?, limit: Int) -> String? {
        guard let raw else { return nil }
        // A scalar is at most four bytes: this many hold every scalar the line may read.
        let wanted = BoundedText.scalarBudget(forLimit: limit) * 4
        let length = strnlen(raw, wanted)
        let text = String(decoding: UnsafeRawBufferPointer(start: raw, count: length), as: UTF8.self)
        // Stopped short of the terminating NUL (which is then at `length` or later): the
        // text goes on, and its last character read may be cut inside.
        return BoundedText.line(scalars: text.unicodeScalars, limit: limit, continues: length == wanted && raw[length] != 0)
    }

    /// `raw` as it is, but no more than its first `bytes` bytes: a longer one comes back
    /// cut, still longer than `bytes - 1` in UTF-8, for a policy that refuses it as too long.
    static func prefix(_ raw: UnsafePointer<CChar>?, bytes: Int) -> String? {
        guard let raw else { return nil }
        return String(decoding: UnsafeRawBufferPointer(start: raw, count: strnlen(raw, bytes)), as: UTF8.self)
    }
}
