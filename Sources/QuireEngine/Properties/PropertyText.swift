/// How a document's properties read in the Properties dialog: sizes, dates and counts as
/// people write them, in the reader's language (`tr`) with the numbers in the style of
/// their locale (`NumberStyle`). Pure: values in, text out.
public enum PropertyText {
    /// "1.2 MB (1,234,567 bytes)": decimal units as GNOME shows file sizes, one decimal
    /// place, and the exact count; under a thousand, just the bytes.
    public static func byteCount(_ bytes: Int, style: NumberStyle = .current) -> String {
        let exact = trn("{count} byte", "{count} bytes", bytes, ["count": grouped(bytes, style: style)])
        guard bytes >= 1000 else { return exact }
        var value = Double(bytes)
        var unit = ""
        for next in ["kB", "MB", "GB", "TB", "PB"] {
            value /= 1000
            unit = next
            // 999.96 kB would read "1000.0 kB": that is "1.0 MB".
            if (value * 10).rounded() < 10_000 { break }
        }
        // Translators: a file's size, "1.2 MB (1,234,567 bytes)".
        return tr("{size} {unit} ({bytes})", ["size": number(value, places: 1, style: style), "unit": unit, "bytes": exact])
    }

    /// "1,234,567" ("1.234.567" in German).
    public static func grouped(_ value: Int, style: NumberStyle = .current) -> String {
        let digits = String(value.magnitude)
        var out = ""
        for (index, digit) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 { out += style.groupMark }
            out.append(digit)
        }
        return value < 0 ? "-" + out : out
    }

    /// `value` rounded to `places` decimals, trailing zeros (and a bare point) dropped when
    /// `trimmed`: 8.50 → "8.5", 11.00 → "11" (8,5 and 11 in German).
    public static func number(_ value: Double, places: Int, trimmed: Bool = false, style: NumberStyle = .current) -> String {
        guard value.isFinite else { return value.isNaN ? "?" : value < 0 ? "-∞" : "∞" }
        // Fifteen places are all a Double holds; past Int's range the figures are wrong,
        // but no document's number traps.
        let places = min(max(places, 0), 15)
        var scale = 1
        for _ in 0..<places { scale *= 10 }
        let scaled = Int(saturating: (abs(value) * Double(scale)).rounded())
        let whole = scaled / scale
        var text = String(whole)
        if places > 0 {
            var fraction = String(scaled % scale)
            while fraction.count < places { fraction = "0" + fraction }
            if trimmed { while fraction.hasSuffix("0") { fraction.removeLast() } }
            if !fraction.isEmpty { text += style.decimalMark + fraction }
        }
        return value < 0 && scaled != 0 ? "-" + text : text
    }
}
