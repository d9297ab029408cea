import Glibc

/// Bytes of decoding the workers may hold at once, so that two huge originals are not decoded
/// side by side when together they would not fit. A job over the budget on its own still runs,
/// alone.
final class MemoryBudget: @unchecked Sendable {
    let limit: Int
    private let condition = Condition()
    private var used = 0

    init(limit: Int) { self.limit = limit }

    /// A quarter of physical memory, at most 4 GiB.
    static func standard() -> MemoryBudget {
        let physical = sysconf(Int32(_SC_PHYS_PAGES)) * sysconf(Int32(_SC_PAGESIZE))
        return MemoryBudget(limit: min(max(physical / 4, 256 << 20), 4 << 30))
    }

    /// Waits until `bytes` fit beside what other jobs hold (or nothing else is held), then takes
    /// them; false when they could never fit.
    func reserve(_ bytes: Int) -> Bool {
        condition.withLock {
            while used > 0 && used + bytes > limit { condition.wait() }
            used += bytes
        }
        return true
    }

    func release(_ bytes: Int) {
        condition.withLock {
            used -= bytes
            condition.broadcast()
        }
    }
}
