import Foundation
import ImageCodecs
import Testing

@testable import ThumbgenKit

@Suite struct MemoryBudgetTests {
    /// A second job that would not fit waits for the first to let go; one job alone always runs.
    @Test func aJobThatDoesNotFitWaits() async throws {
        let budget = MemoryBudget(limit: 100)
        try budget.reserve(60)
        let started = Date()
        let waited = Captured()
        let thread = Thread {
            try! budget.reserve(60)
            waited.seconds = Date().timeIntervalSince(started)
            budget.release(60)
        }
        thread.start()
        try await Task.sleep(nanoseconds: 300_000_000)
        #expect(waited.seconds == nil)
        budget.release(60)
        try await Task.sleep(nanoseconds: 300_000_000)
        #expect((waited.seconds ?? 0) >= 0.29)
        try budget.reserve(500)  // over the budget, but alone
        budget.release(500)
    }

    /// A job over the hard capacity never starts: it is refused at once, even with nothing else
    /// held, and the message says how much it needed.
    @Test func aJobOverTheCapacityIsRefusedAtOnce() throws {
        let budget = MemoryBudget(limit: 100 << 20, capacity: 300 << 20)
        let error = #expect(throws: CodecError.outOfMemory(bytes: 300 << 20 + 1)) { try budget.reserve(300 << 20 + 1) }
        #expect(error?.description == "not enough memory: needs 301 MiB")
        try budget.reserve(300 << 20)  // over the scheduling budget, within the capacity: runs alone
        budget.release(300 << 20)
        #expect(MemoryBudget(limit: 500, capacity: 200).limit == 200)
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
