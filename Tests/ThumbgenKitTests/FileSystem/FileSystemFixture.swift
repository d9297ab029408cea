import Foundation
import Testing
import TestSupport

@testable import ThumbgenKit

/// The tests of Sources/ThumbgenKit/FileSystem, under one name (`--filter FileSystem`).
@Suite enum FileSystemTests {}

/// A root folder and a folder beside it ("outside") holding a file that no operation below
/// root may ever change, with the root opened one way or the other.
final class FileSystemFixture: Sendable {
    let folder: TemporaryFolder
    let root: RootDirectory
    /// The bytes of `outside/a.jpg`, the file an escape would overwrite or delete.
    static let outsideBytes: [UInt8] = [0xFF, 0xD8, 0x01, 0x02]

    init(_ systemCalls: RootDirectory.SystemCalls, files: [String] = []) throws {
        folder = try TemporaryFolder()
        try folder.makeFolder("root")
        try folder.write("outside/a.jpg", Self.outsideBytes)
        for file in files { try folder.write("root/" + file, Array(file.utf8)) }
        root = try RootDirectory(path: folder.path + "/root", systemCalls: systemCalls)
    }

    /// The absolute path of `relative` under root, as errors name it.
    func path(_ relative: String) -> String { folder.path + "/root/" + relative }

    /// The bytes of the file at `relative` under root, nil when there is none.
    func bytes(_ relative: String) -> [UInt8]? {
        FileManager.default.contents(atPath: path(relative)).map { [UInt8]($0) }
    }

    /// Replaces the folder `relative` (under root) by a link to the outside folder, as an
    /// attacker (or a user's sync tool) could at any moment.
    func swapForLinkOutside(_ relative: String) throws {
        if FileManager.default.fileExists(atPath: path(relative)) { try FileManager.default.removeItem(atPath: path(relative)) }
        try folder.link("root/" + relative, to: folder.path + "/outside")
    }

    /// True when the outside folder holds exactly its one file with its bytes.
    var outsideIsUntouched: Bool {
        (try? FileManager.default.contentsOfDirectory(atPath: folder.path + "/outside")) == ["a.jpg"]
            && FileManager.default.contents(atPath: folder.path + "/outside/a.jpg") == Data(Self.outsideBytes)
    }

    /// Every entry below root, relative, sorted, hidden ones included.
    var rootListing: [String] {
        (FileManager.default.enumerator(atPath: folder.path + "/root")?.compactMap { $0 as? String } ?? []).sorted()
    }
}

/// Both ways of opening folders; every test of the layer runs with each.
let bothWays: [RootDirectory.SystemCalls] = [.newest, .portable]

/// Tests that mount a tmpfs: skipped with the reason where mounting is not allowed, except
/// under `CI=true`, where they run and fail (CI has root: a skip there would hide a gap).
enum TmpfsTests {
    static let runs = Tmpfs.isAllowed || ProcessInfo.processInfo.environment["CI"] == "true"
    static let reason: Comment = "needs root (or CAP_SYS_ADMIN) to mount a tmpfs; under CI=true this fails instead"
}
