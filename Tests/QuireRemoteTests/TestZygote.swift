import Foundation
import QuireHelper
import QuireRemote

/// The test process's zygote, forked once, on first use, by whichever test comes first.
/// The test process, unlike the window, has other threads by then; the zygote takes
/// nothing of theirs but the memory they leave. Its helpers hang on page 2 of a document
/// named `hangs.pdf` (`QUIRE_HELPER_FAULT`), and only there.
enum TestZygote {
    static let shared: Zygote? = {
        setenv("QUIRE_HELPER_FAULT", "hang-on-page:2,in:hangs.pdf", 1)
        defer { unsetenv("QUIRE_HELPER_FAULT") } // the zygote keeps its copy; later tests' processes get none
        try? Zygote.start(serve: ZygoteProcess.serve)
        return Zygote.shared
    }()
}
