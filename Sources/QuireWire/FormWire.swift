import QuireEngine

/// Form widgets and values as they cross between the window and its helpers.
extension WireWriter {
    mutating func formValue(_ value: FormValue) {
        switch value {
        case .text(let text): u8(1); string(text, limit: FormField.textLimit * 4)
        case .on(let on): u8(2); bool(on)
        case .chosen(let items): u8(3); list(Array(items.prefix(FormField.itemLimit))) { $0.int($1) }
        }
    }

    /// Values by widget id, in the order they are set.
    public mutating func formValues(_ values: [FieldValue]) {
        list(values) { out, entry in out.int(entry.id); out.formValue(entry.value) }
    }

    mutating func formField(_ field: FormField) {
        int(field.id); int(field.page); rect(field.area)
        switch field.kind {
        case .text(let multiline, let password, let maxLength): u8(1); bool(multiline); bool(password); int(maxLength)
        case .checkBox: u8(2)
        case .radio: u8(3)
        case .pushButton: u8(4)
        case .choice(let choice):
            u8(5); bool(choice.combo); bool(choice.editable); bool(choice.multiple)
            list(choice.items) { $0.string($1, limit: FormField.nameLimit * 4) }
        case .signature: u8(6)
        }
        string(field.name, limit: FormField.nameLimit * 4); string(field.label, limit: FormField.nameLimit * 4)
        bool(field.readOnly); bool(field.scripted); f64(field.fontSize); formValue(field.value); int(field.pageTurn.rawValue)
    }
}

extension WireWriter {
    mutating func fileAnnotation(_ annotation: FileAnnotation) {
        int(annotation.page); int(annotation.index); rect(annotation.area); u8(annotation.kind.rawValue)
        bool(annotation.colour != nil); for value in annotation.colour ?? [] { f64(value) }
        string(annotation.text, limit: FileAnnotation.textLimit * 4); string(annotation.author, limit: FormField.nameLimit * 4)
    }
}

extension WireReader {
    mutating func fileAnnotation() throws(WireError) -> FileAnnotation {
        let page = try int(), index = try int(), area = try rect(), raw = try u8()
        guard let kind = FileAnnotation.Kind(rawValue: raw) else { throw .badValue("an annotation of kind \(raw)") }
        let colour: [Double]? = try bool() ? [try f64(), try f64(), try f64()] : nil
        return FileAnnotation(page: page, index: index, area: area, kind: kind, colour: colour, text: try string(limit: FileAnnotation.textLimit * 4),
                              author: try string(limit: FormField.nameLimit * 4))
    }

    mutating func formValue() throws(WireError) -> FormValue {
        switch try u8() {
        case 1: return .text(try string(limit: FormField.textLimit * 4))
        case 2: return .on(try bool())
        case 3: return .chosen(try list(limit: FormField.itemLimit, least: 8) { (r: inout WireReader) throws(WireError) in try r.int() })
        case let other: throw .badValue("a form value of kind \(other)")
        }
    }

    public mutating func formValues(limit: Int) throws(WireError) -> [FieldValue] {
        try list(limit: limit, least: 10) { (r: inout WireReader) throws(WireError) in FieldValue(id: try r.int(), value: try r.formValue()) }
    }

    mutating func formField() throws(WireError) -> FormField {
        let id = try int(), page = try int(), area = try rect()
        let kind: FormField.Kind
        switch try u8() {
        case 1: kind = .text(multiline: try bool(), password: try bool(), maxLength: try int())
        case 2: kind = .checkBox
        case 3: kind = .radio
        case 4: kind = .pushButton
        case 5:
            let combo = try bool(), editable = try bool(), multiple = try bool()
            let items = try list(limit: FormField.itemLimit, least: 8) { (r: inout WireReader) throws(WireError) in
                try r.string(limit: FormField.nameLimit * 4)
            }
            kind = .choice(FormField.Choice(combo: combo, editable: editable, multiple: multiple, items: items))
        case 6: kind = .signature
        case let other: throw .badValue("a form field of kind \(other)")
        }
        let name = try string(limit: FormField.nameLimit * 4), label = try string(limit: FormField.nameLimit * 4)
        let readOnly = try bool(), scripted = try bool(), fontSize = try f64(), value = try formValue(), turn = try int()
        return FormField(id: id, page: page, area: area, kind: kind, name: name, label: label, readOnly: readOnly,
                         scripted: scripted, fontSize: fontSize, value: value, pageTurn: Rotation(degrees: turn))
    }
}

/// The reader's changes as a message of their own (after `HelperRequest.changes`).
public enum ChangesMessage {
    public static func bytes(_ changes: DocumentChanges) -> [UInt8] {
        var out = WireWriter()
        out.changes(changes)
        return out.bytes
    }

    public static func changes(_ bytes: [UInt8]) throws(WireError) -> DocumentChanges {
        var input = WireReader(bytes)
        let changes = try input.changes()
        try input.finish()
        return changes
    }
}

extension WireWriter {
    mutating func changes(_ changes: DocumentChanges) {
        formValues(changes.fields)
        list(changes.removed) { out, ref in out.int(ref.page); out.int(ref.index) }
        list(changes.recoloured) { out, change in out.int(change.ref.page); out.int(change.ref.index); out.u8(change.colour.rawValue) }
        list(changes.reshaped) { out, change in out.int(change.ref.page); out.int(change.ref.index); out.rect(change.area) }
    }
}

extension WireReader {
    mutating func changes() throws(WireError) -> DocumentChanges {
        let fields = try formValues(limit: HelperRequest.formValueLimit)
        let removed = try list(limit: HelperRequest.formValueLimit, least: 16) { (r: inout WireReader) throws(WireError) in
            FileAnnotation.Ref(page: try r.int(), index: try r.int())
        }
        let recoloured = try list(limit: HelperRequest.formValueLimit, least: 17) { (r: inout WireReader) throws(WireError) in
            let ref = FileAnnotation.Ref(page: try r.int(), index: try r.int()), raw = try r.u8()
            guard let colour = Markup.Colour(rawValue: raw) else { throw .badValue("a colour of \(raw)") }
            return DocumentChanges.Recolouring(ref: ref, colour: colour)
        }
        let reshaped = try list(limit: HelperRequest.formValueLimit, least: 48) { (r: inout WireReader) throws(WireError) in
            DocumentChanges.Reshaping(ref: FileAnnotation.Ref(page: try r.int(), index: try r.int()), area: try r.rect())
        }
        return DocumentChanges(fields: fields, removed: removed, recoloured: recoloured, reshaped: reshaped)
    }
}
