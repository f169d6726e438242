import QuireDocument
import QuireEngine
import QuireHelper
import QuireRemote
#if canImport(Glibc)
import Glibc
#endif

// quire-bench FILE [--viewport WxH] [--scale S] [--zoom fit-width|fit-page|fit-ink|PERCENT] [--speed SCREENS_PER_SECOND] [--pages N] [--split] [--in-process] [--recognise-behind] [--json]
// quire-bench FILE --first-views N [--viewport WxH] [--scale S] [--zoom Z] [--in-process] [--json]
// quire-bench FILE --search WORD [--prefill] [--reopen] [--json]
// quire-bench FILE --outline [--json]
// quire-bench FILE --references [--json]
// quire-bench FILE --recognise [--languages eng+rus] [--pages N] [--print-text] [--json]
// quire-bench FILE --thumbnails [--viewport WxH] [--speed SCREENS_PER_SECOND] [--pages N] [--in-process] [--json]
// quire-bench --frames TRACE [--from S] [--to S] [--json]   (a QUIRE_TRACE_FRAMES file read: `FrameSummary`)
//
// The canvas engine without a window: the real document layer, planner, render workers
// (each driving a helper process, as the window does, or with `--in-process` a document
// of its own) and cache. Measures the time to a fully sharp first viewport, then scrolls
// through the whole document (or its first N pages) at a set speed, one step per 16.7 ms
// of real time (so rendering races the clock as it would on screen), and reports what
// each frame showed, each tile's round trip and the memory of the whole process tree.

let usage = "usage: quire-bench FILE [--viewport WxH] [--scale S] [--zoom fit-width|fit-page|fit-ink|PERCENT] [--speed SCREENS_PER_SECOND] [--pages N] [--split] [--in-process] [--prefill] [--recognise-behind] [--json]\n       quire-bench FILE --first-views N [--viewport WxH] [--scale S] [--zoom Z] [--in-process] [--json]\n       quire-bench FILE --search WORD [--prefill] [--reopen] [--json]\n       quire-bench FILE --outline [--json]\n       quire-bench FILE --references [--json]\n       quire-bench FILE --recognise [--languages eng+rus] [--pages N] [--print-text] [--json]\n       quire-bench FILE --thumbnails [--viewport WxH] [--speed SCREENS_PER_SECOND] [--pages N] [--in-process] [--json]\n       quire-bench --frames TRACE [--from SECONDS] [--to SECONDS] [--json]"

func fail(_ message: String) -> Never {
    fputs_stderr("quire-bench: \(message)\n")
    exit(2)
}

var arguments = CommandLine.arguments.dropFirst()
var options = BenchmarkOptions()
var file: String?
var searchWord: String?
var prefill = false
var reopen = false
var firstViews = 0
var thumbnails = false
var outline = false
var references = false
var recognise = false, printsText = false
var languages: String?
var frames: String?, framesFrom = -Double.infinity, framesTo = Double.infinity
while let argument = arguments.popFirst() {
    func value() -> String {
        guard let next = arguments.popFirst() else { fail("\(argument) needs a value\n\(usage)") }
        return next
    }
    func number() -> Double {
        guard let number = Double(value()), number > 0 else { fail("\(argument) takes a positive number") }
        return number
    }
    switch argument {
    case "--viewport":
        let parts = value().split(separator: "x").compactMap { Double($0) }
        guard parts.count == 2, parts.allSatisfy({ $0 > 0 }) else { fail("--viewport takes WIDTHxHEIGHT") }
        options.viewport = Size(width: parts[0], height: parts[1])
    case "--scale": options.deviceScale = number()
    case "--speed": options.screensPerSecond = number()
    case "--pages":
        guard let pages = Int(value()), pages > 0 else { fail("--pages takes a whole number of pages, 1 or more") }
        options.pages = pages
    case "--in-process": options.inProcess = true
    case "--split": options.split = true
    case "--zoom":
        guard let zoom = ZoomMode(argument: value()) else { fail("--zoom takes fit-width, fit-page, fit-ink or a percentage") }
        options.zoom = zoom
    case "--json": options.json = true
    case "--search": searchWord = value()
    case "--prefill": prefill = true; options.prefill = true
    case "--reopen": reopen = true
    case "--first-views":
        firstViews = Int(value()) ?? 0
        guard firstViews >= 2 else { fail("--first-views takes a count of 2 or more") }
    case "--thumbnails": thumbnails = true
    case "--outline": outline = true
    case "--references": references = true
    case "--recognise": recognise = true
    case "--recognise-behind": options.recogniseBehind = true
    case "--languages": languages = value()
    case "--print-text": printsText = true
    case "--frames": frames = value()
    case "--from": framesFrom = Double(value()) ?? framesFrom
    case "--to": framesTo = Double(value()) ?? framesTo
    case "-h", "--help": print(usage); exit(0)
    default:
        if argument.hasPrefix("-") || file != nil { fail(usage) }
        file = argument
    }
}
if let frames {
    guard let trace = readWhole(frames) else { fail("cannot read the frame trace \(frames)") }
    printFields(FrameSummary(trace: trace, from: framesFrom, to: framesTo).fields, json: options.json)
    exit(0)
}
guard let file else { fail(usage) }

if ThisProcess.configuration().tracesLaunch { LaunchTrace.turnOn() }
// The render workers' helpers come from a zygote, which must be forked while this process
// has one thread: before anything below starts one (GIO, dispatch, the engine's threads).
// Without helpers, nothing runs beside the bench, so the tree is the bench alone.
if !options.inProcess && searchWord == nil && !outline && !references || recognise {
    do { try Zygote.start(serve: ZygoteProcess.serve) } catch {
        fail("the helper processes cannot start (\(error)); --in-process renders without them")
    }
}
// Pictures drawn in this process (`--in-process`) are megabytes each: glibc would serve them
// from its heap once the first is freed (its mmap threshold grows) and keep freed ones
// resident. The window's pictures are the helpers' shared memory, its heap trimmed at rest.
ProcessHeap.fixThresholds(mapping: 256 << 10)
/// The text of the file at `path`; nil when it cannot be read.
func readWhole(_ path: String) -> String? {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    var bytes: [UInt8] = [], chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
        let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        guard count > 0 else { return count == 0 ? String(decoding: bytes, as: UTF8.self) : nil }
        bytes += chunk.prefix(count)
    }
}
func printFields(_ fields: [(String, String)], json: Bool) {
    print(json ? "{" + fields.map { "\"\($0.0)\": \($0.1)" }.joined(separator: ", ") + "}"
                       : fields.map { "\($0.0)=\($0.1)" }.joined(separator: " "))
}
if let searchWord {
    do {
        printFields(try SearchBenchmark(source: DocumentSource(pathOrURI: file), word: searchWord, prefill: prefill, reopen: reopen).run(), json: options.json)
    } catch {
        fail("\(error)")
    }
    exit(0)
}
if outline {
    do {
        printFields(try OutlineBenchmark(source: DocumentSource(pathOrURI: file)).run(), json: options.json)
    } catch {
        fail("\(error)")
    }
    exit(0)
}
if recognise {
    do {
        printFields(try RecognitionBenchmark(source: DocumentSource(pathOrURI: file), languages: languages, pages: options.pages, printsText: printsText).run(),
                    json: options.json)
    } catch {
        fail("\(error)")
    }
    exit(0)
}
if references {
    do {
        printFields(try ReferenceBenchmark(source: DocumentSource(pathOrURI: file)).run(), json: options.json)
    } catch {
        fail("\(error)")
    }
    exit(0)
}
if thumbnails {
    do {
        printFields(try ThumbnailBenchmark(source: DocumentSource(pathOrURI: file), options: options).run(), json: options.json)
    } catch {
        fail("\(error)")
    }
    exit(0)
}
if firstViews > 0 {
    do {
        printFields(try FirstViews(source: DocumentSource(pathOrURI: file), options: options, count: firstViews).run(), json: options.json)
    } catch {
        fail("\(error)")
    }
    exit(0)
}
do {
    var report = try Benchmark(source: DocumentSource(pathOrURI: file), options: options).run()
    if options.recogniseBehind {
        // The same scroll, as many frames, with a fresh engine and no recognition behind it.
        var without = options
        (without.recogniseBehind, without.frameLimit) = (false, report.frames.count)
        report.withoutRecognition = try Benchmark(source: DocumentSource(pathOrURI: file), options: without).run().frames
    }
    print(options.json ? report.json : report.text)
} catch {
    fail("\(error)")
}
