import Foundation
import Glibc
import Testing

@testable import ThumbgenKit

extension FileSystemTests {
    /// A folder thumbgen may not write concerns the images in it only, and the error names that
    /// folder. The tests run as root, who passes every permission check: the operations run on
    /// a thread whose file-system identity is `nobody` (setfsuid acts on the calling thread
    /// alone, and drops the capabilities that override permissions).
    @Suite struct PermissionTests {
        @Test(.enabled(if: getuid() == 0, "needs root, to act as nobody on one thread"), arguments: bothWays)
        func aFolderWithoutPermissionConcernsItsFilesOnly(_ way: RootDirectory.SystemCalls) throws {
            let site = try FileSystemFixture(way)
            for (folder, mode) in [("open", 0o777), ("locked", 0o755), ("private", 0o700)] {
                try site.folder.makeFolder("root/\(folder)/sub")
                chmod(site.path(folder), mode_t(mode))
                chmod(site.path(folder + "/sub"), 0o777)
            }
            let root = site.root
            let errors = Self.asNobody {
                ["open/a.jpg", "locked/a.jpg", "private/sub/a.jpg"].map { file -> WriteError? in
                    do throws(WriteError) {
                        try root.writeAtomically([1], to: file, temporaryName: ".t")
                        return nil
                    } catch {
                        return error
                    }
                }
            }
            #expect(errors[0] == nil)
            #expect(errors[1]?.reason == "permission denied on locked; give thumbgen permission there or choose another root")
            #expect(errors[2]?.reason == "permission denied on private; give thumbgen permission there or choose another root")
            #expect(errors.compactMap { $0 }.allSatisfy { $0.cause == WriteError.Cause.noPermission && !$0.stopsBuild })
            #expect(site.rootListing == ["locked", "locked/sub", "open", "open/a.jpg", "open/sub", "private", "private/sub"])
        }

        /// `body` on a new thread acting as nobody (uid and gid 65534) for file access.
        static func asNobody<Result: Sendable>(_ body: @escaping @Sendable () -> Result) -> Result {
            let box = ResultBox<Result>()
            let done = DispatchSemaphore(value: 0)
            Thread.detachNewThread {
                // Swift's Glibc does not import <sys/fsuid.h>; the functions are in libc all the same.
                for name in ["setfsgid", "setfsuid"] {
                    let set = unsafeBitCast(dlsym(UnsafeMutableRawPointer(bitPattern: 0), name), to: (@convention(c) (UInt32) -> Int32).self)
                    _ = set(65534)
                }
                box.value = body()
                done.signal()  // the thread ends here, its identity with it
            }
            done.wait()
            return box.value!
        }
    }
}

/// Carries a result from one thread to the one waiting for it (the semaphore orders them).
private final class ResultBox<Value>: @unchecked Sendable {
    var value: Value?
}
