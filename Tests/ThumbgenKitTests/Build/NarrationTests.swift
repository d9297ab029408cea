import Foundation
import Testing
import TestSupport

@testable import ThumbgenKit

/// `--verbose`: the stages say each decision they make, about the file it is about.
@Suite struct NarrationTests {
    /// The lines a narrator heard, in order.
    final class Heard: @unchecked Sendable {
        private let lock = NSLock()
        private var all: [String] = []

        var narrator: Narrator { Narrator { line in self.lock.withLock { self.all.append(line) } } }
        var lines: [String] { lock.withLock { all } }

        /// The lines about `file`.
        func about(_ file: String) -> [String] {
            lines.filter { $0.hasPrefix(file + ": ") }.map { String($0.dropFirst(file.count + 2)) }
        }
    }

    static func site(formats: String = "[]") -> Site {
        let site = Site(manifest: Manifests.standard(images: "photos/*.jpg", formats: formats))
        site.original("site/photos/a.jpg", JPEGFixtures.jpeg(Pictures.photo(width: 600, height: 400)))
        site.original("site/photos/big.jpg", JPEGFixtures.jpeg(Pictures.photo(width: 2400, height: 1600)))
        return site
    }

    @discardableResult
    static func build(_ site: Site, _ heard: Heard) throws -> BuildSummary {
        var options = BuildOptions(jobs: 1)
        options.narrator = heard.narrator
        return try Generator(manifest: try site.loadManifest(), options: options).build()
    }

    /// The decode scale and the rendition that needs it; the planes path JPEG files take.
    @Test func aNewImageSaysWhyItIsMadeAndHowItIsDecoded() throws {
        let site = Self.site(), heard = Heard()
        try Self.build(site, heard)
        let big = heard.about("photos/big.jpg")
        #expect(big.first == "made again: a new image, photos/big.jpg", "\(heard.lines)")
        // hero at 3x is 1170x1170; the original 2400x1600 fits it at 1170x780, 0.4875 of its
        // size, and 1.25 times that is 0.609: libjpeg's next eighth is 5/8, 1500x1000.
        #expect(big.contains("decode at 0.609 of 2400x1600 or more (shrink on load where JPEG allows): photos/big.Thumbnail(1170x780).jpg needs 0.488, with 1.25 headroom"), "\(big)")
        #expect(big.contains("decoded 1500x1000 as YCbCr planes, renditions in 4:2:0 (the encoders take planes)"), "\(big)")
        // The largest of a.jpg's renditions needs 0.9 of it: no room to shrink.
        #expect(heard.about("photos/a.jpg").contains("decode at full size 600x400: photos/a.Thumbnail(540x360).jpg needs 0.900 of the original, which leaves no room to shrink on load"))
    }

    /// WebP files are made from RGB: the decode says so, and why.
    @Test func aBuildWritingWebPSaysItTakesTheRGBPath() throws {
        let site = Self.site(formats: "[webp]"), heard = Heard()
        try Self.build(site, heard)
        #expect(heard.about("photos/a.jpg").contains("decoded 600x400 as RGB rows (an encoder of these settings takes RGB)"), "\(heard.lines)")
    }

    @Test func aSecondBuildSaysReusedAndAnEditSaysWhichPartChanged() throws {
        let site = Self.site()
        try Self.build(site, Heard())
        let again = Heard()
        try Self.build(site, again)
        #expect(again.about("photos/a.jpg") == ["reused: its recipe fingerprint is the index's, and every file it lists is there as recorded"])

        site.folder.write("manifest.yaml", text: Manifests.standard(images: "photos/*.jpg").replacing("thumb: { size: 60x60", with: "thumb: { size: 50x50"))
        let edited = Heard()
        try Self.build(site, edited)
        #expect(edited.about("photos/a.jpg").first == "made again: slot 'thumb' changed size, fit or scales", "\(edited.lines)")
        // The 60x60 box's files are no longer listed: each is pruned, and says why.
        #expect(edited.about("photos/a.Thumbnail(60x40).jpg") == ["deleted: this manifest made it, and its new index no longer lists it"], "\(edited.lines)")
    }

    @Test func cleanSaysWhatItDeletesAndWhy() throws {
        let site = Self.site()
        try Self.build(site, Heard())
        let heard = Heard()
        var options = BuildOptions(jobs: 1)
        options.narrator = heard.narrator
        let cleaned = try Generator(manifest: try site.loadManifest(), options: options).clean()
        #expect(cleaned.renditions > 0)
        #expect(heard.about("photos/a.Thumbnail(60x40).jpg") == ["deleted: the index being cleaned lists it, and no other index does"], "\(heard.lines)")
        #expect(heard.lines.count == cleaned.renditions)
    }

    /// Without a narrator the build is as before, and says nothing.
    @Test func aBuildWithoutANarratorMakesTheSameFiles() throws {
        let quiet = try Self.site().build(jobs: 1)
        let heard = Heard()
        let told = try Self.build(Self.site(), heard)
        #expect(quiet.index.encoded() == told.index.encoded())
        #expect(!heard.lines.isEmpty)
    }
}
