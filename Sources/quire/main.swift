import QuireUI
#if canImport(Glibc)
import Glibc
#endif

let status = Application.main(CommandLine.arguments)
// Render threads may still be inside poppler; exit()'s static destructors would pull
// poppler's globals from under them. Nothing of Quire's needs atexit, so leave at once.
fflush(nil)
_exit(status)
