import QuireEngine

/// What the window asks a recognizer helper (`RecognitionHelper`): first to load Tesseract
/// with its languages (then it confines itself and answers `ready` or `unavailable`), then
/// one page at a time. Answers are sent whole (`Channel.sendWhole`): a page of small print
/// holds thousands of words.
public enum RecognitionRequest: Equatable, Sendable {
    /// `pageSeconds`: each page's time (`Recognition.pageSeconds`; a test's shorter one).
    case start(dataPath: String, languages: String, pageSeconds: Double)
    case recognize(id: UInt32, page: Int)

    public static let nameLimit = 4096

    public var bytes: [UInt8] {
        var out = WireWriter()
        switch self {
        case .start(let path, let languages, let seconds):
            out.u8(1); out.string(path, limit: Self.nameLimit); out.string(languages, limit: Self.nameLimit); out.f64(seconds)
        case .recognize(let id, let page): out.u8(2); out.u32(id); out.int(page)
        }
        return out.bytes
    }

    public init(_ bytes: [UInt8]) throws(WireError) {
        var input = WireReader(bytes)
        switch try input.u8() {
        case 1:
            let path = try input.string(limit: Self.nameLimit), languages = try input.string(limit: Self.nameLimit), seconds = try input.f64()
            // A page's time is never more than the rule's, nor too short to read anything.
            self = .start(dataPath: path, languages: languages, pageSeconds: seconds.isFinite ? min(max(seconds, 0.05), Recognition.pageSeconds) : Recognition.pageSeconds)
        case 2: self = .recognize(id: try input.u32(), page: try input.int())
        case let other: throw .unknownMessage(other)
        }
        try input.finish()
    }
}

public enum RecognitionReply: Equatable, Sendable {
    case ready
    case unavailable(reason: String)
    /// The page's words, their boxes in pixels of the page drawn at `scale` (pixels a point),
    /// on a page of `pageSize` points (as the helper's document gives it).
    case words(id: UInt32, scale: Double, pageSize: Size, [RecognisedWord])
    case failed(id: UInt32, reason: String)
    /// The page has text of its own, or is not a page of pictures (`Recognition` rule 1).
    case notNeeded(id: UInt32)

    public static let reasonLimit = 500
    /// The most a whole answer may take: every word at its longest.
    public static let byteLimit = Recognition.wordLimit * (Recognition.wordLength * 4 + 64) + 64

    public var bytes: [UInt8] {
        var out = WireWriter()
        switch self {
        case .ready: out.u8(1)
        case .unavailable(let reason): out.u8(2); out.string(reason, limit: Self.reasonLimit)
        case .words(let id, let scale, let pageSize, let words):
            out.u8(3); out.u32(id); out.f64(scale); out.size(pageSize)
            out.recognisedWords(words)
        case .failed(let id, let reason): out.u8(4); out.u32(id); out.string(reason, limit: Self.reasonLimit)
        case .notNeeded(let id): out.u8(5); out.u32(id)
        }
        return out.bytes
    }

    public init(_ bytes: [UInt8]) throws(WireError) {
        var input = WireReader(bytes)
        switch try input.u8() {
        case 1: self = .ready
        case 2: self = .unavailable(reason: try input.string(limit: Self.reasonLimit))
        case 3:
            let id = try input.u32(), scale = try input.f64(), pageSize = try input.size()
            let words = try input.recognisedWords()
            self = .words(id: id, scale: scale, pageSize: pageSize, words)
        case 4: self = .failed(id: try input.u32(), reason: try input.string(limit: Self.reasonLimit))
        case 5: self = .notNeeded(id: try input.u32())
        case let other: throw .unknownMessage(other)
        }
        try input.finish()
    }
}

extension WireWriter {
    mutating func recognisedWords(_ words: [RecognisedWord]) {
        list(Array(words.prefix(Recognition.wordLimit))) { out, word in
            out.string(word.text, limit: Recognition.wordLength * 4); out.rect(word.box); out.f64(word.confidence)
            out.bool(word.beginsLine); out.bool(word.beginsBlock)
        }
    }
}

extension WireReader {
    mutating func recognisedWords() throws(WireError) -> [RecognisedWord] {
        try list(limit: Recognition.wordLimit, least: 46) { input throws(WireError) in
            RecognisedWord(text: try input.string(limit: Recognition.wordLength * 4), box: try input.rect(), confidence: try input.f64(),
                           beginsLine: try input.bool(), beginsBlock: try input.bool())
        }
    }
}
