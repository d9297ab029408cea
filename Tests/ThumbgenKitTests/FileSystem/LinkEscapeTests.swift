import Foundation
import Glibc
import Testing

@testable import ThumbgenKit

extension FileSystemTests {
    /// A link anywhere below root redirects nothing: writes, removals, reads and new folders are
    /// refused with words that name the link, and the folder outside root is left as it was.
    @Suite struct LinkEscapeTests {
        @Test(arguments: bothWays)
        func aFolderSwappedForALinkOutsideRootRefusesWriteAndRemove(_ way: RootDirectory.SystemCalls) throws {
            let site = try FileSystemFixture(way, files: ["photos/a.jpg"])
            try site.swapForLinkOutside("photos")

            let write = #expect(throws: WriteError.self) {
                try site.root.writeAtomically([1], to: "photos/a.jpg", temporaryName: ".thumbgen-1")
            }
            #expect(write?.description == site.path("photos/a.jpg")
                + ": photos is a symbolic link; thumbgen never writes through a link: replace it with a folder")
            #expect(write?.cause == .linkOnTheWay && write?.obstacle == "photos" && write?.stopsBuild == false)

            let remove = #expect(throws: WriteError.self) { try site.root.remove("photos/a.jpg") }
            #expect(remove?.reason == "photos is a symbolic link; thumbgen never deletes through a link: replace it with a folder")
            #expect(throws: WriteError.self) { try site.root.remove("photos/a.jpg", allowingLink: true) }
            #expect(throws: WriteError.self) { _ = try site.root.read("photos/a.jpg", limit: 100) }
            #expect(throws: WriteError.self) { _ = try site.root.list("photos") }
            guard case .blocked(let seen) = site.root.entry("photos/a.jpg") else { Issue.record("not blocked"); return }
            #expect(seen.reason == "photos is a symbolic link; thumbgen never reads through a link: replace it with a folder")
            #expect(site.root.entry("photos") == .link)
            #expect(site.outsideIsUntouched)
        }

        /// The same with the write asking for the folders to be made: no folder appears outside.
        @Test(arguments: bothWays)
        func creatingFoldersNeverGoesThroughALink(_ way: RootDirectory.SystemCalls) throws {
            let site = try FileSystemFixture(way)
            try site.swapForLinkOutside("out")
            let error = #expect(throws: WriteError.self) {
                try site.root.writeAtomically([1], to: "out/deep/a.json", temporaryName: ".t", createFolders: true)
            }
            #expect(error?.reason == "out is a symbolic link; thumbgen never writes through a link: replace it with a folder")
            #expect(throws: WriteError.self) { try site.root.makeFolders("out/deep") }
            #expect(site.outsideIsUntouched)
        }

        /// A link that stays inside root is refused too: thumbgen writes below root only through
        /// real folders (a link could be retargeted at any moment).
        @Test(arguments: bothWays)
        func aLinkInsideRootIsRefusedToo(_ way: RootDirectory.SystemCalls) throws {
            let site = try FileSystemFixture(way)
            try site.folder.makeFolder("root/real/deep")
            try site.folder.link("root/photos/alias", to: "../real")
            // The link as the last folder on the way, and as one in the middle.
            for file in ["photos/alias/a.jpg", "photos/alias/deep/a.jpg"] {
                let error = #expect(throws: WriteError.self) {
                    try site.root.writeAtomically([1], to: file, temporaryName: ".t")
                }
                #expect(error?.obstacle == "photos/alias" && error?.cause == .linkOnTheWay)
                #expect(throws: WriteError.self) { try site.root.remove(file) }
                #expect(site.root.entry(file) != .missing)
            }
            #expect(site.rootListing == ["photos", "photos/alias", "real", "real/deep"])
        }

        /// A link at the file's own name is not replaced, not followed and, unless asked, not removed.
        @Test(arguments: bothWays)
        func aLinkAsTheFinalNameIsNeitherReplacedNorFollowed(_ way: RootDirectory.SystemCalls) throws {
            let site = try FileSystemFixture(way)
            try site.folder.link("root/a.jpg", to: site.folder.path + "/outside/a.jpg")

            let write = #expect(throws: WriteError.self) {
                try site.root.writeAtomically([1], to: "a.jpg", temporaryName: ".thumbgen-1")
            }
            #expect(write?.description == site.path("a.jpg")
                + ": a.jpg is a symbolic link; thumbgen never replaces or follows a link: move it")
            let remove = #expect(throws: WriteError.self) { try site.root.remove("a.jpg") }
            #expect(remove?.reason == "a.jpg is a symbolic link; thumbgen never follows or deletes a link: remove it yourself if it is not needed")
            let read = #expect(throws: WriteError.self) { _ = try site.root.read("a.jpg", limit: 100) }
            #expect(read?.cause == .linkInTheWay)
            #expect(site.root.entry("a.jpg") == .link)
            #expect(site.rootListing == ["a.jpg"])
            #expect(site.outsideIsUntouched)

            // Asked explicitly, the link itself goes; what it points to stays.
            #expect(try site.root.remove("a.jpg", allowingLink: true))
            #expect(site.rootListing == [])
            #expect(site.outsideIsUntouched)
        }

        /// A build checks a name, then writes: a folder swapped for a link in between (simulated by
        /// swapping after the check, with the root already open) cannot redirect the write.
        @Test(arguments: bothWays)
        func aLinkSwappedInAfterTheCheckCannotRedirect(_ way: RootDirectory.SystemCalls) throws {
            let site = try FileSystemFixture(way, files: ["photos/b.jpg"])
            #expect(site.root.entry("photos/a.jpg") == .missing)
            try site.swapForLinkOutside("photos")
            #expect(throws: WriteError.self) { try site.root.writeAtomically([9], to: "photos/a.jpg", temporaryName: ".t") }
            #expect(throws: WriteError.self) { try site.root.remove("photos/b.jpg") }
            #expect(site.outsideIsUntouched)
        }

        /// The root's own path may pass through links the user chose.
        @Test(arguments: bothWays)
        func theRootItselfMayBeReachedThroughALink(_ way: RootDirectory.SystemCalls) throws {
            let site = try FileSystemFixture(way)
            try site.folder.link("alias", to: "root")
            let root = try RootDirectory(path: site.folder.path + "/alias", systemCalls: way)
            try root.writeAtomically([7], to: "a.jpg", temporaryName: ".t")
            #expect(site.rootListing == ["a.jpg"])
        }

        /// A file, or a FIFO, where a folder must be: named as what it is.
        @Test(arguments: bothWays)
        func somethingElseWhereAFolderMustBeIsNamed(_ way: RootDirectory.SystemCalls) throws {
            let site = try FileSystemFixture(way, files: ["photos"])
            #expect(mkfifo(site.path("pipe"), 0o644) == 0)
            let file = #expect(throws: WriteError.self) { try site.root.writeAtomically([1], to: "photos/a.jpg", temporaryName: ".t") }
            #expect(file?.reason == "photos is a file where a folder must be; move it")
            let fifo = #expect(throws: WriteError.self) {
                try site.root.writeAtomically([1], to: "pipe/a.jpg", temporaryName: ".t", createFolders: true)
            }
            #expect(fifo?.reason == "pipe is a named pipe (FIFO) where a folder must be; move it")
            #expect(fifo?.cause == .notAFolderOnTheWay(.fifo))
        }

        /// A real race: another thread swaps the folder for a link to the outside folder and
        /// back, over and over, while writes and removals run. None may land outside.
        @Test(arguments: bothWays)
        func aFolderSwappedBackAndForthDuringWritesNeverLetsOneThrough(_ way: RootDirectory.SystemCalls) throws {
            let site = try FileSystemFixture(way, files: ["photos/keep"])
            let photos = site.path("photos"), aside = site.path("aside"), outside = site.folder.path + "/outside"
            // A thread of its own: a task could wait for the writes to finish before it starts.
            let done = DispatchSemaphore(value: 0)
            Thread.detachNewThread {
                for _ in 0..<1000 {
                    rename(photos, aside)
                    symlink(outside, photos)
                    unlink(photos)
                    rename(aside, photos)
                }
                done.signal()
            }
            var refused = 0, tried = 0
            while done.wait(timeout: .now()) == .timedOut {
                do {
                    tried += 1
                    try site.root.writeAtomically([UInt8(tried & 0xFF)], to: "photos/a.jpg", temporaryName: ".t\(tried)")
                    try site.root.remove("photos/a.jpg")
                } catch {
                    refused += 1
                }
            }
            print("\(way): \(refused) of \(tried) writes refused while the folder was swapped")
            #expect(site.outsideIsUntouched)
            // A write that got through may stay when its removal met the link: inside root.
            #expect(Set(site.rootListing).isSubset(of: ["photos", "photos/keep", "photos/a.jpg"]), "\(site.rootListing)")
        }
    }
}
