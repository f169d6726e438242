import CSandbox

extension Sandbox {
    /// Confines the web fetch process, which must keep the network: limits, death with the
    /// window, no_new_privs, and Landlock reading beneath `readable` and writing only beneath
    /// `writable` (the cache folder). No seccomp filter: name resolution, TLS and GLib's
    /// threads need more of the kernel than a helper's allowlist gives; Landlock and the
    /// limits are what bound it. It must have one thread, as for `confine`.
    @discardableResult
    public static func confineFetcher(readable: [String], writable: [String], limits: Limits, parent: pid_t) throws(Failure) -> Report {
        try Failure.check(.singleThread, csandbox_require_single_thread)
        try Failure.check(.limits) { csandbox_limit_resources(limits.c, $0, $1) }
        try Failure.check(.parentDeath) { csandbox_die_with_parent(parent, $0, $1) }
        try Failure.check(.noNewPrivileges, csandbox_no_new_privs)
        var abi: Int32 = 0
        var code: Int32 = 0
        let reason = CStrings.with(readable) { list, count in
            CStrings.with(writable) { written, writtenCount in
                Failure.text { code = csandbox_landlock_restrict_writing(list, count, written, writtenCount, &abi, $0, $1) }
            }
        }
        if code != 0 { throw Failure(step: .landlock, code: code, message: reason) }
        return Report(landlock: abi > 0 ? .enforced(abi: Int(abi)) : .unavailable(reason))
    }
}
