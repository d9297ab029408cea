import Foundation
import Renditions
import Testing
import TestSupport

@testable import ThumbgenKit

/// Names with spaces, Unicode, parentheses and shell characters, in nested folders, work end to end.
@Suite struct OddNameTests {
    static let names = [
        "photos/with space.jpg", "photos/ünïcödé café.jpg", "photos/paren (1).jpg", "photos/$(rm -rf) ; `x` & y.jpg",
        "photos/deep/er/nested/quote'n\"dq.jpg", "photos/日本語/写真.jpg", "photos/hash#and,comma.jpg",
    ]

    @Test func oddNamesBuildIndexAndLookUp() throws {
        let site = Site(manifest: Manifests.standard(images: "photos/**/*.jpg"))
        for (index, name) in Self.names.enumerated() {
            site.original("site/" + name, JPEGFixtures.jpeg(Pictures.photo(width: 500, height: 300, seed: UInt64(index))))
        }
        let summary = try site.build()
        #expect(summary.written == Self.names.count * 3)  // thumbs only: the rest fit 500x300
        let index = try site.index("site/renditions.json")
        #expect(Set(index.images.keys) == Set(Self.names))
        for name in Self.names {
            let file = index.file(image: name, slot: "thumb", scale: 3)
            let stem = (name as NSString).deletingPathExtension
            #expect(file == stem + ".Thumbnail(180x108).jpg")
            #expect(site.folder.exists("site/" + file))
            // srcset survives spaces, commas and '#': each candidate is one URL and a descriptor.
            let srcset = index.srcset(image: name, slot: "thumb")
            #expect(srcset.split(separator: ",").count == 3)
            for candidate in srcset.split(separator: ",") {
                let parts = candidate.split(separator: " ")
                #expect(parts.count == 2)
                #expect(URL(string: String(parts[0])) != nil)
            }
            let lookup = site.run(["lookup", site.folder.path + "/site/renditions.json", name, "--slot", "card", "--scale", "2"])
            #expect(lookup.out == (index.entry(image: name, slot: "card", scale: 2)?.file ?? "") + "\n")
        }
        #expect(site.run(["check", site.manifestPath]).code == .success)
        #expect(site.run(["clean", site.manifestPath]).code == .success)
        #expect(!site.folder.files().contains { $0.contains(".Thumbnail(") })
    }
}

@Suite struct LiteralBracketTests {
    /// A name that holds glob characters itself is taken as written when it names a file.
    @Test func aNameWithBracketsIsTakenAsItIs() throws {
        let site = Site(manifest: Manifests.standard(images: "\"photos/photo [1].jpg\""))
        site.original("site/photos/photo [1].jpg", JPEGFixtures.jpeg(Pictures.photo(width: 500, height: 300)))
        site.original("site/photos/photo 1.jpg", JPEGFixtures.jpeg(Pictures.photo(width: 500, height: 300, seed: 2)))
        let manifest = try site.loadManifest()
        #expect(manifest.images.map(\.path) == ["photos/photo [1].jpg"])
    }
}
