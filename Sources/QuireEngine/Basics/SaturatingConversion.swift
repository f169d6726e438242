/// Floating-point to integer conversion that cannot trap. Geometry comes from documents,
/// and no number a document holds may end the process: NaN becomes 0, a value past the
/// type's range (an infinity included) the nearest bound, any other the value truncated
/// toward zero as `Int(_:)` does. Round first where rounding is wanted.
extension FixedWidthInteger {
    @inlinable
    public init<Source: BinaryFloatingPoint>(saturating value: Source) {
        // Self.max may round up to the next power of two in `Source`: `>=` then still
        // catches every value that would not fit; Self.min is a power of two (or 0), exact.
        if value.isNaN {
            self = 0
        } else if value >= Source(Self.max) {
            self = .max
        } else if value <= Source(Self.min) {
            self = .min
        } else {
            self = Self(value)
        }
    }
}
