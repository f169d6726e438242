/// Which of Tesseract's installed languages read a document (`Recognition` rule 3): the
/// document's /Lang, else the reader's locale, plus English, and those the reader added;
/// only those installed, each once, the document's or the locale's first (Tesseract
/// prefers its first language where two read a word alike).
public enum RecognitionLanguages {
    /// ISO 639-1 (as /Lang and locales write a language) to Tesseract's names (ISO 639-2/T,
    /// with Tesseract's own for Chinese): the languages Debian packages as tesseract-ocr-*.
    static let tesseractNames: [String: String] = [
        "af": "afr", "ar": "ara", "be": "bel", "bg": "bul", "bn": "ben", "ca": "cat", "cs": "ces", "cy": "cym",
        "da": "dan", "de": "deu", "el": "ell", "en": "eng", "eo": "epo", "es": "spa", "et": "est", "eu": "eus",
        "fa": "fas", "fi": "fin", "fr": "fra", "ga": "gle", "gl": "glg", "he": "heb", "hi": "hin", "hr": "hrv",
        "hu": "hun", "hy": "hye", "id": "ind", "is": "isl", "it": "ita", "ja": "jpn", "ka": "kat", "kk": "kaz",
        "ko": "kor", "la": "lat", "lt": "lit", "lv": "lav", "mk": "mkd", "ms": "msa", "mt": "mlt", "nb": "nor",
        "nl": "nld", "nn": "nor", "no": "nor", "pl": "pol", "pt": "por", "ro": "ron", "ru": "rus", "sk": "slk",
        "sl": "slv", "sq": "sqi", "sr": "srp", "sv": "swe", "sw": "swa", "ta": "tam", "th": "tha", "tr": "tur",
        "uk": "ukr", "ur": "urd", "vi": "vie",
    ]

    /// Each language's name in itself, as language choosers show them (no translation needed:
    /// a reader looks for their language's own name).
    static let autonyms: [String: String] = [
        "afr": "Afrikaans", "ara": "العربية", "bel": "Беларуская", "bul": "Български", "ben": "বাংলা", "cat": "Català",
        "ces": "Čeština", "cym": "Cymraeg", "dan": "Dansk", "deu": "Deutsch", "ell": "Ελληνικά", "eng": "English",
        "epo": "Esperanto", "spa": "Español", "est": "Eesti", "eus": "Euskara", "fas": "فارسی", "fin": "Suomi",
        "fra": "Français", "gle": "Gaeilge", "glg": "Galego", "heb": "עברית", "hin": "हिन्दी", "hrv": "Hrvatski",
        "hun": "Magyar", "hye": "Հայերեն", "ind": "Bahasa Indonesia", "isl": "Íslenska", "ita": "Italiano", "jpn": "日本語",
        "kat": "ქართული", "kaz": "Қазақ", "kor": "한국어", "lat": "Latina", "lit": "Lietuvių", "lav": "Latviešu",
        "mkd": "Македонски", "msa": "Bahasa Melayu", "mlt": "Malti", "nor": "Norsk", "nld": "Nederlands", "pol": "Polski",
        "por": "Português", "ron": "Română", "rus": "Русский", "slk": "Slovenčina", "slv": "Slovenščina", "sqi": "Shqip",
        "srp": "Српски", "swe": "Svenska", "swa": "Kiswahili", "tam": "தமிழ்", "tha": "ไทย", "tur": "Türkçe",
        "ukr": "Українська", "urd": "اردو", "vie": "Tiếng Việt", "chi_sim": "简体中文", "chi_tra": "繁體中文",
    ]

    /// A Tesseract language's name in itself ("Русский"), or its Tesseract name when not known.
    public static func name(of tesseractName: String) -> String { autonyms[tesseractName] ?? tesseractName }

    /// Tesseract's name for a language tag ("ru", "de-AT", "pt_BR.UTF-8", "zh-Hant"), or nil.
    public static func tesseractName(for tag: String) -> String? {
        let lowered = tag.lowercased()
        let primary = String(lowered.prefix { $0.isLetter })
        if primary == "zh" {
            return lowered.contains("hant") || lowered.contains("tw") || lowered.contains("hk") ? "chi_tra" : "chi_sim"
        }
        return tesseractNames[primary]
    }

    /// The languages to read with, as Tesseract takes them ("rus+eng"); nil when none is
    /// installed.
    public static func chosen(documentLanguage: String?, locale: String?, added: [String] = [], installed: Set<String>) -> String? {
        let first = documentLanguage.flatMap(tesseractName) ?? locale.flatMap(tesseractName)
        var names: [String] = []
        for name in [first, "eng"].compactMap({ $0 }) + added where installed.contains(name) && !names.contains(name) {
            names.append(name)
        }
        return names.isEmpty ? nil : names.joined(separator: "+")
    }

    /// The languages installed in `files` (a tessdata folder's names): "eng.traineddata" → "eng".
    public static func installed(among files: [String]) -> Set<String> {
        let suffix = ".traineddata"
        return Set(files.filter { $0.hasSuffix(suffix) && $0.count > suffix.count && $0 != "osd\(suffix)" }
            .map { String($0.dropLast(suffix.count)) })
    }
}
