import Foundation
import Renditions
import Testing
import TestSupport

@testable import ThumbgenKit

/// A slice is a file thumbgen owns: a user's file at a slice's name is never replaced or deleted,
/// and another manifest's index is never taken for one.
@Suite struct IndexSliceOwnershipTests {
    @Test func aUsersFileAtASlicesNameStopsEveryCommandAndStays() throws {
        let site = IndexSliceTests.site()
        site.folder.write("site/photos/renditions.json", text: "{\"mine\": true}\n")
        for command in ["build", "check", "clean"] {
            let result = site.run([command, site.manifestPath])
            #expect(result.code == .usage, "\(command)")
            #expect(result.err.contains("photos/renditions.json under root is a file thumbgen did not write"), "\(command): \(result.err)")
            #expect(result.err.contains("manifest.yaml:"), "the error names the manifest: \(result.err)")
        }
        #expect(site.folder.read("site/photos/renditions.json") == Array("{\"mine\": true}\n".utf8))
        #expect(!site.folder.exists("site/renditions.json"))
    }

    @Test func aUsersFileOverAnEarlierSliceIsNeverDeleted() throws {
        let site = IndexSliceTests.site()
        try site.build()
        // The folder's images go, and the user puts their own file where its slice was.
        try FileManager.default.removeItem(atPath: site.folder.path + "/site/trips/2024/e.jpg")
        site.folder.write("site/trips/2024/renditions.json", text: "mine\n")
        let summary = try site.build()
        #expect(!summary.pruned.contains("trips/2024/renditions.json"))
        #expect(site.folder.read("site/trips/2024/renditions.json") == Array("mine\n".utf8))
        #expect(site.run(["clean", site.manifestPath]).code == .success)
        #expect(site.folder.read("site/trips/2024/renditions.json") == Array("mine\n".utf8))
    }

    @Test func aLinkAtASlicesNameIsNeverWrittenThrough() throws {
        let site = IndexSliceTests.site()
        site.folder.write("elsewhere.json", text: "outside\n")
        #expect(symlink(site.folder.path + "/elsewhere.json", site.folder.path + "/site/trips/renditions.json") == 0)
        let result = site.run(["build", site.manifestPath])
        #expect(result.code == .usage)
        #expect(result.err.contains("trips/renditions.json is not a plain file"), "\(result.err)")
        #expect(site.folder.read("elsewhere.json") == Array("outside\n".utf8))
    }

    @Test func anotherManifestsIndexAtASlicesNameIsNotTaken() throws {
        let site = IndexSliceTests.site()
        // A second manifest over the same root keeps its own index in photos/.
        site.folder.write("other.yaml", text: Manifests.standard(images: "photos/b.jpg", extra: "index: photos/renditions.json"))
        #expect(site.run(["build", site.folder.path + "/other.yaml"]).code == .success)
        let other = site.folder.read("site/photos/renditions.json")
        let result = site.run(["build", site.manifestPath])
        #expect(result.code == .usage)
        #expect(result.err.contains("photos/renditions.json is another manifest's index"), "\(result.err)")
        #expect(site.folder.read("site/photos/renditions.json") == other)
    }

    @Test func aSliceNameIsNeverAnIndexPath() throws {
        let site = Site(manifest: Manifests.standard(images: "photos/*.jpg", extra: "index: renditions.slice.json"))
        site.original("site/photos/a.jpg", JPEGFixtures.jpeg(Pictures.photo(width: 300, height: 200)))
        let result = site.run(["build", site.manifestPath])
        #expect(result.code == .usage)
        #expect(result.err.contains("is named like an index slice"), "\(result.err)")
    }
}
