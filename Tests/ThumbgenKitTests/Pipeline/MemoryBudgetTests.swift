import Foundation
import Testing

@testable import ThumbgenKit

@Suite struct MemoryBudgetTests {
    /// A second job that would not fit waits for the first to let go; one job alone always runs.
    @Test func aJobThatDoesNotFitWaits() async throws {
        let budget = MemoryBudget(limit: 100)
        budget.reserve(60)
        let started = Date()
        let waited = Captured()
        let thread = Thread {
            budget.reserve(60)
            waited.seconds = Date().timeIntervalSince(started)
            budget.release(60)
        }
        thread.start()
        try await Task.sleep(nanoseconds: 300_000_000)
        #expect(waited.seconds == nil)
        budget.release(60)
        try await Task.sleep(nanoseconds: 300_000_000)
        #expect((waited.seconds ?? 0) >= 0.29)
        budget.reserve(500)  // over the budget, but alone
        budget.release(500)
    }

    final class Captured: @unchecked Sendable {
        private let lock = NSLock()
        private var value: Double?
        var seconds: Double? {
            get { lock.lock(); defer { lock.unlock() }; return value }
            set { lock.lock(); value = newValue; lock.unlock() }
        }
    }
}
