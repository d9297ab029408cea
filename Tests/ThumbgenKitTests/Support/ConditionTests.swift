import Testing

@testable import ThumbgenKit

@Suite struct ConditionTests {
    /// pthreads needs its mutex at one address for its whole life: the lock keeps it on the heap,
    /// not in a stored property that `&` may pass as a temporary copy.
    @Test func theMutexStaysAtOneAddress() {
        let condition = Condition()
        let first = condition.mutexAddress
        let seen = condition.withLock { condition.mutexAddress }
        #expect(seen == first)
        #expect(condition.mutexAddress == first)
    }

    /// Four threads adding under the lock lose no update, and a waiter wakes on broadcast.
    @Test func excludesAndWakes() {
        final class Shared: @unchecked Sendable {
            let condition = Condition()
            var total = 0
            var released = false
        }
        let shared = Shared()
        Threads.run(4) {
            for _ in 0..<10_000 { shared.condition.withLock { shared.total += 1 } }
        }
        #expect(shared.total == 40_000)
        Threads.run(2) {
            let waiter = shared.condition.withLock { () -> Bool in
                if shared.total == 40_000 {
                    shared.total += 1  // the first thread in waits, the second releases it
                    while !shared.released { shared.condition.wait() }
                    return true
                }
                shared.released = true
                shared.condition.broadcast()
                return false
            }
            _ = waiter
        }
        #expect(shared.released)
    }
}
