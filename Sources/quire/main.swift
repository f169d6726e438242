import QuireEngine
import QuireRemote
import QuireUI
import QuireWire
#if canImport(Glibc)
import Glibc
#endif

Translations.bind()
// The window. It starts the helpers' executable as the zygote (`ZygoteProcess`), which
// forks the helper processes that alone open documents; poppler, NSS and libsoup are
// not even loaded here.
let status = Application.main(CommandLine.arguments) {
    do {
        guard let helpers = HelperExecutable.path else { throw ChannelError.refused("\(HelperExecutable.name) was found neither beside quire nor in ../libexec") }
        try Zygote.start(executable: helpers)
    } catch {
        printError("the helper processes cannot start (\(error)); no document can be opened")
    }
    // Nor does its main thread ever wait for a helper's answer.
    HelperCallGuard.forbidOnThisThread()
}
// A document's text being written to the text store reaches the disk whole (bounded).
TextStore.waitForWrites(seconds: 5)
// Render threads may still be blocked on a helper; leave at once (nothing needs atexit).
fflush(nil)
_exit(status)
