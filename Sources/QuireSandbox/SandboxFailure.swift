extension Sandbox {
    /// A step of `confine` that the kernel refused, with its errno and the reason.
    public struct Failure: Error, Sendable, Equatable, CustomStringConvertible {
        public enum Step: String, Sendable {
            case singleThread = "checking the process has one thread"
            case limits = "setting resource limits"
            case parentDeath = "tying the process to its parent"
            case noNewPrivileges = "setting no_new_privs"
            case landlock = "restricting the filesystem with Landlock"
            case seccomp = "loading the seccomp filter"
        }

        public let step: Step
        public let code: Int32
        public let message: String

        public var description: String { "The sandbox failed \(step.rawValue): \(message)" }

        /// Runs one csandbox call, handing it a message buffer; throws what it reports.
        static func check(_ step: Step, _ call: (UnsafeMutablePointer<CChar>, Int) -> Int32) throws(Failure) {
            var code: Int32 = 0
            let message = text { buffer, capacity in code = call(buffer, capacity) }
            if code != 0 { throw Failure(step: step, code: code, message: message) }
        }

        /// The sentence a csandbox call wrote into a buffer of its own.
        static func text(_ fill: (UnsafeMutablePointer<CChar>, Int) -> Void) -> String {
            let capacity = 512
            return withUnsafeTemporaryAllocation(of: CChar.self, capacity: capacity) { buffer in
                buffer[0] = 0
                fill(buffer.baseAddress!, capacity)
                return String(cString: buffer.baseAddress!)
            }
        }
    }
}
