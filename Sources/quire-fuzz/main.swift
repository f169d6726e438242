import Fixtures
import Foundation
import QuireDocument

// quire-fuzz [--seconds N] [--seed S] [--out DIR] [--hostile] SEED.pdf…
// quire-fuzz --one FILE
// quire-fuzz --probe FILE [--cpu-seconds N]
// quire-fuzz --write-hostile DIR
//
// A mutation fuzzer for the document layer and the engine. The system poppler is not
// instrumented, so coverage cannot guide it: it mutates real files (flipped bytes, cuts,
// spliced PDF tokens, repeated chunks, and the robustness suite's hostile classes spliced
// in as valid syntax: `Splice`) and runs each result in a child process (`ProbeChild`:
// `DocumentProbe` on a few pages, then every page through the engine), which must exit
// cleanly within 20 seconds of CPU. --hostile adds the suite's whole hostile files to the
// seeds. Inputs that crash, hang or break the engine's policy are kept in --out (default
// ./fuzz-findings) with a line saying how they ended. --probe is the robustness suite's
// child: no DocumentProbe, and its figures on one line.

let tokens = ["obj", "endobj", "stream", "endstream", "/Length 99999999", "/Length -1", "<<", ">>", "[", "]", "R",
              "/Kids [1 0 R]", "/Count -1", "/Count 2147483647", "/MediaBox [0 0 1e30 1e30]", "/MediaBox [0 0 0 0]",
              "/Type /Page", "/Type /Pages", "/Parent 1 0 R", "/Filter /FlateDecode", "/Filter /JBIG2Decode",
              "/Filter /DCTDecode", "/Width 99999", "/Height 99999", "/BitsPerComponent 16", "/Font", "/Outlines",
              "/First 1 0 R", "/Next 1 0 R", "/Dest [0 0 R /XYZ]", "/S /Launch", "/S /JavaScript", "xref", "trailer",
              "startxref", "%%EOF", "0 0 obj", "4294967295 0 R", "()", "(\\\\)", "<>", "<ff>", "/Rotate 45", "/Rotate -90",
              "/MediaBox [0 0 \(HostilePages.huge) \(HostilePages.huge)]", "/MediaBox [0 0 \(HostilePages.infinite) 792]",
              "/UserUnit \(HostilePages.infinite)", "/UserUnit 0.000000000000000000000000000001", "/Rotate 4294967386",
              "/Filter [/FlateDecode /FlateDecode]", "/Filter [/FlateDecode /ASCIIHexDecode /FlateDecode]", "/DecodeParms [<< /Predictor 15 /Columns 99999999 >>]",
              "/Type /ObjStm", "/N 1000000000", "/First 1073741824", "/Extends 1 0 R", "/Type /XRef", "/W [0 0 0]", "/W [1 2147483647 2]",
              "/Index [0 2147483647]", "/Index [-3 9]", "/Prev 0", "/XRefStm 0", "q q q q q q q q", "Q Q Q Q", "/Fm0 Do", "BI /W 99999 /H 99999 ID",
              "/Annots [1 0 R 1 0 R 1 0 R]", "/PageLabels << /Nums [0 << /P (x) >>] >>", "/S /URI /URI ()"]

struct Generator {
    var state: UInt64
    mutating func next() -> Int {
        state = state &* 6364136223846793005 &+ 1442695040888963407
        return Int(truncatingIfNeeded: state >> 33)
    }
    mutating func below(_ bound: Int) -> Int { bound <= 0 ? 0 : next() % bound }
}

/// A seed mutated, and what was spliced into it ("" for byte mutations only).
func mutate(_ seed: [UInt8], pages: [Splice.PlainPage], _ random: inout Generator) -> (bytes: [UInt8], splice: String) {
    // Half the inputs are a hostile class spliced as valid syntax; half of those are also
    // mutated byte by byte.
    var bytes = seed, splice = ""
    if random.below(2) == 0 {
        (bytes, splice) = Splice.apply(to: seed, pages: pages, &random)
        if random.below(2) == 0 { return (bytes, splice) }
    }
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
    return (bytes, splice)
}

/// A child that uses this much CPU is hung.
let cpuLimit = 20
let wallLimit = 300
var arguments = CommandLine.arguments.dropFirst()
if arguments.first == "--one", let file = arguments.dropFirst().first {
    // A few pages at a small scale: many inputs a second, every code path still taken.
    exit(ProbeChild.run(path: file, cpuSeconds: cpuLimit, probeFirst: true))
}
if arguments.first == "--probe", let file = arguments.dropFirst().first {
    let limit = arguments.dropFirst(2).first == "--cpu-seconds" ? Int(arguments.dropFirst(3).first ?? "") : nil
    exit(ProbeChild.run(path: file, cpuSeconds: limit ?? cpuLimit, probeFirst: false))
}
if arguments.first == "--write-hostile", let directory = arguments.dropFirst().first {
    // The robustness suite's inputs as files, to run or read one by one.
    for hostileClass in HostileClass.allCases {
        for input in hostileClass.inputs {
            _ = FileManager.default.createFile(atPath: "\(directory)/\(hostileClass.rawValue)-\(input.name).pdf", contents: Data(input.bytes()))
        }
    }
    exit(0)
}
var seconds = 60.0, seedValue: UInt64 = 1, out = "fuzz-findings", seeds: [String] = [], hostile = false
while let argument = arguments.popFirst() {
    switch argument {
    case "--hostile": hostile = true
    case "--seconds": seconds = Double(arguments.popFirst() ?? "") ?? seconds
    case "--seed": seedValue = UInt64(arguments.popFirst() ?? "") ?? seedValue
    case "--out": out = arguments.popFirst() ?? out
    default: seeds.append(argument)
    }
}
var corpus = seeds.compactMap { FileManager.default.contents(atPath: $0).map { [UInt8]($0) } }.filter { !$0.isEmpty }
if hostile { corpus += HostileClass.allCases.flatMap(\.inputs).filter { Splice.isSpliced($0.name) }.map { $0.bytes() } }
let plainPages = corpus.map(Splice.plainPages)
guard !corpus.isEmpty else {
    FileHandle.standardError.write(Data("usage: quire-fuzz [--seconds N] [--seed S] [--out DIR] SEED.pdf…\n".utf8))
    exit(2)
}
/// A line written at once (print's buffer would hold findings until the run ends).
func say(_ line: String) { FileHandle.standardOutput.write(Data((line + "\n").utf8)) }
try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
let scratch = NSTemporaryDirectory() + "quire-fuzz-\(getpid()).pdf"
var random = Generator(state: seedValue)
var executions = 0, crashes = 0, hangs = 0, engineFindings = 0
var spliced = 0
let deadline = Date().addingTimeInterval(seconds)
while Date() < deadline {
    let chosen = random.below(corpus.count)
    let (input, splice) = mutate(corpus[chosen], pages: plainPages[chosen], &random)
    if !splice.isEmpty { spliced += 1 }
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
    // The child's CPU limit decides a hang; the wall-clock limit only catches a child
    // that waits for ever without using CPU (at nice 19 on a busy machine, wall time says little).
    if ends.wait(timeout: .now() + .seconds(wallLimit)) == .timedOut {
        child.terminate()
        child.waitUntilExit()
        hangs += 1
        how = "hang (over \(wallLimit) s of wall time)"
    } else if child.terminationReason == .uncaughtSignal && child.terminationStatus == SIGXCPU {
        hangs += 1
        how = "hang (over \(cpuLimit) s of CPU)"
    } else if child.terminationReason == .uncaughtSignal {
        crashes += 1
        how = "signal \(child.terminationStatus)"
    } else if child.terminationStatus == ProbeChild.engineStatus {
        engineFindings += 1
        how = "the engine broke its policy"
    } else if child.terminationStatus != 0 && child.terminationStatus != ProbeChild.refusedStatus {
        crashes += 1
        how = "exit \(child.terminationStatus)"
    }
    executions += 1
    if let how {
        let name = "\(out)/finding-\(executions).pdf"
        _ = FileManager.default.createFile(atPath: name, contents: Data(input))
        say("finding \(name): \(how)\(splice.isEmpty ? "" : ", spliced \(splice)")")
    }
}
try? FileManager.default.removeItem(atPath: scratch)
say("executions=\(executions) spliced=\(spliced) crashes=\(crashes) hangs=\(hangs) engine=\(engineFindings) seconds=\(Int(seconds)) seeds=\(corpus.count)")
