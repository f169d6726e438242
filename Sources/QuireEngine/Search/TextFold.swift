import Foundation

/// How characters compare in a search, one UTF-16 unit at a time. Case-insensitive search
/// also ignores diacritics: each unit folds to the upper case of its base letter, and
/// combining marks fold to `TextFold.ignored` and are skipped. Poppler itself ignores
/// diacritics only when the query is pure ASCII; folding both sides here makes "café"
/// find "cafe" as well as "cafe" find "café".
enum TextFold {
    static let ignored: UInt16 = 0

    /// Folds of the units below 0x2000 (Latin, Greek, Cyrillic and their extensions,
    /// where case and diacritics live); other units fold to themselves. Built once, lazily.
    private static let table: [UInt16] = (0..<0x2000).map { fold(scalar: Unicode.Scalar(UInt32($0))!) }

    private static func fold(scalar: Unicode.Scalar) -> UInt16 {
        if scalar.properties.generalCategory == .nonspacingMark { return ignored }
        let base = String(scalar).decomposedStringWithCanonicalMapping.unicodeScalars.first ?? scalar
        let upper = base.properties.uppercaseMapping.unicodeScalars
        let folded = upper.count == 1 ? upper.first! : base
        return folded.value < 0x10000 && folded.value != 0 ? UInt16(folded.value) : UInt16(scalar.value)
    }

    /// The base letters of the units below 0x2000, case kept (`base`).
    private static let baseTable: [UInt16] = (0..<0x2000).map { base(scalar: Unicode.Scalar(UInt32($0))!) }

    private static func base(scalar: Unicode.Scalar) -> UInt16 {
        if scalar.properties.generalCategory == .nonspacingMark { return ignored }
        let base = String(scalar).decomposedStringWithCanonicalMapping.unicodeScalars.first ?? scalar
        return base.value < 0x10000 && base.value != 0 ? UInt16(base.value) : UInt16(scalar.value)
    }

    /// The unit without its diacritics, its case kept: regular expressions fold case themselves.
    static func base(_ unit: UInt16) -> UInt16 {
        unit < 0x80 ? unit : unit < 0x2000 ? baseTable[Int(unit)] : unit
    }

    @inline(__always)
    static func insensitive(_ unit: UInt16) -> UInt16 {
        if unit < 0x80 { return unit &- (unit >= 0x61 && unit <= 0x7A ? 0x20 : 0) }
        return unit < 0x2000 ? table[Int(unit)] : unit
    }

    /// Letters and digits: what a whole-word match must not touch.
    static func isWordCharacter(_ unit: UInt16) -> Bool {
        if unit < 0x80 {
            return (unit >= 0x30 && unit <= 0x39) || (unit >= 0x41 && unit <= 0x5A) || (unit >= 0x61 && unit <= 0x7A)
        }
        guard let scalar = Unicode.Scalar(UInt32(unit)) else { return true } // a surrogate: part of a letter
        return scalar.properties.isAlphabetic || scalar.properties.numericType != nil
    }

    static let space: UInt16 = 0x20
    static let newline: UInt16 = 0x0A

    /// A hyphen that may end a line inside a word.
    static func isHyphen(_ unit: UInt16) -> Bool { unit == 0x2D || unit == 0xAD || unit == 0x2010 || unit == 0x2011 }

    static func isSpace(_ unit: UInt16) -> Bool { unit == space || unit == 0x09 || unit == 0xA0 || unit == 0x3000 }

    /// Text as searched: compatibility-normalised (ligatures "ﬁ" become "fi", as poppler does).
    static func normalized(_ text: String) -> [UInt16] {
        Array(text.precomposedStringWithCompatibilityMapping.utf16)
    }
}
