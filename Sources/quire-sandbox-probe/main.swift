import QuireDocument
import QuireEngine
import QuireSandbox
import QuireWire
#if canImport(Glibc)
import Glibc
#endif

// quire-sandbox-probe PDF ATTEMPT [helper|zygote|threaded-helper|none]
// Opens PDF, then confines itself as a helper would (or the zygote, or not at all; a
// threaded helper starts a thread first, which confinement must refuse), renders
// the first 20 pages into a sealed memfd, tries ATTEMPT (one of Attempt's cases), prints its
// /proc/self/status lines and waits for a line on stdin, so that a test can look at it from
// outside. Every line is written straight to stdout: a SIGSYS must not lose a buffered one.
let arguments = CommandLine.arguments
guard arguments.count >= 3, let attempt = Attempt(rawValue: arguments[2]) else {
    let attempts = Attempt.allCases.map(\.rawValue).joined(separator: "|")
    Output.line("usage: quire-sandbox-probe PDF \(attempts) [helper|zygote|threaded-helper|none]")
    exit(2)
}
let path = arguments[1]
let profile = arguments.count > 3 ? arguments[3] : "helper"

let document: Document
do {
    document = try DocumentSource(path: path).open()
} catch {
    Output.line("cannot open \(path): \(error)")
    exit(3)
}
let status = ProcessStatus()
let pages = min(document.pageCount, 20)
let shared: SharedPixels
do { shared = try SharedPixels(byteCount: 8 << 20) } catch {
    Output.line("cannot make a memfd: \(error)")
    exit(3)
}

switch profile {
case "helper": Confinement.apply(.helper, parent: getppid())
case "zygote": Confinement.apply(.zygote, parent: getppid())
case "threaded-helper":
    SpareThread.startIdle()
    Confinement.apply(.helper, parent: getppid())
default: Output.line("unconfined")
}
Output.line("rendered \(Rendering.renderAll(document, pages: pages, into: shared))")
let zygote = getpid()
attempt.perform(documentPath: path) {
    guard profile == "zygote" else { return }
    Confinement.apply(.helper, parent: zygote, prefix: "child ")
    Output.line("child rendered \(Rendering.renderAll(document, pages: pages, into: shared, prefix: "child "))")
}
for line in status.lines(named: ["NoNewPrivs", "Seccomp", "Seccomp_filters"]) { Output.line("status \(line)") }
Output.line("waiting")
_ = readLine()
