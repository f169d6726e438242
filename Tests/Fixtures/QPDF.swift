import Foundation

/// Reads what Quire saved with another parser than poppler: qpdf's JSON (version 2).
public enum QPDF {
    public struct Annotation: Equatable, CustomStringConvertible {
        public let page: Int
        public let subtype: String
        public let colour: [Double]
        /// /QuadPoints: eight numbers per area, in PDF space (bottom-left origin).
        public let quads: [Double]
        /// /Rect: x1 y1 x2 y2, in PDF space.
        public let rect: [Double]
        public let contents: String?
        public let author: String?
        /// /F: 4 is Print; 0 when the annotation has none.
        public var flags = 0
        /// Whether /AP /N is a stream (one appearance, not a dictionary of states).
        public var drawsItsAppearance = false
        public var description: String { "\(subtype) on page \(page + 1), colour \(colour), \(quads.count / 8) quads, \(contents ?? "no text") by \(author ?? "nobody")" }
    }

    /// Runs qpdf with `arguments`: its exit status and what it printed (with its warnings
    /// and errors when `errors`).
    static func run(_ arguments: [String], errors: Bool = false) throws -> (status: Int32, output: Data) {
        try Program.run("/usr/bin/qpdf", arguments, errors: errors)
    }

    /// Whether `qpdf --check` finds the file sound (exit 0: no errors, no warnings).
    public static func check(_ path: String, password: String? = nil) throws -> Bool {
        try problems(in: path, password: password) == nil
    }

    /// What `qpdf --check` says of the file when it finds it less than sound (an exit status
    /// other than 0: errors or warnings), or nil when it is sound.
    public static func problems(in path: String, password: String? = nil) throws -> String? {
        let (status, output) = try run(["--check"] + (password.map { ["--password=" + $0] } ?? []) + [path], errors: true)
        return status == 0 ? nil : "status \(status): " + String(decoding: output, as: UTF8.self)
    }

    /// Every annotation of the file, page by page, as qpdf reads them.
    public static func annotations(in path: String, password: String? = nil) throws -> [Annotation] {
        let (status, output) = try run(["--json=2", "--json-key=pages", "--json-key=qpdf"] + (password.map { ["--password=" + $0] } ?? []) + [path])
        guard status == 0 || status == 3, let json = try JSONSerialization.jsonObject(with: output) as? [String: Any],
              let pages = json["pages"] as? [[String: Any]], let qpdf = json["qpdf"] as? [Any],
              let objects = qpdf.last as? [String: Any] else { throw QPDFFailure(description: "qpdf gave no JSON for \(path) (status \(status))") }
        func dictionary(_ reference: Any?) -> [String: Any]? {
            if let inline = reference as? [String: Any] { return inline }
            guard let name = reference as? String, let object = objects["obj:" + name] as? [String: Any] else { return nil }
            return object["value"] as? [String: Any]
        }
        func array(_ value: Any?) -> [Any]? {
            if let inline = value as? [Any] { return inline }
            guard let name = value as? String, let object = objects["obj:" + name] as? [String: Any] else { return nil }
            return object["value"] as? [Any]
        }
        func numbers(_ value: Any?) -> [Double] { (array(value) ?? []).compactMap { ($0 as? NSNumber)?.doubleValue } }
        func text(_ value: Any?) -> String? {
            guard let raw = value as? String else { return nil }
            if raw.hasPrefix("u:") { return String(raw.dropFirst(2)) }
            return raw
        }
        var found: [Annotation] = []
        for (index, page) in pages.enumerated() {
            guard let object = page["object"] as? String, let pageDictionary = dictionary(object) else { continue }
            for reference in array(pageDictionary["/Annots"]) ?? [] {
                guard let annotation = dictionary(reference), let subtype = annotation["/Subtype"] as? String else { continue }
                let normal = dictionary(annotation["/AP"])?["/N"] as? String
                let isStream = normal.map { (objects["obj:" + $0] as? [String: Any])?["stream"] != nil } ?? false
                found.append(Annotation(page: index, subtype: subtype, colour: numbers(annotation["/C"]), quads: numbers(annotation["/QuadPoints"]), rect: numbers(annotation["/Rect"]),
                                        contents: text(annotation["/Contents"]), author: text(annotation["/T"]),
                                        flags: (annotation["/F"] as? NSNumber)?.intValue ?? 0, drawsItsAppearance: isStream))
            }
        }
        return found
    }
}

/// qpdf could not read a file.
public struct QPDFFailure: Error, CustomStringConvertible {
    public let description: String
}
