import QuireEngine
import QuireHelper
import QuireWeb
import QuireWire
#if canImport(Glibc)
import Glibc
#endif

// The helpers' executable, which only the window starts (`HelperExecutable`): as the
// zygote, which forks the helpers that open documents, or as a web fetch process.
Translations.bind()
let arguments = CommandLine.arguments
if arguments.count == 2, arguments[1] == FetchProcess.role {
    fflush(nil)
    _exit(FetchProcess.serve())
}
guard arguments.count == 2, arguments[1] == ZygoteRole.argument, fcntl(ZygoteRole.channelDescriptor, F_GETFD) >= 0 else {
    let message = "\(HelperExecutable.name) is started by quire, not by hand\n"
    _ = message.withCString { write(2, $0, strlen($0)) }
    exit(2)
}
if getenv("QUIRE_TRACE_LAUNCH").map({ String(cString: $0) }) == "1" { LaunchTrace.turnOn() }
LaunchTrace.mark("zygote: started")
ZygoteProcess.serve(Descriptor(taking: ZygoteRole.channelDescriptor), window: getppid())
