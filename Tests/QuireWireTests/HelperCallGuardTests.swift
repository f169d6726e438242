import Dispatch
@testable import QuireRemote
import Synchronization
import XCTest

/// Inside `HelperCallGuard.forbidding` a question to a helper is refused on that thread
/// (and counted), never on another thread meanwhile, and allowed again once outside.
final class HelperCallGuardTests: XCTestCase {
    func testTheGuardRefusesOnItsThreadOnly() {
        let before = HelperCallGuard.refusedCalls
        final class Seen: Sendable { let allowed = Mutex(false) }
        let elsewhere = Seen(), done = DispatchSemaphore(value: 0)
        let inside = HelperCallGuard.forbidding { () -> Bool in
            Thread.detachNewThread {
                let allowed = HelperCallGuard.allows("another thread")
                elsewhere.allowed.withLock { $0 = allowed }
                done.signal()
            }
            done.wait()
            return HelperCallGuard.allows("this thread")
        }
        XCTAssertFalse(inside, "refused inside")
        XCTAssertTrue(elsewhere.allowed.withLock { $0 }, "another thread asks meanwhile")
        XCTAssertEqual(HelperCallGuard.refusedCalls, before + 1)
        XCTAssertTrue(HelperCallGuard.allows("outside"), "allowed again once outside")
    }
}
