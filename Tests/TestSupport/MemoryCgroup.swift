import Foundation

/// A memory-limited control group of its own, made for a test and removed after it, with a way
/// to run the thumbgen binary inside it. Made as a child of the test's own group, so that it
/// stays under every limit the test already runs with: cgroup v2 when its memory controller can
/// be enabled there (else at the v2 root), or v1's memory controller. Needs root.
public final class MemoryCgroup: @unchecked Sendable {
    public let folder: String
    public let version: Int

    /// Nil when this machine does not let the test make one (not root, no memory controller).
    public init?(limit bytes: Int) {
        let name = "thumbgen-test-\(UUID().uuidString.prefix(8))"
        let own = (try? String(contentsOfFile: "/proc/self/cgroup", encoding: .utf8)) ?? ""
        for line in own.split(separator: "\n") {
            let fields = line.split(separator: ":", maxSplits: 2, omittingEmptySubsequences: false).map(String.init)
            guard fields.count == 3 else { continue }
            if fields[0] == "0", fields[1].isEmpty {
                // v2: beside the test under its own group when the group hands memory down,
                // else at the root, which may always hand it down.
                for parent in ["/sys/fs/cgroup" + fields[2], "/sys/fs/cgroup"] where Self.delegatesMemory(parent) {
                    if Self.make(parent + "/" + name, file: "memory.max", bytes: bytes) {
                        folder = parent + "/" + name
                        version = 2
                        return
                    }
                }
            } else if fields[1].split(separator: ",").contains("memory") {
                let parent = "/sys/fs/cgroup/memory" + fields[2]
                if Self.make(parent + "/" + name, file: "memory.limit_in_bytes", bytes: bytes) {
                    folder = parent + "/" + name
                    version = 1
                    return
                }
            }
        }
        return nil
    }

    deinit { rmdir(folder) }

    /// Whether the v2 group at `path` hands the memory controller to its children, enabling it
    /// if it can (the root can; a group with processes in it cannot).
    private static func delegatesMemory(_ path: String) -> Bool {
        let control = path + "/cgroup.subtree_control"
        if Self.words(control).contains("memory") { return true }
        guard Self.words(path + "/cgroup.controllers").contains("memory") else { return false }
        try? "+memory".write(toFile: control, atomically: false, encoding: .utf8)
        return Self.words(control).contains("memory")
    }

    private static func words(_ path: String) -> [Substring] {
        ((try? String(contentsOfFile: path, encoding: .utf8)) ?? "").split(whereSeparator: \.isWhitespace)
    }

    private static func make(_ folder: String, file: String, bytes: Int) -> Bool {
        guard mkdir(folder, 0o755) == 0 else { return false }
        do {
            try "\(bytes)".write(toFile: folder + "/" + file, atomically: false, encoding: .utf8)
            return true
        } catch {
            rmdir(folder)
            return false
        }
    }

    /// How often the kernel's OOM killer struck inside the group.
    public var oomKills: Int {
        let file = folder + (version == 2 ? "/memory.events" : "/memory.oom_control")
        let text = (try? String(contentsOfFile: file, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").compactMap { line -> Int? in
            let fields = line.split(separator: " ")
            return fields.count == 2 && fields[0] == "oom_kill" ? Int(fields[1]) : nil
        }.first ?? 0
    }

    /// Runs thumbgen with `arguments` inside the group: a shell joins it, then becomes thumbgen.
    public func run(_ arguments: [String]) throws -> Executable.Result {
        try Executable.run(arguments, through: ["/bin/sh", "-c", "echo $$ > \"$0/cgroup.procs\" && exec \"$@\"", folder])
    }
}
