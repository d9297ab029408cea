import Glibc

/// How much more memory this process may take, by each bound that applies to it: the machine,
/// its container (cgroup) and its own rlimits. Read once, when a build starts; the arithmetic is
/// pure so that tests can give it any readings.
struct MemoryLimits: Equatable {
    /// Bytes of RAM in the machine.
    var physical: Int
    /// Bytes the tightest cgroup above this process still allows: its limit less what its
    /// processes hold (reclaimable file cache not counted). Nil: no limit.
    var cgroup: Int?
    /// RLIMIT_AS less the address space already mapped (VmSize). Nil: unlimited.
    var addressSpace: Int?
    /// RLIMIT_DATA less the private writable memory already mapped (VmData). Nil: unlimited.
    var data: Int?

    /// Bytes held apart from any decode's estimate, measured with the release binary
    /// (scripts/memory-overhead.sh prints them): each worker thread adds its 4 MiB stack and a
    /// 64 MiB glibc malloc arena to the address space (VmSize 30 MB at start; 99 MB at most with
    /// one worker, 169 MB with two, about 600 MB with eight), and making an arena maps 128 MiB for a
    /// moment to align it (VmPeak 235 MB with two workers).
    static let arenaBytes = 64 << 20
    /// Resident memory the build grows by outside the estimates (the index, the stat cache,
    /// libpng's and libjpeg's rows, encoder output): VmHWM stays near 20 MB on small builds and
    /// 51 MB on the example site's originals into an 8x8 slot, with 1 to 8 workers.
    static let residentSlack = 48 << 20
    static let residentPerWorker = 8 << 20

    /// Most bytes one job's estimate may have: beyond it, its decode could not have its memory
    /// whatever the other jobs do, and must not start.
    func capacity(workers: Int) -> Int {
        let workers = max(1, workers)
        let stacks = workers * Threads.defaultStackSize
        var bounds = [physical - Self.residentSlack - workers * Self.residentPerWorker]
        if let cgroup { bounds.append(cgroup - Self.residentSlack - workers * Self.residentPerWorker) }
        if let addressSpace { bounds.append(addressSpace - stacks - (workers + 1) * Self.arenaBytes - Self.residentSlack) }
        if let data { bounds.append(data - stacks - Self.residentSlack) }
        return max(0, bounds.min()!)
    }

    /// Bytes the jobs running together may hold: a quarter of the machine's memory, from
    /// 256 MiB to 4 GiB, and never more than `capacity`. A job over it alone still runs, alone.
    func schedulingBudget(workers: Int) -> Int {
        min(capacity(workers: workers), min(max(physical / 4, 256 << 20), 4 << 30))
    }
}

extension MemoryLimits {
    /// The readings of this process now.
    static func current() -> MemoryLimits {
        read(file: { path in
            guard let file = fopen(path, "r") else { return nil }
            defer { fclose(file) }
            var text = [UInt8](), buffer = [UInt8](repeating: 0, count: 4096)
            while case let count = fread(&buffer, 1, buffer.count, file), count > 0 { text += buffer[..<count] }
            return String(decoding: text, as: UTF8.self)
        }, rlimit: { resource in
            var value = rlimit()
            guard getrlimit(__rlimit_resource_t(resource), &value) == 0, value.rlim_cur != rlim_t.max else { return nil }  // RLIM_INFINITY
            return Int(clamping: value.rlim_cur)
        }, physical: sysconf(Int32(_SC_PHYS_PAGES)) * sysconf(Int32(_SC_PAGESIZE)))
    }

    /// The readings from `file` (a path's contents, nil when missing) and `rlimit` (a soft
    /// limit in bytes, nil when unlimited).
    static func read(file: (String) -> String?, rlimit: (UInt32) -> Int?, physical: Int) -> MemoryLimits {
        let status = file("/proc/self/status") ?? ""
        var limits = MemoryLimits(physical: physical)
        limits.cgroup = CgroupMemory.headroom(procSelfCgroup: file("/proc/self/cgroup") ?? "", file: file)
        limits.addressSpace = rlimit(RLIMIT_AS.rawValue).map { $0 - (kilobytes("VmSize", in: status) ?? 0) }
        limits.data = rlimit(RLIMIT_DATA.rawValue).map { $0 - (kilobytes("VmData", in: status) ?? 0) }
        return limits
    }

    /// `VmSize:   29888 kB` in /proc/self/status, in bytes.
    static func kilobytes(_ key: String, in status: String) -> Int? {
        for line in status.split(separator: "\n") where line.hasPrefix(key + ":") {
            return line.dropFirst(key.count + 1).split(whereSeparator: { $0 == " " || $0 == "\t" }).first.flatMap { Int($0) }.map { $0 * 1024 }
        }
        return nil
    }
}
