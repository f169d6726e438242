import Foundation

/// Digitally signed documents, made for a test in its fixtures' folder: a home whose NSS
/// database (`~/.pki/nssdb`, where Quire looks) trusts a test authority, two certificates
/// (`signer`, issued by it; `stranger`, self-signed and trusted by nobody) made by NSS's
/// `certutil`, and signatures added by poppler's `pdfsig -add-signature`; `expired` is
/// issued by the authority but was valid for a month three months ago. Then the bad ones:
/// a file changed after signing (an update appended), a signature whose CMS is broken, one
/// whose byte range runs past the file's end, one whose signed bytes were altered.
public struct SignedFixtures {
    public let fixtures: Fixtures
    /// The HOME to run Quire with.
    public let home: String
    public var database: String { home + "/.pki/nssdb" }

    public static let certutil = "/usr/bin/certutil"
    public static let pdfsig = "/usr/bin/pdfsig"
    public static let signer = "Alice Signer"
    public static let stranger = "Mallory Stranger"

    public init(_ fixtures: Fixtures) throws {
        self.fixtures = fixtures
        home = fixtures.path("signing-home")
        try FileManager.default.createDirectory(atPath: home + "/.pki/nssdb", withIntermediateDirectories: true)
        let db = "sql:" + home + "/.pki/nssdb", noise = fixtures.path("certutil-noise")
        try Data((0..<2048).map { UInt8(truncatingIfNeeded: $0 &* 7919) }).write(to: URL(fileURLWithPath: noise))
        try Self.certutil(["-N", "-d", db, "--empty-password"])
        // A certificate authority (basic constraints: a CA, no path length limit, critical).
        try Self.certutil(["-S", "-d", db, "-n", "ca", "-s", "CN=Quire Test CA", "-x", "-t", "CT,C,C", "-k", "rsa", "-g", "2048",
                           "-Z", "SHA256", "-2", "-z", noise, "-m", "1"], input: "y\n-1\ny\n")
        try Self.certutil(["-S", "-d", db, "-n", "signer", "-s", "CN=\(Self.signer),O=Quire Tests", "-c", "ca", "-t", ",,", "-k", "rsa",
                           "-g", "2048", "-Z", "SHA256", "-z", noise, "-m", "2"])
        try Self.certutil(["-S", "-d", db, "-n", "expired", "-s", "CN=Old Signer,O=Quire Tests", "-c", "ca", "-t", ",,", "-k", "rsa",
                           "-g", "2048", "-Z", "SHA256", "-z", noise, "-m", "4", "-w", "-3", "-v", "1"])
        try Self.certutil(["-S", "-d", db, "-n", "stranger", "-s", "CN=\(Self.stranger)", "-x", "-t", ",,", "-k", "rsa",
                           "-g", "2048", "-Z", "SHA256", "-z", noise, "-m", "3"])
    }

    /// Whether the programs that make them are installed (libnss3-tools, poppler-utils).
    public static var available: Bool {
        FileManager.default.isExecutableFile(atPath: certutil) && FileManager.default.isExecutableFile(atPath: pdfsig)
    }

    private static func certutil(_ arguments: [String], input: String = "") throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: certutil)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardInput = pipe
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        try pipe.fileHandleForWriting.write(contentsOf: Data(input.utf8))
        try pipe.fileHandleForWriting.close()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw FixtureError("certutil \(arguments.prefix(2).joined(separator: " ")) failed") }
    }

    /// `source` (a fresh standard document when nil) signed by `nickname` in a field `field`,
    /// as `name`.
    public func signed(_ name: String, by nickname: String = "signer", field: String = "Contract", source: String? = nil) throws -> String {
        let input = source ?? fixtures.standard(named: "unsigned-" + name, links: false)
        let output = fixtures.path(name)
        let (status, said) = try Program.run(Self.pdfsig, ["-add-signature", "-nssdir", "sql:" + database, "-nick", nickname,
                                                           "-new-signature-field-name", field, input, output], errors: true)
        guard status == 0 else { throw FixtureError("pdfsig could not sign: " + String(decoding: said, as: UTF8.self)) }
        return output
    }

    /// Where `signedInVisibleField`'s field is, in points from the top-left of its letter page.
    public static let visibleField = (x: 100.0, y: 200.0, width: 300.0, height: 100.0)

    /// A letter page with a signature field "Approval" shown on it (`visibleField`), signed
    /// there by `nickname` (`pdfsig -sign`): pdfsig's own fields have no area on the page.
    public func signedInVisibleField(_ name: String, by nickname: String = "signer") throws -> String {
        var document = HandWrittenPDF(pages: [HandWrittenPDF.Page(entries: "")])
        let first = document.firstExtra, field = Self.visibleField
        let rect = "[\(field.x) \(792 - field.y - field.height) \(field.x + field.width) \(792 - field.y)]"
        document.pages[0].entries = "/Annots [\(first) 0 R]"
        document.pages[0].extraObjects = ["<< /Type /Annot /Subtype /Widget /FT /Sig /T (Approval) /Rect \(rect) /F 4 /P 4 0 R >>"]
        document.catalog = "/AcroForm << /Fields [\(first) 0 R] /SigFlags 3 >>"
        let unsigned = fixtures.path("unsigned-" + name), output = fixtures.path(name)
        try document.bytes.write(to: URL(fileURLWithPath: unsigned))
        let (status, said) = try Program.run(Self.pdfsig, ["-sign", "Approval", "-nssdir", "sql:" + database, "-nick", nickname,
                                                           unsigned, output], errors: true)
        guard status == 0 else { throw FixtureError("pdfsig could not sign the field: " + String(decoding: said, as: UTF8.self)) }
        return output
    }

    /// A signed document with an update appended after signing: a new /Info object, its
    /// cross-reference section and trailer (/Prev the signed revision's).
    public func changedAfterSigning(_ name: String) throws -> String {
        let path = try signed(name)
        var bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        let text = String(decoding: bytes, as: UTF8.self)
        guard let size = Self.last(#"/Size (\d+)"#, in: text), let root = Self.last(#"/Root (\d+ \d+ R)"#, in: text),
              let previous = Self.last(#"startxref\s+(\d+)"#, in: text) else { throw FixtureError("no trailer in \(path)") }
        let number = Int(size)!, offset = bytes.count + 1
        let update = "\n\(number) 0 obj\n<< /Title (Changed after signing) >>\nendobj\n"
        let xref = offset + update.utf8.count - 1
        let tail = "xref\n\(number) 1\n" + String(format: "%010d 00000 n \n", offset)
            + "trailer\n<< /Size \(number + 1) /Root \(root) /Info \(number) 0 R /Prev \(previous) >>\nstartxref\n\(xref)\n%%EOF\n"
        bytes.append(Data((update + tail).utf8))
        try bytes.write(to: URL(fileURLWithPath: path))
        return path
    }

    /// A signed document whose signature's CMS is broken: its first bytes zeroed.
    public func brokenSignature(_ name: String) throws -> String {
        try rewrite(try signed(name)) { text in
            guard let start = text.range(of: "/Contents <") else { return nil }
            return text.replacingCharacters(in: start.upperBound..<text.index(start.upperBound, offsetBy: 8), with: "00000000")
        }
    }

    /// A signed document whose /ByteRange's last length runs past the file's end (written in
    /// the room pdfsig left, so that no offset moves).
    public func rangePastTheEnd(_ name: String) throws -> String {
        try rewrite(try signed(name)) { text in
            guard let match = text.range(of: #"/ByteRange \[0 \d+ +\d+ +\d+ *\]"#, options: .regularExpression) else { return nil }
            let old = String(text[match])
            let numbers = old.dropFirst("/ByteRange [".count).dropLast().split(separator: " ")
            var new = "/ByteRange [0 \(numbers[1]) \(numbers[2]) 99999999]"
            new += String(repeating: " ", count: max(0, old.count - new.count))
            guard new.count == old.count else { return nil }
            return text.replacingCharacters(in: match, with: new)
        }
    }

    /// A signed document whose signed bytes were changed after: a letter of its first page.
    public func alteredBytes(_ name: String) throws -> String {
        try rewrite(try signed(name)) { text in
            guard let word = text.range(of: "/Title (Quire Test Fixture)") else { return nil }
            return text.replacingCharacters(in: word, with: "/Title (Quire Test Fixturf)")
        }
    }

    /// `path` rewritten byte for byte by `change` on its bytes as Latin-1 text.
    private func rewrite(_ path: String, _ change: (String) -> String?) throws -> String {
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        guard let text = String(data: data, encoding: .isoLatin1), let changed = change(text),
              let out = changed.data(using: .isoLatin1), out.count == data.count else { throw FixtureError("cannot rewrite \(path)") }
        try out.write(to: URL(fileURLWithPath: path))
        return path
    }

    private static func last(_ pattern: String, in text: String) -> String? {
        let expression = try! NSRegularExpression(pattern: pattern)
        guard let match = expression.matches(in: text, range: NSRange(text.startIndex..., in: text)).last,
              let range = Range(match.range(at: 1), in: text) else { return nil }
        return String(text[range])
    }
}
