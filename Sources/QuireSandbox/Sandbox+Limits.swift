import CSandbox

extension Sandbox {
    /// The resource limits a confined process gets, besides no core files (RLIMIT_CORE 0),
    /// which every profile has.
    public struct Limits: Sendable, Equatable {
        /// Address space, in bytes: a decompression bomb ends the helper, not the machine.
        public var addressSpace: Int
        /// Open descriptors: the document, the socket and the memfds in flight, fonts.
        public var openFiles: Int
        /// CPU seconds: SIGXCPU past them, SIGKILL one second later. A backstop for a
        /// page that never ends; the window's own timeout should come first.
        public var cpuSeconds: Int

        /// The largest file it may write or grow, in bytes (RLIMIT_FSIZE): 0, no file, but
        /// for a save helper, which writes the document into the file the window opened.
        public var fileSize: Int
        /// How far a process forked from this one may raise `fileSize` (the hard limit):
        /// the zygote's, for its save helpers; 0 for every helper.
        public var fileSizeCeiling: Int

        public init(addressSpace: Int, openFiles: Int, cpuSeconds: Int, fileSize: Int = 0, fileSizeCeiling: Int = 0) {
            self.addressSpace = addressSpace
            self.openFiles = openFiles
            self.cpuSeconds = cpuSeconds
            self.fileSize = max(fileSize, 0)
            self.fileSizeCeiling = max(fileSizeCeiling, 0)
        }

        /// A helper's: the 4 GiB the window's opening check allows, 64 descriptors, 10 minutes.
        public static let helper = Limits(addressSpace: 4 << 30, openFiles: 64, cpuSeconds: 600)

        var c: csandbox_limits {
            csandbox_limits(address_space_bytes: UInt64(addressSpace), open_files: UInt64(openFiles),
                            cpu_seconds: UInt64(cpuSeconds), file_size_bytes: UInt64(fileSize),
                            file_size_ceiling: UInt64(fileSizeCeiling))
        }
    }
}
