import Foundation
#if canImport(Glibc)
import Glibc
#endif
import QuireHelper
import QuireRemote

/// The test process's zygote, forked once, on first use, by whichever test comes first.
/// The test process, unlike the window, has other threads by then; the zygote takes
/// nothing of theirs but the memory they leave. Its helpers hang on page 2 of a document
/// named `hangs.pdf`, and on its first page's form widgets (`QUIRE_HELPER_FAULT`), and only there.
enum TestZygote {
    static let shared: Zygote? = {
        setenv("QUIRE_HELPER_FAULT", "hang-on-page:2,form-hang-on-page:1,in:hangs.pdf", 1)
        defer { unsetenv("QUIRE_HELPER_FAULT") } // the zygote keeps its copy; later tests' processes get none
        try? Zygote.start(serve: ZygoteProcess.serve)
        return Zygote.shared
    }()
}

enum HelperProcess {
    /// Whether process `pid` ends (exits, or is killed) within 5 s: told by a pidfd, which
    /// turns readable when it does, zombie or not; not by looking at it again and again.
    static func ends(_ pid: pid_t) -> Bool {
        let fd = pidfd_open(pid, 0)
        guard fd >= 0 else { return errno == ESRCH } // gone already
        defer { close(fd) }
        var ready = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        while true {
            let result = poll(&ready, 1, 5_000)
            if result < 0 && errno == EINTR { continue }
            return result == 1
        }
    }
}

/// glibc 2.36's wrapper, which Swift's Glibc module does not declare.
@_silgen_name("pidfd_open")
private func pidfd_open(_ pid: pid_t, _ flags: UInt32) -> Int32
