import Testing

@testable import ThumbgenKit

/// The container's memory, from cgroup files given as text: v2 and v1, limits at any level,
/// reclaimable file cache not counted as held.
@Suite struct CgroupMemoryTests {
    static let mebibyte = 1 << 20

    @Test func v2LimitOfAParentLessWhatItHolds() {
        let files = [
            "/sys/fs/cgroup/kubepods/pod1/c1/memory.max": "max\n",
            "/sys/fs/cgroup/kubepods/pod1/c1/memory.current": "20971520\n",
            "/sys/fs/cgroup/kubepods/pod1/memory.max": "1073741824\n",
            "/sys/fs/cgroup/kubepods/pod1/memory.current": "104857600\n",
            "/sys/fs/cgroup/kubepods/pod1/memory.stat": "anon 62914560\nfile 41943040\ninactive_file 41943040\nactive_file 0\n",
            "/sys/fs/cgroup/kubepods/memory.max": "max\n",
        ]
        let headroom = CgroupMemory.headroom(procSelfCgroup: "0::/kubepods/pod1/c1\n") { files[$0] }
        #expect(headroom == 1024 * Self.mebibyte - 60 * Self.mebibyte)  // 100 MiB held, 40 of it droppable cache
    }

    /// In a container without a cgroup namespace, /proc/self/cgroup names the host's path,
    /// whose folders are missing: the container's limit is that of the root folder.
    @Test func missingFoldersFallBackToTheRoot() {
        let files = ["/sys/fs/cgroup/memory.max": "536870912", "/sys/fs/cgroup/memory.current": "0"]
        #expect(CgroupMemory.headroom(procSelfCgroup: "0::/system.slice/docker-abc.scope\n") { files[$0] } == 512 * Self.mebibyte)
    }

    @Test func v1MemoryControllerAndItsUnlimitedValue() {
        let files = [
            "/sys/fs/cgroup/memory/process_api/x/memory.limit_in_bytes": "9223372036854771712\n",
            "/sys/fs/cgroup/memory/process_api/memory.limit_in_bytes": "2147483648\n",
            "/sys/fs/cgroup/memory/process_api/memory.usage_in_bytes": "1073741824\n",
            "/sys/fs/cgroup/memory/process_api/memory.stat": "cache 0\ninactive_file 7\ntotal_inactive_file 536870912\n",
        ]
        let cgroup = "9:name=systemd:/\n4:cpu,memory:/process_api/x\n1:cpuacct:/\n0::/\n"
        #expect(CgroupMemory.headroom(procSelfCgroup: cgroup) { files[$0] } == 1536 * Self.mebibyte)
    }

    @Test func noLimitAnywhereIsNone() {
        #expect(CgroupMemory.headroom(procSelfCgroup: "0::/user.slice\n") { $0.hasSuffix("memory.max") ? "max" : nil } == nil)
        #expect(CgroupMemory.headroom(procSelfCgroup: "") { _ in "1" } == nil)
        #expect(CgroupMemory.limit("max\n") == nil)
        #expect(CgroupMemory.limit("9223372036854771712") == nil)
        #expect(CgroupMemory.limit(" 4096\n") == 4096)
    }

    /// Of several limited levels, the tightest room wins, not the smallest limit.
    @Test func theTightestRoomWins() {
        let files = [
            "/sys/fs/cgroup/a/b/memory.max": "1000", "/sys/fs/cgroup/a/b/memory.current": "100",
            "/sys/fs/cgroup/a/memory.max": "2000", "/sys/fs/cgroup/a/memory.current": "1500",
        ]
        #expect(CgroupMemory.headroom(procSelfCgroup: "0::/a/b") { files[$0] } == 500)
        #expect(CgroupMemory.folders(CgroupMemory.hierarchies("0::/a/b")[0]) == ["/sys/fs/cgroup/a/b", "/sys/fs/cgroup/a", "/sys/fs/cgroup"])
    }
}
