import QuireDocument
import QuireEngine
import QuireHelper
import QuireRemote
import QuireUI
import QuireWeb
#if canImport(Glibc)
import Glibc
#endif

Translations.bind()
// The web fetch process the window starts (`WebFetch`): it never becomes a window.
if CommandLine.arguments.count == 2, CommandLine.arguments[1] == FetchProcess.role {
    fflush(nil)
    _exit(FetchProcess.serve())
}
// The executable picks its role: the window, which forks the zygote (`ZygoteProcess`)
// and, through it, the helper processes that alone open documents.
let status = Application.main(CommandLine.arguments) {
    do {
        try Zygote.start(serve: ZygoteProcess.serve)
    } catch {
        printError("the helper processes cannot start (\(error)); no document can be opened")
    }
    // From here on this is the window's process, which never opens a document itself.
    PopplerCallGuard.forbidInThisProcess()
    // Nor does its main thread ever wait for a helper's answer.
    HelperCallGuard.forbidOnThisThread()
}
// A document's text being written to the text store reaches the disk whole (bounded).
TextStore.waitForWrites(seconds: 5)
// Render threads may still be inside poppler; exit()'s static destructors would pull
// poppler's globals from under them. Nothing of Quire's needs atexit, so leave at once.
fflush(nil)
_exit(status)
