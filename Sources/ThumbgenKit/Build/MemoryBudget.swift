import FoundationEssentials
import ImageCodecs

/// Bytes of decoding the workers may hold, with two figures. `limit`, the scheduling budget:
/// a job waits until its estimate fits beside what the others hold (a job over it on its own
/// still runs, alone). `capacity`: what one job may ever hold, from the tightest of the
/// machine's memory, the container's (cgroup) and the process's rlimits; a job over it never
/// starts its decode, so that an allocation that cannot be met is refused before it is made.
final class MemoryBudget: @unchecked Sendable {
    let limit: Int
    let capacity: Int
    private let condition = Condition()
    private var used = 0

    init(limit: Int, capacity: Int = .max) {
        self.limit = min(limit, capacity)
        self.capacity = capacity
    }

    /// From this process's limits, for `workers` threads decoding side by side.
    static func standard(workers: Int = ProcessInfo.processInfo.activeProcessorCount) -> MemoryBudget {
        let limits = MemoryLimits.current()
        return MemoryBudget(limit: limits.schedulingBudget(workers: workers), capacity: limits.capacity(workers: workers))
    }

    /// Waits until `bytes` fit beside what other jobs hold (or nothing else is held), then takes
    /// them. Throws `CodecError.outOfMemory(bytes:)` at once when they are over `capacity`.
    func reserve(_ bytes: Int) throws(CodecError) {
        guard bytes <= capacity else { throw CodecError.outOfMemory(bytes: bytes) }
        condition.withLock {
            while used > 0 && used + bytes > limit { condition.wait() }
            used += bytes
        }
    }

    func release(_ bytes: Int) {
        condition.withLock {
            used -= bytes
            condition.broadcast()
        }
    }
}
