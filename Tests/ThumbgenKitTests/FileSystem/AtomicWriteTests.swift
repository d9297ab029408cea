import Foundation
import Glibc
import Testing

@testable import ThumbgenKit

extension FileSystemTests {
    /// Writes appear whole or not at all, never replace what they must not, and never leave their
    /// temporary behind.
    @Suite struct AtomicWriteTests {
        @Test(arguments: bothWays)
        func aWriteReplacesAFileAndLeavesNoTemporary(_ way: RootDirectory.SystemCalls) throws {
            let site = try FileSystemFixture(way, files: ["photos/a.jpg"])
            let old = umask(0o077)
            defer { umask(old) }
            try site.root.writeAtomically([1, 2, 3], to: "photos/a.jpg", temporaryName: ".thumbgen-7", sync: true)
            #expect(site.bytes("photos/a.jpg") == [1, 2, 3])
            #expect(site.rootListing == ["photos", "photos/a.jpg"])
            var info = stat()
            stat(site.path("photos/a.jpg"), &info)
            #expect(info.st_mode & 0o777 == 0o644, "the mode does not depend on the umask")
        }

        @Test(arguments: bothWays)
        func missingFoldersAreMadeOnlyWhenAsked(_ way: RootDirectory.SystemCalls) throws {
            let site = try FileSystemFixture(way)
            let error = #expect(throws: WriteError.self) { try site.root.writeAtomically([1], to: "a/b/c.jpg", temporaryName: ".t") }
            #expect(error?.description == site.path("a/b/c.jpg") + ": a does not exist")
            try site.root.writeAtomically([1], to: "a/b/c.jpg", temporaryName: ".t", createFolders: true)
            try site.root.makeFolders("a/d/e")
            #expect(site.rootListing == ["a", "a/b", "a/b/c.jpg", "a/d", "a/d/e"])
        }

        /// A file thumbgen does not own is never replaced, even one that appears after a check.
        @Test(arguments: bothWays)
        func writingWithoutReplacingRefusesAnExistingFile(_ way: RootDirectory.SystemCalls) throws {
            let site = try FileSystemFixture(way, files: ["mine.jpg"])
            let error = #expect(throws: WriteError.self) {
                try site.root.writeAtomically([1], to: "mine.jpg", temporaryName: ".t", ifExists: .refuse)
            }
            #expect(error?.description == site.path("mine.jpg")
                + ": mine.jpg already exists and thumbgen did not write it, so it is not replaced: move it")
            #expect(error?.cause == .exists && error?.stopsBuild == false)
            #expect(site.bytes("mine.jpg") == Array("mine.jpg".utf8))
            #expect(site.rootListing == ["mine.jpg"])
            try site.root.writeAtomically([5], to: "new.jpg", temporaryName: ".t", ifExists: .refuse)
            #expect(site.bytes("new.jpg") == [5])
            #expect(site.rootListing == ["mine.jpg", "new.jpg"])
        }

        @Test(arguments: bothWays)
        func aFolderOrAFIFOAtTheNameIsNamedAsWhatItIs(_ way: RootDirectory.SystemCalls) throws {
            let site = try FileSystemFixture(way)
            try site.folder.makeFolder("root/a.jpg")
            #expect(mkfifo(site.path("b.jpg"), 0o644) == 0)
            let folder = #expect(throws: WriteError.self) { try site.root.writeAtomically([1], to: "a.jpg", temporaryName: ".t") }
            #expect(folder?.reason == "a.jpg is a folder where a file must go; move it")
            let fifo = #expect(throws: WriteError.self) { try site.root.writeAtomically([1], to: "b.jpg", temporaryName: ".t") }
            #expect(fifo?.reason == "b.jpg is a named pipe (FIFO) where a file must go; move it")
            let removeFolder = #expect(throws: WriteError.self) { try site.root.remove("a.jpg") }
            #expect(removeFolder?.reason == "a.jpg is a folder, not a file; thumbgen leaves it alone")
            let removeFifo = #expect(throws: WriteError.self) { try site.root.remove("b.jpg") }
            #expect(removeFifo?.reason == "b.jpg is a named pipe (FIFO), not a file; thumbgen leaves it alone")
            #expect(site.rootListing == ["a.jpg", "b.jpg"])
        }

        /// A temporary that already exists is someone else's (or a killed run's): not written into,
        /// not removed.
        @Test(arguments: bothWays)
        func anExistingTemporaryIsNeitherUsedNorRemoved(_ way: RootDirectory.SystemCalls) throws {
            let site = try FileSystemFixture(way, files: [".t"])
            let error = #expect(throws: WriteError.self) { try site.root.writeAtomically([1], to: "a.jpg", temporaryName: ".t") }
            #expect(error?.cause == .exists && error?.obstacle == ".t")
            #expect(site.bytes(".t") == Array(".t".utf8))
            #expect(site.rootListing == [".t"])
        }

        @Test(arguments: bothWays)
        func removeRemovesAFileAndSaysWhenNothingWasThere(_ way: RootDirectory.SystemCalls) throws {
            let site = try FileSystemFixture(way, files: ["photos/a.jpg"])
            #expect(try site.root.remove("photos/a.jpg"))
            #expect(try !site.root.remove("photos/a.jpg"))
            #expect(try !site.root.remove("gone/a.jpg"))
            #expect(site.rootListing == ["photos"])
        }

        /// The lock file is created in place (never through a link) and is a regular file.
        @Test(arguments: bothWays)
        func aLockFileIsOpenedWithoutFollowingALink(_ way: RootDirectory.SystemCalls) throws {
            let site = try FileSystemFixture(way)
            let descriptor = try site.root.openLockFile(".thumbgen/lock", createFolders: true)
            close(descriptor)
            #expect(site.root.entry(".thumbgen/lock") != .missing)
            try site.folder.link("root/.thumbgen/lock.shard-1-of-2", to: site.folder.path + "/outside/a.jpg")
            let link = #expect(throws: WriteError.self) { _ = try site.root.openLockFile(".thumbgen/lock.shard-1-of-2") }
            #expect(link?.cause == .linkInTheWay)
            #expect(mkfifo(site.path(".thumbgen/pipe"), 0o644) == 0)
            let fifo = #expect(throws: WriteError.self) { _ = try site.root.openLockFile(".thumbgen/pipe") }
            #expect(fifo?.reason == ".thumbgen/pipe is a named pipe (FIFO) where a file must go; move it")
            try site.swapForLinkOutside(".thumbgen")
            #expect(throws: WriteError.self) { _ = try site.root.openLockFile(".thumbgen/lock", createFolders: true) }
            #expect(site.outsideIsUntouched)
        }

        /// A name too long concerns that file only; a whole path longer than PATH_MAX is fine,
        /// as the walk opens one name at a time.
        @Test(arguments: bothWays)
        func aNameTooLongConcernsThatFileOnly(_ way: RootDirectory.SystemCalls) throws {
            let site = try FileSystemFixture(way)
            let long = String(repeating: "x", count: 300) + ".jpg"
            let error = #expect(throws: WriteError.self) {
                try site.root.writeAtomically([1], to: "photos/" + long, temporaryName: ".t", createFolders: true)
            }
            #expect(error?.reason == "the name of photos/\(long) is longer than the file system allows; shorten it")
            #expect(error?.cause == .nameTooLong && error?.stopsBuild == false)
            #expect(site.rootListing == ["photos"])

            let deep = Array(repeating: String(repeating: "d", count: 200), count: 25).joined(separator: "/") + "/a.jpg"
            try site.root.writeAtomically([4], to: deep, temporaryName: ".t", createFolders: true)
            #expect(try site.root.read(deep, limit: 1) == [4])
            #expect(try site.root.remove(deep))
            // FileManager cannot remove a path longer than PATH_MAX: take the folders down here.
            var folders = deep.split(separator: "/").dropLast().map(String.init)
            while !folders.isEmpty {
                #expect(try site.root.removeEmptyFolder(folders.joined(separator: "/")))
                folders.removeLast()
            }
            #expect(site.rootListing == ["photos"])
        }

        @Test(arguments: bothWays)
        func removeEmptyFolderRemovesOnlyAnEmptyFolder(_ way: RootDirectory.SystemCalls) throws {
            let site = try FileSystemFixture(way, files: ["full/a.jpg"])
            try site.folder.makeFolder("root/empty")
            try site.folder.link("root/link", to: site.folder.path + "/outside")
            #expect(try site.root.removeEmptyFolder("empty"))
            #expect(try !site.root.removeEmptyFolder("empty"))
            let full = #expect(throws: WriteError.self) { try site.root.removeEmptyFolder("full") }
            #expect(full?.reason == "cannot delete full: Directory not empty")
            let link = #expect(throws: WriteError.self) { try site.root.removeEmptyFolder("link") }
            #expect(link?.cause == .linkInTheWay)
            #expect(site.rootListing == ["full", "full/a.jpg", "link"])
            #expect(site.outsideIsUntouched)
        }
    }
}
