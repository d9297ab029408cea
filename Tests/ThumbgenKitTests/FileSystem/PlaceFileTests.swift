import Foundation
import Glibc
import Testing

@testable import ThumbgenKit

extension FileSystemTests {
    /// `placeFile`: a hard link between two opened folders (the same inode), atomic, and never
    /// through or onto a symbolic link, on either side.
    @Suite struct PlaceFileTests {
        static func inode(_ path: String) -> ino_t? {
            var info = stat()
            return lstat(path, &info) == 0 ? info.st_ino : nil
        }

        @Test(arguments: bothWays)
        func linksTheSameFile(_ way: RootDirectory.SystemCalls) throws {
            let site = try FileSystemFixture(way, files: ["photos/a.jpg"])
            try site.folder.makeFolder("catalog/set")
            let catalog = try RootDirectory(path: site.folder.path + "/catalog", systemCalls: way)
            let placed = try catalog.placeFile("photos/a.jpg", from: site.root, at: "set/a@1x.jpg", temporaryName: ".t-1")
            #expect(placed == .linked)
            #expect(Self.inode(site.folder.path + "/catalog/set/a@1x.jpg") == Self.inode(site.path("photos/a.jpg")))
            // Replacing (the default) swaps in the new file whole; refusing leaves the old one.
            try site.folder.write("root/photos/b.jpg", Array("b".utf8))
            try catalog.placeFile("photos/b.jpg", from: site.root, at: "set/a@1x.jpg", temporaryName: ".t-2")
            #expect(FileManager.default.contents(atPath: site.folder.path + "/catalog/set/a@1x.jpg") == Data("b".utf8))
            let refused = #expect(throws: WriteError.self) {
                try catalog.placeFile("photos/a.jpg", from: site.root, at: "set/a@1x.jpg", temporaryName: ".t-3", ifExists: .refuse)
            }
            #expect(refused?.cause == .exists)
            #expect(try FileManager.default.contentsOfDirectory(atPath: site.folder.path + "/catalog/set") == ["a@1x.jpg"])
        }

        @Test(arguments: bothWays)
        func neverThroughALink(_ way: RootDirectory.SystemCalls) throws {
            let site = try FileSystemFixture(way, files: ["photos/a.jpg"])
            try site.folder.makeFolder("catalog")
            let catalog = try RootDirectory(path: site.folder.path + "/catalog", systemCalls: way)
            // The source is a link: refused, not followed (the catalog would hold the outside file).
            try site.folder.link("root/photos/out.jpg", to: site.folder.path + "/outside/a.jpg")
            let source = #expect(throws: WriteError.self) {
                try catalog.placeFile("photos/out.jpg", from: site.root, at: "a.jpg", temporaryName: ".t")
            }
            #expect(source?.description == site.path("photos/out.jpg") + ": photos/out.jpg is a symbolic link; thumbgen never follows a link below root: replace it with what it points to")
            // The imageset folder is a link to the outside: refused, nothing written there.
            try site.folder.link("catalog/set.imageset", to: site.folder.path + "/outside")
            let folder = #expect(throws: WriteError.self) {
                try catalog.placeFile("photos/a.jpg", from: site.root, at: "set.imageset/a.jpg", temporaryName: ".t")
            }
            #expect(folder?.cause == .linkOnTheWay)
            // The target's name is a link: never replaced.
            try site.folder.link("catalog/b.jpg", to: site.folder.path + "/outside/a.jpg")
            let target = #expect(throws: WriteError.self) {
                try catalog.placeFile("photos/a.jpg", from: site.root, at: "b.jpg", temporaryName: ".t")
            }
            #expect(target?.cause == .linkInTheWay)
            #expect(site.outsideIsUntouched)
            #expect(try FileManager.default.contentsOfDirectory(atPath: site.folder.path + "/catalog").sorted() == ["b.jpg", "set.imageset"])
        }
    }
}
