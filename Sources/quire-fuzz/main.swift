import Foundation
import QuireDocument

// quire-fuzz [--seconds N] [--seed S] [--out DIR] SEED.pdf…
// quire-fuzz --one FILE
//
// A mutation fuzzer for the document layer. The system poppler is not instrumented, so
// coverage cannot guide it: it mutates real files (flipped bytes, cuts, spliced PDF
// tokens, repeated chunks) and runs each result through `DocumentProbe` in a child
// process, which must exit cleanly within 20 seconds. Inputs that crash or hang are kept
// in --out (default ./fuzz-findings) with a line saying how they ended.

let tokens = ["obj", "endobj", "stream", "endstream", "/Length 99999999", "/Length -1", "<<", ">>", "[", "]", "R",
              "/Kids [1 0 R]", "/Count -1", "/Count 2147483647", "/MediaBox [0 0 1e30 1e30]", "/MediaBox [0 0 0 0]",
              "/Type /Page", "/Type /Pages", "/Parent 1 0 R", "/Filter /FlateDecode", "/Filter /JBIG2Decode",
              "/Filter /DCTDecode", "/Width 99999", "/Height 99999", "/BitsPerComponent 16", "/Font", "/Outlines",
              "/First 1 0 R", "/Next 1 0 R", "/Dest [0 0 R /XYZ]", "/S /Launch", "/S /JavaScript", "xref", "trailer",
              "startxref", "%%EOF", "0 0 obj", "4294967295 0 R", "()", "(\\\\)", "<>", "<ff>", "/Rotate 45", "/Rotate -90"]

struct Generator {
    var state: UInt64
    mutating func next() -> Int {
        state = state &* 6364136223846793005 &+ 1442695040888963407
        return Int(truncatingIfNeeded: state >> 33)
    }
    mutating func below(_ bound: Int) -> Int { bound <= 0 ? 0 : next() % bound }
}

func mutate(_ seed: [UInt8], _ random: inout Generator) -> [UInt8] {
    var bytes = seed
    for _ in 0...random.below(4) {
        guard !bytes.isEmpty else { break }
        switch random.below(5) {
        case 0: for _ in 0...random.below(16) { bytes[random.below(bytes.count)] = UInt8(truncatingIfNeeded: random.next()) }
        case 1: bytes = Array(bytes.prefix(random.below(bytes.count) + 1))
        case 2: bytes.insert(contentsOf: Array(" \(tokens[random.below(tokens.count)]) ".utf8), at: random.below(bytes.count))
        case 3:
            let start = random.below(bytes.count), length = min(random.below(4096) + 1, bytes.count - start)
            bytes.insert(contentsOf: bytes[start..<(start + length)], at: random.below(bytes.count))
        default:
            let start = random.below(bytes.count), length = min(random.below(256) + 1, bytes.count - start)
            bytes.removeSubrange(start..<(start + length))
        }
    }
    return bytes
}

var arguments = CommandLine.arguments.dropFirst()
if arguments.first == "--one", let file = arguments.dropFirst().first {
    // A few pages at a small scale: many inputs a second, every code path still taken.
    _ = DocumentProbe.exercise(DocumentSource(path: file), pages: 4, scales: [0.3])
    exit(0)
}
var seconds = 60.0, seedValue: UInt64 = 1, out = "fuzz-findings", seeds: [String] = []
while let argument = arguments.popFirst() {
    switch argument {
    case "--seconds": seconds = Double(arguments.popFirst() ?? "") ?? seconds
    case "--seed": seedValue = UInt64(arguments.popFirst() ?? "") ?? seedValue
    case "--out": out = arguments.popFirst() ?? out
    default: seeds.append(argument)
    }
}
let corpus = seeds.compactMap { FileManager.default.contents(atPath: $0).map { [UInt8]($0) } }.filter { !$0.isEmpty }
guard !corpus.isEmpty else {
    FileHandle.standardError.write(Data("usage: quire-fuzz [--seconds N] [--seed S] [--out DIR] SEED.pdf…\n".utf8))
    exit(2)
}
try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
let scratch = NSTemporaryDirectory() + "quire-fuzz-\(getpid()).pdf"
var random = Generator(state: seedValue)
var executions = 0, crashes = 0, hangs = 0
let deadline = Date().addingTimeInterval(seconds)
while Date() < deadline {
    let input = mutate(corpus[random.below(corpus.count)], &random)
    _ = FileManager.default.createFile(atPath: scratch, contents: Data(input))
    let child = Process()
    child.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
    child.arguments = ["--one", scratch]
    child.standardError = FileHandle.nullDevice
    child.standardOutput = FileHandle.nullDevice
    // The handler goes on before the child starts: a child that ends at once must still be heard.
    let ends = DispatchSemaphore(value: 0)
    child.terminationHandler = { _ in ends.signal() }
    try child.run()
    var how: String?
    if ends.wait(timeout: .now() + 20) == .timedOut {
        child.terminate()
        child.waitUntilExit()
        hangs += 1
        how = "hang (over 20 s)"
    } else if child.terminationReason == .uncaughtSignal {
        crashes += 1
        how = "signal \(child.terminationStatus)"
    } else if child.terminationStatus != 0 {
        crashes += 1
        how = "exit \(child.terminationStatus)"
    }
    executions += 1
    if let how {
        let name = "\(out)/finding-\(executions).pdf"
        _ = FileManager.default.createFile(atPath: name, contents: Data(input))
        print("finding \(name): \(how)")
    }
}
try? FileManager.default.removeItem(atPath: scratch)
print("executions=\(executions) crashes=\(crashes) hangs=\(hangs) seconds=\(Int(seconds)) seeds=\(corpus.count)")
