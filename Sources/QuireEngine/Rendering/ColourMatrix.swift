#if canImport(Glibc)
import Glibc
#endif

/// A linear colour transform applied when drawing, not when rendering: each output
/// component is a weighted sum of the input's red, green and blue plus an offset, on
/// unpremultiplied components from 0 to 1, clamped; alpha is left alone. The same numbers
/// go to the toolkit's colour-matrix drawing and, through `apply`, to flat colours.
public struct ColourMatrix: Equatable, Sendable {
    /// Row-major 3 × 3: `rows[3 * output + input]`.
    public let rows: [Double]
    public let offset: [Double]

    public init(rows: [Double], offset: [Double] = [0, 0, 0]) {
        precondition(rows.count == 9 && offset.count == 3)
        self.rows = rows
        self.offset = offset
    }

    public static let identity = ColourMatrix(rows: [1, 0, 0, 0, 1, 0, 0, 0, 1])

    /// Every component c becomes 1 − c: lightness and hue both turn over (red becomes cyan).
    public static let inversion = ColourMatrix(rows: [-1, 0, 0, 0, -1, 0, 0, 0, -1], offset: [1, 1, 1])

    /// A turn of the hue circle by `degrees`, keeping luminance, with the weights of CSS
    /// `hue-rotate()` (Filter Effects, feColorMatrix type hueRotate).
    public static func hueRotation(degrees: Double) -> ColourMatrix {
        let c = cos(degrees * .pi / 180), s = sin(degrees * .pi / 180)
        return ColourMatrix(rows: [
            0.213 + c * 0.787 - s * 0.213, 0.715 - c * 0.715 - s * 0.715, 0.072 - c * 0.072 + s * 0.928,
            0.213 - c * 0.213 + s * 0.143, 0.715 + c * 0.285 + s * 0.140, 0.072 - c * 0.072 - s * 0.283,
            0.213 - c * 0.213 - s * 0.787, 0.715 - c * 0.715 + s * 0.715, 0.072 + c * 0.928 + s * 0.072,
        ])
    }

    /// Night reading: white paper becomes black and black ink white, while colours keep
    /// their hue (a red box stays red, lighter): the inversion turns every hue to its
    /// opposite, and half a turn of the hue circle brings it back.
    public static let night = inversion.then(hueRotation(degrees: 180))

    /// This transform followed by `next`.
    public func then(_ next: ColourMatrix) -> ColourMatrix {
        var product = [Double](repeating: 0, count: 9), shifted = next.offset
        for output in 0..<3 {
            for input in 0..<3 {
                product[3 * output + input] = (0..<3).reduce(0) { $0 + next.rows[3 * output + $1] * rows[3 * $1 + input] }
            }
            shifted[output] += (0..<3).reduce(0) { $0 + next.rows[3 * output + $1] * offset[$1] }
        }
        return ColourMatrix(rows: product, offset: shifted)
    }

    /// The transformed colour, each component clamped to 0…1.
    public func apply(red: Double, green: Double, blue: Double) -> (red: Double, green: Double, blue: Double) {
        func component(_ output: Int) -> Double {
            let sum = rows[3 * output] * red + rows[3 * output + 1] * green + rows[3 * output + 2] * blue + offset[output]
            return min(max(sum, 0), 1)
        }
        return (component(0), component(1), component(2))
    }
}
