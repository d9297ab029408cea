/// The memory a process's control groups still allow it: the tightest, over every level from
/// its own group up to the root, of the group's limit less what the group holds. cgroup v2
/// (`memory.max`, `memory.current`) and v1's memory controller (`memory.limit_in_bytes`,
/// `memory.usage_in_bytes`), as Kubernetes and Docker set them.
enum CgroupMemory {
    /// Where one hierarchy keeps its files, and what they are called in it.
    struct Hierarchy: Equatable {
        /// The mount point: `/sys/fs/cgroup` (v2) or `/sys/fs/cgroup/memory` (v1).
        var root: String
        /// The process's group, as /proc/self/cgroup names it.
        var path: String
        var limitFile: String
        var usageFile: String
        /// The `memory.stat` line of file cache the kernel can drop before it runs out.
        var inactiveFileKey: String
    }

    /// Limits at or above this are v1's "no limit" (the largest page count, in bytes).
    static let unlimitedV1 = 1 << 62

    /// The hierarchies that /proc/self/cgroup lists for the memory controller: `0::/path` is
    /// v2's, `N:…memory…:/path` is v1's.
    static func hierarchies(_ procSelfCgroup: String) -> [Hierarchy] {
        procSelfCgroup.split(separator: "\n").compactMap { line in
            let fields = line.split(separator: ":", maxSplits: 2, omittingEmptySubsequences: false)
            guard fields.count == 3 else { return nil }
            let path = String(fields[2])
            if fields[0] == "0" && fields[1].isEmpty {
                return Hierarchy(root: "/sys/fs/cgroup", path: path, limitFile: "memory.max", usageFile: "memory.current",
                                 inactiveFileKey: "inactive_file")
            }
            guard fields[1].split(separator: ",").contains("memory") else { return nil }
            return Hierarchy(root: "/sys/fs/cgroup/memory", path: path, limitFile: "memory.limit_in_bytes",
                             usageFile: "memory.usage_in_bytes", inactiveFileKey: "total_inactive_file")
        }
    }

    /// The process's group and each parent, as folders: `/a/b` gives `root/a/b`, `root/a`,
    /// `root`. Inside a container without its own cgroup namespace the path is the host's and
    /// its folders are missing: the container's own limits are then those of the root folder.
    static func folders(_ hierarchy: Hierarchy) -> [String] {
        var parts = hierarchy.path.split(separator: "/").map(String.init)
        var folders: [String] = []
        while true {
            folders.append(([hierarchy.root] + parts).joined(separator: "/"))
            guard !parts.isEmpty else { return folders }
            parts.removeLast()
        }
    }

    /// Bytes still allowed (nil: no group has a limit). `file` gives a path's contents, or nil.
    static func headroom(procSelfCgroup: String, file: (String) -> String?) -> Int? {
        var tightest: Int?
        for hierarchy in hierarchies(procSelfCgroup) {
            for folder in folders(hierarchy) {
                guard let text = file(folder + "/" + hierarchy.limitFile), let limit = limit(text) else { continue }
                let usage = file(folder + "/" + hierarchy.usageFile).flatMap { Int(trimmed($0)) } ?? 0
                let reclaimable = file(folder + "/memory.stat").flatMap { value(hierarchy.inactiveFileKey, in: $0) } ?? 0
                let room = limit - max(0, usage - reclaimable)
                tightest = min(tightest ?? room, room)
            }
        }
        return tightest
    }

    /// A limit file's bytes, or nil for none (v2's `max`, v1's largest value).
    static func limit(_ text: String) -> Int? {
        guard let bytes = Int(trimmed(text)), bytes < unlimitedV1 else { return nil }
        return bytes
    }

    /// `key N` in a memory.stat file.
    static func value(_ key: String, in stat: String) -> Int? {
        for line in stat.split(separator: "\n") {
            let fields = line.split(separator: " ")
            if fields.count == 2, fields[0] == key { return Int(fields[1]) }
        }
        return nil
    }

    private static func trimmed(_ text: String) -> String {
        String(text.filter { !$0.isWhitespace })
    }
}
