import Foundation

/// A one-page AcroForm written by hand: a text field, a multi-line text field, a check
/// box, a radio group of two, a combo box and a read-only field, with appearance streams
/// for the buttons (as form authoring tools write them), so that poppler draws them as
/// other viewers do. Areas are in points from the page's top-left (612 × 792).
extension Fixtures {
    public enum Form {
        public static let name = Rect(x: 72, y: 168, width: 300, height: 24)
        public static let notes = Rect(x: 72, y: 212, width: 300, height: 100)
        public static let agree = Rect(x: 72, y: 336, width: 16, height: 16)
        public static let small = Rect(x: 72, y: 376, width: 16, height: 16)
        public static let large = Rect(x: 120, y: 376, width: 16, height: 16)
        public static let fruit = Rect(x: 72, y: 428, width: 200, height: 24)
        public static let locked = Rect(x: 72, y: 480, width: 200, height: 24)
        /// A field a script would compute (its /AA /C), which Quire never runs.
        public static let total = Rect(x: 72, y: 530, width: 200, height: 24)
        public static let fruits = ["Apple", "Banana", "Cherry"]
        /// The form filled as the tests fill it, as qpdf reads it back (`QPDF.fieldValues`):
        /// a name, two lines of notes, the box ticked, the large size, the second fruit.
        public static let filled = ["name": "Ada Lovelace", "notes": "Two\nlines", "agree": "/Yes", "size": "/L", "fruit": "Banana",
                                    "locked": "Fixed"]

        public struct Rect: Sendable {
            public let x, y, width, height: Double
            public init(x: Double, y: Double, width: Double, height: Double) { self.x = x; self.y = y; self.width = width; self.height = height }
            public var midX: Double { x + width / 2 }
            public var midY: Double { y + height / 2 }
            /// As a PDF /Rect on a page `pageHeight` tall.
            func pdf(_ pageHeight: Double = 792) -> String { "[\(x) \(pageHeight - y - height) \(x + width) \(pageHeight - y)]" }
        }
    }

    /// The form (`Form`), its fields named name, notes, agree, size (its buttons S and L),
    /// fruit, locked and total; only locked has a value ("Fixed"); total has a script.
    public func form(named name: String = "form.pdf") throws -> String {
        let file = path(name)
        var document = HandWrittenPDF(pages: [HandWrittenPDF.Page(entries: "")])
        let first = document.firstExtra // 6
        let on = first + 9, off = first + 10
        let text = "/DA (/Helv 12 Tf 0 g)"
        let mark = "0 0 0 rg 3 3 10 10 re f"
        let objects = [
            "<< /Type /Annot /Subtype /Widget /FT /Tx /T (name) /TU (Your name) /Rect \(Form.name.pdf()) \(text) /F 4 /P 4 0 R >>",
            "<< /Type /Annot /Subtype /Widget /FT /Tx /Ff 4096 /T (notes) /Rect \(Form.notes.pdf()) /DA (/Helv 10 Tf 0 g) /F 4 /P 4 0 R >>",
            "<< /Type /Annot /Subtype /Widget /FT /Btn /T (agree) /Rect \(Form.agree.pdf()) /V /Off /AS /Off /AP << /N << /Yes \(on) 0 R /Off \(off) 0 R >> >> /MK << /CA (4) >> /F 4 /P 4 0 R >>",
            "<< /FT /Btn /Ff 49152 /T (size) /V /Off /Kids [\(first + 4) 0 R \(first + 5) 0 R] >>",
            "<< /Type /Annot /Subtype /Widget /Parent \(first + 3) 0 R /Rect \(Form.small.pdf()) /AS /Off /AP << /N << /S \(on) 0 R /Off \(off) 0 R >> >> /F 4 /P 4 0 R >>",
            "<< /Type /Annot /Subtype /Widget /Parent \(first + 3) 0 R /Rect \(Form.large.pdf()) /AS /Off /AP << /N << /L \(on) 0 R /Off \(off) 0 R >> >> /F 4 /P 4 0 R >>",
            "<< /Type /Annot /Subtype /Widget /FT /Ch /Ff 131072 /T (fruit) /Opt [\(Form.fruits.map { "(\($0))" }.joined(separator: " "))] /Rect \(Form.fruit.pdf()) \(text) /F 4 /P 4 0 R >>",
            "<< /Type /Annot /Subtype /Widget /FT /Tx /Ff 1 /T (locked) /V (Fixed) /Rect \(Form.locked.pdf()) \(text) /F 4 /P 4 0 R >>",
            "<< /Helv 3 0 R >>",
            "<< /Type /XObject /Subtype /Form /BBox [0 0 16 16] /Length \(mark.utf8.count) >>\nstream\n\(mark)\nendstream",
            "<< /Type /XObject /Subtype /Form /BBox [0 0 16 16] /Length 0 >>\nstream\n\nendstream",
            "<< /Type /Annot /Subtype /Widget /FT /Tx /T (total) /Rect \(Form.total.pdf()) \(text) /F 4 /P 4 0 R /AA << /C << /S /JavaScript /JS (event.value = 1 + 1;) >> >> >>",
        ]
        let widgets = [0, 1, 2, 4, 5, 6, 7, 11].map { "\(first + $0) 0 R" }.joined(separator: " ")
        document.pages[0].entries = "/Annots [\(widgets)]"
        document.pages[0].extraObjects = objects
        let fields = [0, 1, 2, 3, 6, 7, 11].map { "\(first + $0) 0 R" }.joined(separator: " ")
        document.catalog = "/AcroForm << /Fields [\(fields)] /DA (/Helv 0 Tf 0 g) /DR << /Font \(first + 8) 0 R >> >>"
        try document.bytes.write(to: URL(fileURLWithPath: file))
        return file
    }
}

extension Fixtures {
    /// The form on a page the document turns a quarter clockwise (/Rotate 90, by qpdf).
    public func formTurned() throws -> String {
        let file = path("form-turned.pdf")
        let status = try QPDF.run(["--rotate=+90:1", form(named: "form-to-turn.pdf"), file]).status
        guard status == 0 else { throw FixtureError("qpdf failed with status \(status)") }
        return file
    }
}

extension QPDF {
    /// The form's fields as qpdf reads them: full name → value as qpdf writes it (a text
    /// as itself, a name such as "/Yes" with its slash); fields without a value left out.
    public static func fieldValues(in path: String) throws -> [String: String] {
        let (status, output) = try run(["--json=2", "--json-key=acroform", path])
        guard status == 0 || status == 3, let json = try JSONSerialization.jsonObject(with: output) as? [String: Any],
              let form = json["acroform"] as? [String: Any], let fields = form["fields"] as? [[String: Any]] else {
            throw QPDFFailure(description: "qpdf gave no form for \(path) (status \(status))")
        }
        var values: [String: String] = [:]
        for field in fields {
            guard let name = (field["fullname"] as? String).map(text), let value = field["value"] as? String else { continue }
            values[name] = text(value)
        }
        return values
    }

    private static func text(_ raw: String) -> String { raw.hasPrefix("u:") ? String(raw.dropFirst(2)) : raw }
}

extension Fixtures {
    /// A page with annotations as other writers leave them: a note, a highlight whose /Rect
    /// lies off the page (its quadrilaterals 28–207 across), an ink drawing and a link.
    public func othersAnnotations(named name: String = "others.pdf") throws -> String {
        let file = path(name)
        var document = HandWrittenPDF(pages: [HandWrittenPDF.Page(entries: "")])
        let first = document.firstExtra
        document.pages[0].extraObjects = [
            "<< /Type /Annot /Subtype /Text /Rect [170 760 190 780] /Contents (This is a text annotation.) /F 4 >>",
            "<< /Type /Annot /Subtype /Highlight /Rect [676.16 719.36 854.92 676.16] /C [1 1 0] /Contents (Highlight comment) /F 4 "
                + "/QuadPoints [141.73 719.36 207.11 719.36 141.73 695.36 207.11 695.36 28.35 700.16 113.39 700.16 28.35 676.16 113.39 676.16] >>",
            "<< /Type /Annot /Subtype /Ink /Rect [40 300 120 380] /C [0 0 1] /Contents (Hello world!) /InkList [[40 300 80 380 120 300]] /F 4 >>",
            "<< /Type /Annot /Subtype /Link /Rect [72 600 200 620] /A << /S /URI /URI (https://example.com) >> >>",
        ]
        document.pages[0].entries = "/Annots [\((0..<4).map { "\(first + $0) 0 R" }.joined(separator: " "))]"
        try document.bytes.write(to: URL(fileURLWithPath: file))
        return file
    }
}

extension Fixtures {
    /// One page whose /Annots are the first `widgets` of `objects`, with `catalog` entries
    /// (both given the number of the first object): the small forms below.
    private func widgetPage(named name: String, widgets: Int, catalog: (Int) -> String = { _ in "" },
                            _ objects: (Int) -> [String]) throws -> String {
        let file = path(name)
        var document = HandWrittenPDF(pages: [HandWrittenPDF.Page(entries: "")])
        let first = document.firstExtra
        document.pages[0].extraObjects = objects(first)
        document.pages[0].entries = "/Annots [\((0..<widgets).map { "\(first + $0) 0 R" }.joined(separator: " "))]"
        document.catalog = catalog(first)
        try document.bytes.write(to: URL(fileURLWithPath: file))
        return file
    }

    /// A form whose field is its own /Parent (as in a real tax form of the corpus,
    /// scan-ru-taxform-jbig2.pdf): poppler 22.12 loops for ever naming its widgets.
    public func formWithALoopingParent(named name: String = "looping-form.pdf") throws -> String {
        let catalog = { (first: Int) in "/AcroForm << /Fields [\(first) 0 R] /DA (/Helv 0 Tf 0 g) /DR << /Font << /Helv 3 0 R >> >> >>" }
        return try widgetPage(named: name, widgets: 2, catalog: catalog) { first in [
            "<< /Type /Annot /Subtype /Widget /FT /Tx /T (a) /Parent \(first) 0 R /Rect [72 600 300 624] /DA (/Helv 12 Tf 0 g) /F 4 >>",
            "<< /Type /Annot /Subtype /Widget /Parent \(first) 0 R /Rect [72 560 300 584] /F 4 >>",
        ] }
    }

    /// A text field at `Form.name` that no AcroForm lists (the document has none, like the
    /// scanned tax form of the corpus), with an empty appearance of its own and a font its
    /// /DA names but nothing defines; its /T is `title` (a PDF string, as written).
    public func formWithoutAcroForm(named name: String = "standalone-form.pdf", title: String = "(name)") throws -> String {
        try widgetPage(named: name, widgets: 1) { first in [
            "<< /Type /Annot /Subtype /Widget /FT /Tx /T \(title) /Rect \(Form.name.pdf()) /DA (/Arial 16 Tf 0 g) /AP << /N \(first + 1) 0 R >> /F 4 /P 4 0 R >>",
            "<< /Type /XObject /Subtype /Form /BBox [0 0 \(Form.name.width) \(Form.name.height)] /Length 0 >>\nstream\n\nendstream",
        ] }
    }

    /// `count` small text fields, 14 points square, 40 to a row from the page's bottom-left,
    /// that no AcroForm lists, named f0, f1, …, sharing one empty appearance.
    public func manyFieldsWithoutAcroForm(_ count: Int, named name: String = "many-standalone.pdf") throws -> String {
        try widgetPage(named: name, widgets: count) { first in
            (0..<count).map { i in
                let x = Double(i % 40) * 15, y = Double(i / 40) * 15
                return "<< /Type /Annot /Subtype /Widget /FT /Tx /T (f\(i)) /Rect [\(x) \(y) \(x + 14) \(y + 14)] /DA (/Arial 10 Tf 0 g) /AP << /N \(first + count) 0 R >> /F 4 /P 4 0 R >>"
            } + ["<< /Type /XObject /Subtype /Form /BBox [0 0 14 14] /Length 0 >>\nstream\n\nendstream"]
        }
    }
}
