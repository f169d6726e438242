import Synchronization
@testable import QuireEngine

/// A clock that moves only when the test moves it.
final class ManualClock: MonotonicClock {
    private let time = Mutex(1_000.0)
    var now: Double { time.withLock { $0 } }
    func advance(by seconds: Double) { time.withLock { $0 += seconds } }
}
