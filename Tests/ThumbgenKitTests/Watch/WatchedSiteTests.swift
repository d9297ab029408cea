import Foundation
import Glibc
import Renditions
import Testing
import TestSupport

@testable import ThumbgenCLI
@testable import ThumbgenKit

/// Which folder events call for a build, and the one line each build prints.
struct WatchedSiteTests {
    static func site() throws -> (Site, WatchedSite) {
        let site = Site(manifest: Manifests.standard(images: "photos/*.jpg"))
        site.original("site/photos/a.jpg", JPEGFixtures.jpeg(Pictures.photo(width: 800, height: 600, seed: 1)))
        site.original("site/notes/readme.txt", Array("notes".utf8))
        return (site, WatchedSite(manifestPath: site.manifestPath, manifest: try site.loadManifest()))
    }

    @Test func watchesTheManifestsFolderRootAndTheFoldersBelowIt() throws {
        let (site, watched) = try Self.site()
        site.original("site/.hidden/x.jpg", [])
        let base = site.folder.path
        #expect(watched.folders == [base, base + "/site", base + "/site/photos", base + "/site/notes"])
    }

    @Test(arguments: [
        // What the user changes.
        ("", "manifest.yaml", IN_MOVED_TO, true),
        ("", "manifest.yaml", IN_CLOSE_WRITE, true),
        ("site/photos", "a.jpg", IN_MOVED_TO, true),
        ("site/photos", "a.jpg", IN_CLOSE_WRITE, true),
        ("site/photos", "a.jpg", IN_DELETE, true),
        ("site/photos", "new.JPG", IN_CLOSE_WRITE, true),
        ("site/photos", "more", IN_CREATE | IN_ISDIR, true),
        // A file being written counts once it is closed, not when it appears.
        ("site/photos", "new.jpg", IN_CREATE, false),
        // Editors' side files, other files, other folders.
        ("", ".manifest.yaml.swp", IN_CLOSE_WRITE, false),
        ("", "manifest.yaml~", IN_CLOSE_WRITE, false),
        ("site/photos", ".a.jpg.swp", IN_MOVED_FROM, false),
        ("site/notes", "readme.txt", IN_CLOSE_WRITE, false),
        // Thumbgen's own writes.
        ("site/photos", "a.Thumbnail(60x45).jpg", IN_MOVED_TO, false),
        ("site/photos", ".thumbgen-1a2b3c4d-0", IN_CLOSE_WRITE, false),
        ("site", "renditions.json", IN_MOVED_TO, false),
        ("site", "report.html", IN_MOVED_TO, false),
        ("", ".thumbgen", IN_CREATE | IN_ISDIR, false),
    ] as [(String, String, Int32, Bool)])
    func decidesWhichEventsCallForABuild(_ folder: String, _ name: String, _ mask: Int32, _ matters: Bool) throws {
        let (site, watched) = try Self.site()
        let event = FolderEvent(folder: folder.isEmpty ? site.folder.path : site.folder.path + "/" + folder, name: name, mask: UInt32(mask))
        #expect(watched.matters(event) == matters)
    }

    @Test func aBrokenManifestLeavesOnlyTheManifestWatched() throws {
        let (site, _) = try Self.site()
        let watched = WatchedSite(manifestPath: site.manifestPath, manifest: nil)
        #expect(watched.folders == [site.folder.path])
        #expect(watched.matters(FolderEvent(folder: site.folder.path, name: "manifest.yaml", mask: UInt32(IN_MOVED_TO))))
        #expect(!watched.matters(FolderEvent(folder: site.folder.path + "/site/photos", name: "a.jpg", mask: UInt32(IN_MOVED_TO))))
    }

    @Test func eachBuildIsOneLine() throws {
        let (site, _) = try Self.site()
        let first = try site.build()
        #expect(WatchSession.line(first, previous: nil, seconds: 1.234, watching: 4)
                == "thumbgen: built in 1.23 s: 1 image, 6 files written, 0 reused; watching 4 folders for changes (Ctrl-C to stop)\n")
        site.original("site/photos/a.jpg", JPEGFixtures.jpeg(Pictures.photo(width: 800, height: 600, seed: 2)))
        let second = try site.build()
        #expect(WatchSession.line(second, previous: first.index, seconds: 0.214, watching: 4)
                == "thumbgen: rebuilt in 0.21 s: 1 image changed, 6 files written\n")
        let third = try site.build()
        #expect(WatchSession.line(third, previous: second.index, seconds: 0.05, watching: 4) == "thumbgen: rebuilt in 0.05 s: nothing changed\n")
    }
}
