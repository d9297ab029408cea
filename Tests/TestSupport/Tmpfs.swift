import Foundation

/// A small tmpfs mounted on a scratch folder, for tests of full and read-only disks. Mounting
/// needs root (or CAP_SYS_ADMIN); `isAllowed` says whether this machine lets the tests do it.
public final class Tmpfs: @unchecked Sendable {
    public let folder: ScratchFolder
    public var path: String { folder.path }

    public static let isAllowed: Bool = {
        guard let probe = try? Tmpfs(kilobytes: 64) else { return false }
        _ = probe
        return true
    }()

    public init(kilobytes: Int) throws {
        folder = ScratchFolder("thumbgen-tmpfs")
        try Self.mount(["-t", "tmpfs", "-o", "size=\(kilobytes)k", "tmpfs", folder.path])
    }

    /// Remounts with another size or read-only.
    public func remount(_ options: String) throws {
        try Self.mount(["-o", "remount,\(options)", folder.path])
    }

    deinit { try? Self.run("/bin/umount", [folder.path]) }

    private static func mount(_ arguments: [String]) throws {
        try run("/bin/mount", arguments)
    }

    private static func run(_ tool: String, _ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw NSError(domain: "Tmpfs", code: Int(process.terminationStatus))
        }
    }
}
