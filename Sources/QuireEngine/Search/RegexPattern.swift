import CPcre2

/// A regular expression as Find runs it: PCRE2 over UTF-16 units, compiled once per query
/// and shared by the search threads (a compiled PCRE2 pattern is read-only while matching).
/// Why PCRE2: a match cannot be interrupted midway in Swift's Regex, nor bounded in
/// NSRegularExpression; PCRE2 stops a call past `matchLimit` steps or `depthLimit` nested
/// backtracking, so a pattern such as `(a+)+$` on a long line costs milliseconds, not hours.
/// The policy:
///  1. UTF mode, invalid UTF-16 (a lone surrogate from a font's map) matched around, not
///     refused; `\w`, `\d` and case folding by Unicode properties.
///  2. Each call stops after `matchLimit` steps; a page's calls stop after `callLimit`
///     matches or when `going` says the query was replaced: the page is then reported as
///     not searched (`nil`), never as one without matches.
///  3. Compiled to machine code (JIT) where PCRE2 can, for speed; the limits hold there too.
public final class RegexPattern: Sendable {
    public static let matchLimit: UInt32 = 1_000_000
    public static let depthLimit: UInt32 = 10_000
    public static let callLimit = 20_000

    /// Why a pattern does not compile, with where: for the find bar.
    public struct Problem: Error, Sendable, Equatable {
        public let message: String
        /// The place in the pattern (UTF-16 units from its start).
        public let offset: Int
    }

    nonisolated(unsafe) private let code: OpaquePointer      // pcre2_code_16, read-only once made
    nonisolated(unsafe) private let context: OpaquePointer   // pcre2_match_context_16, read-only once made

    public init(_ pattern: [UInt16], caseless: Bool) throws(Problem) {
        var error: Int32 = 0
        var offset = 0
        let options = UInt32(PCRE2_UTF | PCRE2_UCP | PCRE2_MATCH_INVALID_UTF) | (caseless ? UInt32(PCRE2_CASELESS) : 0)
        // One unit more, so that an empty pattern has an address too.
        let compiled = (pattern + [0]).withUnsafeBufferPointer { units in
            pcre2_compile_16(units.baseAddress!, pattern.count, options, &error, &offset, nil)
        }
        guard let compiled else { throw Problem(message: Self.message(error), offset: offset) }
        pcre2_jit_compile_16(compiled, UInt32(PCRE2_JIT_COMPLETE)) // where it cannot, the interpreter runs
        guard let context = pcre2_match_context_create_16(nil) else {
            pcre2_code_free_16(compiled)
            throw Problem(message: "no memory for the pattern", offset: 0)
        }
        pcre2_set_match_limit_16(context, Self.matchLimit)
        pcre2_set_depth_limit_16(context, Self.depthLimit)
        code = compiled
        self.context = context
    }

    deinit {
        pcre2_match_context_free_16(context)
        pcre2_code_free_16(code)
    }

    /// The non-empty matches in `units`, in order, not overlapping; nil when the work was
    /// stopped (rule 2).
    public func matches(in units: UnsafeBufferPointer<UInt16>, while going: () -> Bool = { true }) -> [Range<Int>]? {
        guard let subject = units.baseAddress else { return [] }
        guard let data = pcre2_match_data_create_from_pattern_16(code, nil) else { return nil }
        defer { pcre2_match_data_free_16(data) }
        var found: [Range<Int>] = []
        var start = 0
        var calls = 0
        while start <= units.count {
            calls += 1
            guard calls <= Self.callLimit, going() else { return nil }
            let status = pcre2_match_16(code, subject, units.count, start, 0, data, context)
            if status == PCRE2_ERROR_NOMATCH { break }
            guard status > 0, let vector = pcre2_get_ovector_pointer_16(data) else { return nil }
            let (lower, upper) = (vector[0], vector[1])
            guard lower <= upper, upper <= units.count else { return nil } // \K can make a start after the end
            if upper > lower { found.append(lower..<upper) }
            start = upper > lower ? upper : lower + 1
        }
        return found
    }

    private static func message(_ error: Int32) -> String {
        var buffer = [UInt16](repeating: 0, count: 256)
        let length = pcre2_get_error_message_16(error, &buffer, buffer.count)
        return length > 0 ? String(decoding: buffer.prefix(Int(length)), as: UTF16.self) : "error \(error)"
    }
}
