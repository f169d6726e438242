/// How far a download has come, and how the window says it: "2.4 MB of 10.0 MB (24 %)"
/// when the size is known, "2.4 MB" (and a spinner) when not.
public struct DownloadProgress: Equatable, Sendable {
    public var received: Int
    /// The body's length from Content-Length; nil when the server did not say.
    public var total: Int?

    public init(received: Int, total: Int?) {
        self.received = max(0, received)
        self.total = total.flatMap { $0 > 0 ? $0 : nil }
    }

    /// 0…1, or nil while the total is unknown (the window shows a spinner).
    public var fraction: Double? {
        total.map { min(1, Double(received) / Double($0)) }
    }

    public var text: String {
        guard let total, let fraction else { return tr("{size} downloaded", ["size": Self.size(received)]) }
        return tr("{received} of {total} ({percent} %)",
                  ["received": Self.size(received), "total": Self.size(total), "percent": String(Int(fraction * 100))])
    }

    /// Bytes in decimal units, as GNOME shows file sizes: "950 bytes", "2.4 MB", "1.1 GB".
    public static func size(_ bytes: Int) -> String {
        if bytes < 1000 { return trn("{count} byte", "{count} bytes", bytes) }
        let units = [N_("{size} kB"), N_("{size} MB"), N_("{size} GB"), N_("{size} TB")]
        var value = Double(bytes) / 1000
        var unit = 0
        while value >= 999.95, unit < units.count - 1 {
            value /= 1000
            unit += 1
        }
        let tenths = Int((value * 10).rounded())
        return tr(units[unit], ["size": "\(tenths / 10).\(tenths % 10)"])
    }
}
