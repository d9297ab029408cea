import Glibc
import Testing

@testable import ThumbgenKit

/// The budget's two figures from injected readings: the machine, a cgroup, RLIMIT_AS and
/// RLIMIT_DATA, each less what the process already holds and what its threads will add.
@Suite struct MemoryLimitsTests {
    static let mebibyte = 1 << 20
    static let gibibyte = 1 << 30

    static func readings(cgroup: String = "0::/\n", files: [String: String] = [:], addressSpace: Int? = nil,
                         data: Int? = nil, status: String = "VmSize:\t   30000 kB\nVmData:\t    4000 kB\n",
                         physical: Int = 24 * gibibyte) -> MemoryLimits {
        var all = files
        all["/proc/self/cgroup"] = cgroup
        all["/proc/self/status"] = status
        return MemoryLimits.read(file: { all[$0] }, rlimit: { resource in
            resource == RLIMIT_AS.rawValue ? addressSpace : resource == RLIMIT_DATA.rawValue ? data : nil
        }, physical: physical)
    }

    @Test func anUnlimitedProcessIsBoundByTheMachine() {
        let limits = Self.readings()
        #expect(limits == MemoryLimits(physical: 24 * Self.gibibyte))
        #expect(limits.capacity(workers: 2) == 24 * Self.gibibyte - 64 * Self.mebibyte)
        #expect(limits.schedulingBudget(workers: 2) == 4 * Self.gibibyte)
        #expect(MemoryLimits(physical: 512 * Self.mebibyte).schedulingBudget(workers: 1) == 256 * Self.mebibyte)
    }

    /// The README's Kubernetes example: 1 GiB for the container, two workers, 12 MiB held.
    @Test func aOneGibibyteContainer() {
        let limits = Self.readings(files: ["/sys/fs/cgroup/memory.max": "1073741824\n", "/sys/fs/cgroup/memory.current": "12582912\n"])
        #expect(limits.cgroup == 1012 * Self.mebibyte)
        #expect(limits.capacity(workers: 2) == 948 * Self.mebibyte)  // less 48 MiB and 8 a worker
        #expect(limits.schedulingBudget(workers: 2) == 948 * Self.mebibyte)
    }

    /// `prlimit --as=1700000000` with 30000 kB mapped: each worker's stack and malloc arena,
    /// and one arena being made, come off too.
    @Test func anAddressSpaceLimit() {
        let limits = Self.readings(addressSpace: 1_700_000_000)
        #expect(limits.addressSpace == 1_700_000_000 - 30_000 * 1024)
        #expect(limits.capacity(workers: 2) == 1_700_000_000 - 30_000 * 1024 - 2 * 4 * Self.mebibyte - 3 * 64 * Self.mebibyte - 48 * Self.mebibyte)
        #expect(limits.capacity(workers: 2) == 1_409_233_152)
    }

    @Test func aDataLimit() {
        let limits = Self.readings(data: 512 * Self.mebibyte)
        #expect(limits.data == 512 * Self.mebibyte - 4000 * 1024)
        #expect(limits.capacity(workers: 1) == 512 * Self.mebibyte - 4000 * 1024 - 4 * Self.mebibyte - 48 * Self.mebibyte)
    }

    /// The tightest bound wins; a process already past one has no capacity at all.
    @Test func theTightestBoundWins() {
        let limits = Self.readings(files: ["/sys/fs/cgroup/memory.max": "2147483648"], addressSpace: 1 << 40, data: 1 << 32)
        #expect(limits.capacity(workers: 4) == 2 * Self.gibibyte - 80 * Self.mebibyte)
        #expect(Self.readings(addressSpace: 100 * Self.mebibyte).capacity(workers: 2) == 0)
    }

    @Test func statusFieldsAreKilobytes() {
        #expect(MemoryLimits.kilobytes("VmSize", in: "Name:\tthumbgen\nVmPeak:\t  1 kB\nVmSize:\t  29888 kB\n") == 29888 * 1024)
        #expect(MemoryLimits.kilobytes("VmData", in: "VmSize: 1 kB\n") == nil)
    }
}
