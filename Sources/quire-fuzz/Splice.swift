import Fixtures

/// The robustness suite's hostile classes spliced into a seed as valid syntax, by an
/// incremental update appended to it, so that its offsets stay right and poppler reads
/// the splice as written instead of repairing it. The policy:
///  1. A page of the seed written in plain text (not in an object stream) is replaced: its
///     dictionary keeps its other entries and takes the hostile page's box, contents,
///     resources and annotations.
///  2. A seed with no such page gets a new catalog whose page tree is the hostile page.
///  3. One update in four has its cross-reference section broken: a hostile /W or
///     /Index, or a /Prev at itself or at some earlier offset.
enum Splice {
    /// Every hostile page but those whose cost poppler does not bound (the suite runs each
    /// once) and the gigabyte of content, which costs poppler 9 s a pass, and a probe makes
    /// five: spliced, they would only be hangs already known, at 20 s each.
    static let pages: [(String, HostilePages.Maker)] = (HostilePages.boxes + HostilePages.bombs + HostilePages.recursion
        + HostilePages.paths + HostilePages.manyAnnotations + [("uri-1-MB", HostilePages.longURI(megabytes: 1))])
        .filter { isSpliced($0.0) }
    static func isSpliced(_ name: String) -> Bool { HostileClass.popplerLimits[name] == nil && name != "content-gigabyte-two-flates" }
    static let brokenEntries = ["/W [0 0 0]", "/W [1 2147483647 2]", "/W [1 -4 2]", "/W [1 4]", "/W [8 8 8]",
                                "/W [1 4 2] /Index [0 2147483647]", "/W [1 4 2] /Index [0]", "/W [1 4 2] /Index [-3 9]",
                                "/W [1 4 2] /Index [4294967290 6]"]

    /// A page object found in a seed: its number and its dictionary's text.
    struct PlainPage {
        let number: Int
        let dictionary: String
    }

    /// The seed with a hostile page spliced in, and the page's name.
    static func apply(to seed: [UInt8], pages plain: [PlainPage], _ random: inout Generator) -> (bytes: [UInt8], name: String) {
        let (name, make) = pages[random.below(pages.count)]
        let base = nextFreeNumber(in: seed)
        var objects: [PDFObjects.Object]
        var trailer: String
        if !plain.isEmpty {
            let page = plain[random.below(plain.count)]
            let hostile = make(base)
            var dictionary = page.dictionary
            for key in ["/MediaBox", "/CropBox", "/UserUnit", "/Rotate", "/Contents", "/Resources", "/Annots"] {
                dictionary = PDFText.removingEntry(key, from: dictionary)
            }
            dictionary = String(dictionary.dropLast(2)) + " \(hostile.entries) >>"
            objects = [PDFObjects.Object(page.number, dictionary)] + hostile.objects
            trailer = rootEntry(in: seed) ?? "/Root 1 0 R"
        } else {
            let hostile = make(base + 3)
            objects = [PDFObjects.Object(base, "<< /Type /Catalog /Pages \(base + 1) 0 R >>"),
                       PDFObjects.Object(base + 1, "<< /Type /Pages /Kids [\(base + 2) 0 R] /Count 1 >>"),
                       PDFObjects.Object(base + 2, "<< /Type /Page /Parent \(base + 1) 0 R \(hostile.entries) >>")] + hostile.objects
            trailer = "/Root \(base) 0 R"
        }
        var update = PDFObjects(objects, trailer: trailer)
        let xref = base + 3 + objects.count
        // A 10^5-entry array goes in a compressed object stream: kilobytes, not megabytes.
        let packed = objects.filter { $0.stream == nil && $0.value.utf8.count > 1 << 16 }.map(\.number)
        if !packed.isEmpty { return (update.update(of: seed, .stream(number: xref, packed: packed, objectStream: xref + 1)), name) }
        switch random.below(8) {
        case 0:
            let entries = brokenEntries[random.below(brokenEntries.count)]
            return (update.update(of: seed, .stream(number: xref, entries: entries)), "\(name), xref \(entries)")
        case 1: update.previous = .itself
        case 2: update.previous = .offset(random.below(seed.count))
        default: break
        }
        return (update.update(of: seed, random.below(2) == 0 ? .table : .stream(number: xref)), name)
    }

    /// Pages whose dictionaries are plain text in `seed`.
    static func plainPages(in seed: [UInt8]) -> [PlainPage] {
        var found: [PlainPage] = []
        let marker = Array(" obj".utf8)
        var index = 0
        while let at = seed[index...].firstRange(of: marker) {
            index = at.upperBound
            guard let number = PDFText.number(before: at.lowerBound, in: seed),
                  let dictionary = PDFText.dictionary(startingNear: at.upperBound, in: seed) else { continue }
            if dictionary.contains("/Type /Page ") || dictionary.contains("/Type/Page/") || dictionary.contains("/Type /Page/")
                || dictionary.contains("/Type/Page ") || dictionary.contains("/Type /Page>") || dictionary.contains("/Type/Page>") {
                found.append(PlainPage(number: number, dictionary: dictionary))
            }
            if found.count >= 64 { break }
        }
        return found
    }

    /// One past the largest /Size the seed declares (or a number no seed reaches).
    static func nextFreeNumber(in seed: [UInt8]) -> Int {
        guard let at = seed.lastRange(of: Array("/Size".utf8)) else { return 100_000 }
        let digits = seed[at.upperBound...].drop { $0 == 0x20 || $0 == 0x0A || $0 == 0x0D }.prefix { (0x30...0x39).contains($0) }.prefix(9)
        return max(1, Int(String(decoding: digits, as: UTF8.self)) ?? 100_000)
    }

    static func rootEntry(in seed: [UInt8]) -> String? {
        guard let at = seed.lastRange(of: Array("/Root".utf8)) else { return nil }
        let rest = String(decoding: seed[at.upperBound...].prefix(40), as: UTF8.self)
        let words = rest.split(whereSeparator: { " \r\n\t/>".contains($0) })
        guard words.count >= 3, Int(words[0]) != nil, Int(words[1]) != nil, words[2].hasPrefix("R") else { return nil }
        return "/Root \(words[0]) \(words[1]) R"
    }
}

/// Just enough PDF syntax to find and edit a page dictionary: numbers, balanced
/// dictionaries and arrays, strings.
enum PDFText {
    static func number(before end: Int, in bytes: [UInt8]) -> Int? {
        // "12 0 obj": the generation, a space, the number.
        var index = end - 1
        func skipDigits() -> Int {
            var count = 0
            while index >= 0, (0x30...0x39).contains(bytes[index]) { index -= 1; count += 1 }
            return count
        }
        guard skipDigits() > 0, index >= 0, bytes[index] == 0x20 else { return nil }
        index -= 1
        let numberEnd = index + 1
        guard skipDigits() > 0, numberEnd - index - 1 <= 9 else { return nil }
        return Int(String(decoding: bytes[(index + 1)..<numberEnd], as: UTF8.self))
    }

    /// The dictionary that opens within a few bytes of `start`, as text, if it closes
    /// within 64 KiB.
    static func dictionary(startingNear start: Int, in bytes: [UInt8]) -> String? {
        var index = start
        while index < min(bytes.count, start + 4), bytes[index] != 0x3C { index += 1 }
        guard index + 1 < bytes.count, bytes[index] == 0x3C, bytes[index + 1] == 0x3C else { return nil }
        guard let end = valueEnd(Array(bytes[index..<min(bytes.count, index + 65_536)]), from: 0) else { return nil }
        return String(decoding: bytes[index..<(index + end)], as: UTF8.self)
    }

    /// Where the value starting at `from` ends (one past it).
    static func valueEnd(_ bytes: [UInt8], from: Int) -> Int? {
        var index = from
        var depth = 0
        repeat {
            guard index < bytes.count else { return nil }
            switch bytes[index] {
            case 0x28: // a string: to its balanced close, escapes skipped
                var nesting = 0
                repeat {
                    guard index < bytes.count else { return nil }
                    if bytes[index] == 0x5C { index += 1 } else if bytes[index] == 0x28 { nesting += 1 } else if bytes[index] == 0x29 { nesting -= 1 }
                    index += 1
                } while nesting > 0
                continue
            case 0x3C where index + 1 < bytes.count && bytes[index + 1] == 0x3C: depth += 1; index += 2; continue
            case 0x3E where index + 1 < bytes.count && bytes[index + 1] == 0x3E: depth -= 1; index += 2; continue
            case 0x5B: depth += 1
            case 0x5D: depth -= 1
            default: break
            }
            index += 1
        } while depth > 0
        return index
    }

    /// `dictionary` without the entry `key` and its value (a reference, an array, a
    /// dictionary or one token).
    static func removingEntry(_ key: String, from dictionary: String) -> String {
        let bytes = Array(dictionary.utf8), name = Array(key.utf8)
        var search = 0
        while let at = bytes[search...].firstRange(of: name) {
            search = at.upperBound
            guard at.upperBound < bytes.count, " \r\n\t[(</".utf8.contains(bytes[at.upperBound]) else { continue }
            var index = at.upperBound
            while index < bytes.count, " \r\n\t".utf8.contains(bytes[index]) { index += 1 }
            guard index < bytes.count else { break }
            var end: Int
            if "[<(".utf8.contains(bytes[index]) {
                guard let close = valueEnd(bytes, from: index) else { return dictionary }
                end = close
            } else {
                end = index
                if bytes[end] == 0x2F { end += 1 }
                while end < bytes.count, !" \r\n\t[]<>()/".utf8.contains(bytes[end]) { end += 1 }
                // "12 0 R": two more tokens when they are a generation and R.
                let rest = String(decoding: bytes[end...].prefix(16), as: UTF8.self).split(separator: " ", maxSplits: 2)
                if rest.count >= 2, Int(rest[0]) != nil, rest[1].hasPrefix("R"), let r = bytes[end...].firstIndex(of: 0x52) { end = r + 1 }
            }
            return String(decoding: bytes[..<at.lowerBound] + bytes[end...], as: UTF8.self)
        }
        return dictionary
    }
}
