import CSandbox
#if canImport(Glibc)
import Glibc
#endif

/// The confinement a helper process (or the zygote that forks helpers) applies to itself,
/// once, before it reads anything a document controls. In this order:
/// 1. resource limits, while setrlimit is still allowed;
/// 2. death with the parent, so that no helper outlives the window;
/// 3. no_new_privs, which Landlock and seccomp require of an unprivileged process;
/// 4. Landlock: read-only, beneath `readable`;
/// 5. seccomp last, since it forbids some of the calls the steps before make.
/// Descriptors opened before (the document, the socket, the memfds) stay usable.
public enum Sandbox {
    public enum Profile: Sendable {
        /// Forks helpers and lets them confine themselves further; opens nothing for writing.
        case zygote
        /// Renders one document: no new process, no socket, no exec, no file written.
        case helper
    }

    /// What the process is left with, for its log and for the tests.
    public struct Report: Sendable, Equatable {
        public let landlock: LandlockStatus
    }

    /// Makes the calling process die with `parent` (its parent), now: a fork does not
    /// inherit it, and a helper stuck in opening its document, before `confine`, must not
    /// outlive its zygote. `confine` does it again.
    public static func dieWithParent(_ parent: pid_t) throws(Failure) {
        try Failure.check(.parentDeath) { csandbox_die_with_parent(parent, $0, $1) }
    }

    /// Confines the calling process for good. It must have one thread (no_new_privs and
    /// Landlock bind only the calling thread), and `parent` must be its parent's pid.
    /// Throws when a step fails; the process is then partly confined and should exit.
    @discardableResult
    public static func confine(_ profile: Profile, readable: [String], limits: Limits, parent: pid_t) throws(Failure) -> Report {
        try Failure.check(.singleThread, csandbox_require_single_thread)
        try Failure.check(.limits) { csandbox_limit_resources(limits.c, $0, $1) }
        try Failure.check(.parentDeath) { csandbox_die_with_parent(parent, $0, $1) }
        try Failure.check(.noNewPrivileges, csandbox_no_new_privs)
        let landlock = try LandlockStatus.restrict(toReading: readable)
        try Failure.check(.seccomp) { csandbox_seccomp_apply(profile.c, $0, $1) }
        return Report(landlock: landlock)
    }
}

extension Sandbox.Profile {
    var c: csandbox_profile {
        switch self {
        case .zygote: CSANDBOX_PROFILE_ZYGOTE
        case .helper: CSANDBOX_PROFILE_HELPER
        }
    }
}
