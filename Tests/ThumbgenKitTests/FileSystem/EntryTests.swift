import Foundation
import Glibc
import Testing

@testable import ThumbgenKit

extension FileSystemTests {
    /// `entry`, `read` and `list` describe what is there without following a link.
    @Suite struct EntryTests {
        @Test(arguments: bothWays)
        func entriesSayWhatIsThere(_ way: RootDirectory.SystemCalls) throws {
            let site = try FileSystemFixture(way, files: ["photos/a.jpg", "notes"])
            try site.folder.link("root/link", to: "photos")
            #expect(mkfifo(site.path("pipe"), 0o644) == 0)
            var info = stat()
            #expect(stat(site.path("photos/a.jpg"), &info) == 0)
            let modified = Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)
            #expect(site.root.entry("photos/a.jpg")
                == .file(size: 12, modified: modified, device: UInt64(info.st_dev), inode: UInt64(info.st_ino)))
            #expect(site.root.entry("photos") == .folder)
            #expect(site.root.entry("") == .folder)
            #expect(site.root.entry("link") == .link)
            #expect(site.root.entry("pipe") == .special(.fifo))
            #expect(site.root.entry("photos/b.jpg") == .missing)
            #expect(site.root.entry("gone/b.jpg") == .missing)
            guard case .blocked(let file) = site.root.entry("notes/b.jpg") else { Issue.record("not blocked"); return }
            #expect(file.reason == "notes is a file where a folder must be; move it")
        }

        @Test(arguments: bothWays)
        func readRefusesWhatIsNotAFileOfTheAllowedSize(_ way: RootDirectory.SystemCalls) throws {
            let site = try FileSystemFixture(way, files: ["index.json"])
            #expect(mkfifo(site.path("pipe"), 0o644) == 0)
            #expect(try site.root.read("index.json", limit: 10) == Array("index.json".utf8))
            let large = #expect(throws: WriteError.self) { _ = try site.root.read("index.json", limit: 9) }
            #expect(large?.reason == "index.json is larger than 9 bytes, more than thumbgen reads for such a file; move it")
            // A FIFO without a writer would block a plain open: refused at once instead.
            let fifo = #expect(throws: WriteError.self) { _ = try site.root.read("pipe", limit: 10) }
            #expect(fifo?.reason == "pipe is a named pipe (FIFO), not a file; thumbgen leaves it alone")
            let missing = #expect(throws: WriteError.self) { _ = try site.root.read("gone.json", limit: 10) }
            #expect(missing?.cause == .missing)
        }

        /// Hidden names are listed; a name that is not UTF-8 is reported, escaped, apart from the
        /// names a caller can use.
        @Test(arguments: bothWays)
        func listShowsHiddenNamesAndReportsNamesThatAreNotUTF8(_ way: RootDirectory.SystemCalls) throws {
            let site = try FileSystemFixture(way, files: ["photos/.hidden", "photos/b.jpg", "photos/a.jpg"])
            let latin1 = Array(site.path("photos/caf").utf8) + [0xE9] + Array(".jpg".utf8) + [0]
            let made = latin1.withUnsafeBufferPointer { $0.withMemoryRebound(to: CChar.self) { creat($0.baseAddress!, 0o644) } }
            #expect(made >= 0)
            close(made)
            #expect(try site.root.list("photos") == Listing(names: [".hidden", "a.jpg", "b.jpg"], undecodable: ["caf\\xE9.jpg"]))
            #expect(try site.root.list("").names == ["photos"])
            try site.swapForLinkOutside("photos")
            let link = #expect(throws: WriteError.self) { _ = try site.root.list("photos") }
            #expect(link?.reason == "photos is a symbolic link; thumbgen never reads through a link: replace it with a folder")
            let missing = #expect(throws: WriteError.self) { _ = try site.root.list("gone") }
            #expect(missing?.reason == "gone does not exist")
        }

        @Test func aRootThatIsMissingOrAFileIsNamed() throws {
            let site = try FileSystemFixture(.newest, files: ["file"])
            let missing = #expect(throws: WriteError.self) { _ = try RootDirectory(path: site.path("gone")) }
            #expect(missing?.description == site.path("gone") + ": the root folder does not exist")
            let file = #expect(throws: WriteError.self) { _ = try RootDirectory(path: site.path("file")) }
            #expect(file?.description == site.path("file") + ": the root folder is a file where a folder must be; move it")
        }
    }
}
