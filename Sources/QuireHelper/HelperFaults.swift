#if canImport(Glibc)
import Glibc
#endif

/// Faults a test may ask a helper for (`QUIRE_HELPER_FAULT`), standing in for what
/// poppler does on a hostile page, in the real helper: `crash-on-page:N` ends a render
/// helper with SIGSEGV when asked for page N (counted from 1), `hang-on-page:N` never
/// answers, `hang-on-page-above-scale:N@S` only when asked for page N at more than S
/// device pixels per point (a page too slow at its zoom but not at a lower resolution),
/// `crash-always` ends it on every page; `text-crash-on-page:N` and
/// `text-hang-on-page:N` do the same to a document helper asked for page N's text;
/// `form-hang-on-page:N` hangs one asked for page N's form widgets;
/// `escape:write|connect|exec` tries what its sandbox forbids; `save-killed` kills a save
/// helper once it has written the new file, before it answers; `in:NAME` limits them all
/// to the document whose file is named NAME. `QUIRE_CHECK_FAULT=crash|hang` ends or hangs
/// a document helper's opening, `hang-unlocking` only one given a password, `late` holds it
/// half a second (a loaded machine: the document comes after the window is built).
struct HelperFaults {
    var crashOn: Int?
    var hangOn: Int?
    var hangAbove: (page: Int, scale: Double)?
    var crashesAlways = false
    var killedAfterSaving = false
    var textCrashOn: Int?
    var textHangOn: Int?
    var formHangOn: Int?
    var opening: String?

    static func fromEnvironment(document displayPath: String) -> HelperFaults {
        var faults = HelperFaults()
        faults.opening = getenv("QUIRE_CHECK_FAULT").map { String(cString: $0) }
        guard let raw = getenv("QUIRE_HELPER_FAULT") else { return faults }
        let parts = String(cString: raw).split(separator: ",")
        let name = displayPath.split(separator: "/").last.map(String.init) ?? displayPath
        if let only = parts.first(where: { $0.hasPrefix("in:") }), only.dropFirst(3) != name { return faults }
        for part in parts {
            if part == "crash-always" { faults.crashesAlways = true }
            if part == "save-killed" { faults.killedAfterSaving = true }
            if part.hasPrefix("escape:") { faults.escape = String(part.dropFirst("escape:".count)) }
            if part.hasPrefix("hang-on-page-above-scale:") {
                let pieces = part.dropFirst("hang-on-page-above-scale:".count).split(separator: "@")
                if pieces.count == 2, let page = Int(pieces[0]), page >= 1, let scale = Double(pieces[1]) { faults.hangAbove = (page - 1, scale) }
            }
            let pieces = part.split(separator: ":")
            guard pieces.count == 2, let page = Int(pieces[1]), page >= 1 else { continue }
            switch pieces[0] {
            case "crash-on-page": faults.crashOn = page - 1
            case "hang-on-page": faults.hangOn = page - 1
            case "text-crash-on-page": faults.textCrashOn = page - 1
            case "text-hang-on-page": faults.textHangOn = page - 1
            case "form-hang-on-page": faults.formHangOn = page - 1
            default: break
            }
        }
        return faults
    }

    /// `write`, `connect` or `exec`: the helper tries, confined, what the sandbox forbids,
    /// as a compromised one would, once the document is open.
    var escape: String?

    func breakOut() {
        switch escape {
        case "write":
            let fd = open("/tmp/quire-helper-escape", O_WRONLY | O_CREAT | O_TRUNC, 0o600)
            printLine("helper: open for writing \(fd >= 0 ? "succeeded" : "refused: \(String(cString: strerror(errno)))")")
        case "connect":
            let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            printLine("helper: socket \(fd >= 0 ? "succeeded" : "refused: \(String(cString: strerror(errno)))")")
        case "exec":
            let arguments: [UnsafeMutablePointer<CChar>?] = [strdup("/bin/true"), nil]
            execv("/bin/true", arguments)
            printLine("helper: exec refused: \(String(cString: strerror(errno)))")
        default: break
        }
    }

    func strike(page: Int, scale: Double) {
        if page == crashOn || crashesAlways { raise(SIGSEGV) }
        if page == hangOn { hang() }
        if let hangAbove, page == hangAbove.page, scale > hangAbove.scale { hang() }
    }

    func strikeAfterSaving() {
        if killedAfterSaving { raise(SIGKILL) }
    }

    func strikeText(page: Int) {
        if page == textCrashOn { raise(SIGSEGV) }
        if page == textHangOn { hang() }
    }

    func strikeForm(page: Int) {
        if page == formHangOn { hang() }
    }

    func strikeOpening(unlocking: Bool) {
        if opening == "crash" { raise(SIGSEGV) }
        if opening == "hang" || (opening == "hang-unlocking" && unlocking) { hang() }
        if opening == "late" { usleep(500_000) }
    }

    /// Never returns, and takes no CPU meanwhile: by sleeping, which the helpers' seccomp
    /// filter allows (pause() it refuses, and a loop around a refused pause spins a core).
    private func hang() -> Never {
        while true { sleep(3600) }
    }
}
