import CSandbox

extension Sandbox {
    /// Whether Landlock confines the filesystem. A kernel without it is a status, not an
    /// error: seccomp still refuses every write, but any readable file can be read.
    public enum LandlockStatus: Sendable, Equatable {
        case enforced(abi: Int)
        case unavailable(String)

        /// What this kernel offers, without restricting anything.
        public static var offered: LandlockStatus {
            get throws(Failure) {
                var abi: Int32 = 0
                var code: Int32 = 0
                let reason = Failure.text { code = csandbox_landlock_abi(&abi, $0, $1) }
                if code != 0 { throw Failure(step: .landlock, code: code, message: reason) }
                return abi > 0 ? .enforced(abi: Int(abi)) : .unavailable(reason)
            }
        }

        static func restrict(toReading paths: [String]) throws(Failure) -> LandlockStatus {
            var abi: Int32 = 0
            var code: Int32 = 0
            let reason = CStrings.with(paths) { list, count in
                Failure.text { code = csandbox_landlock_restrict(list, count, &abi, $0, $1) }
            }
            if code != 0 { throw Failure(step: .landlock, code: code, message: reason) }
            return abi > 0 ? .enforced(abi: Int(abi)) : .unavailable(reason)
        }
    }
}
