import Foundation
import Testing
import TestSupport

@testable import ThumbgenKit

extension FileSystemTests {
    /// A full disk and a read-only file system, on a real tmpfs: errors that stop the build, in
    /// plain words, with nothing left behind and nothing truncated under a final name.
    @Suite struct DiskErrorTests {
        @Test(.enabled(if: TmpfsTests.runs, TmpfsTests.reason), arguments: bothWays)
        func aFullDiskStopsTheBuildAndRemovesTheTemporary(_ way: RootDirectory.SystemCalls) throws {
            let disk = try Tmpfs(kilobytes: 64)
            disk.folder.write("photos/a.jpg", [1, 2, 3])
            let big = [UInt8](repeating: 7, count: 256 * 1024)
            do {
                let root = try RootDirectory(path: disk.path, systemCalls: way)
                // Over the file thumbgen owns, and to a new name without replacing.
                for (name, existing) in [("a.jpg", RootDirectory.ExistingFile.replace), ("b.jpg", .refuse)] {
                    let error = #expect(throws: WriteError.self) {
                        try root.writeAtomically(big, to: "photos/" + name, temporaryName: ".thumbgen-1", ifExists: existing)
                    }
                    #expect(error?.description == disk.path + "/photos/\(name): the disk is full; free some space and run the build again")
                    #expect(error?.cause == .diskFull && error?.stopsBuild == true)
                    #expect(try root.list("photos") == Listing(names: ["a.jpg"], undecodable: []), "the temporary is gone")
                }
            }  // the root's descriptor closes here: an open one would keep the tmpfs from unmounting
            #expect(disk.folder.read("photos/a.jpg") == [1, 2, 3])
        }

        @Test(.enabled(if: TmpfsTests.runs, TmpfsTests.reason), arguments: bothWays)
        func aReadOnlyFileSystemStopsTheBuild(_ way: RootDirectory.SystemCalls) throws {
            let disk = try Tmpfs(kilobytes: 256)
            disk.folder.write("photos/a.jpg", [1, 2, 3])
            try disk.remount("ro")
            do {
                let root = try RootDirectory(path: disk.path, systemCalls: way)
                let write = #expect(throws: WriteError.self) {
                    try root.writeAtomically([9], to: "photos/a.jpg", temporaryName: ".thumbgen-1")
                }
                #expect(write?.description == disk.path + "/photos/a.jpg: the file system is read-only; make it writable and run the build again")
                #expect(write?.cause == .readOnly && write?.stopsBuild == true)
                let remove = #expect(throws: WriteError.self) { try root.remove("photos/a.jpg") }
                #expect(remove?.cause == .readOnly && remove?.stopsBuild == true)
                let folder = #expect(throws: WriteError.self) { try root.makeFolders("photos/new") }
                #expect(folder?.cause == .readOnly && folder?.stopsBuild == true)
            }  // closed before the tmpfs is unmounted
            #expect(disk.folder.read("photos/a.jpg") == [1, 2, 3])
        }
    }
}
