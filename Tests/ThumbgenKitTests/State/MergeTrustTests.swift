import Foundation
import ImageCodecs
import Renditions
import Testing
import TestSupport

@testable import ThumbgenKit

/// A shard index is untrusted input: merge takes from it only that shard's share of the
/// manifest's images, made with this manifest's output settings, limits and codec libraries;
/// anything else is refused (exit 2), naming what differs, and nothing is written.
@Suite struct MergeTrustTests {
    static func site(extra: String = "", formats: String = "[webp]") -> Site {
        let site = Site(manifest: Manifests.standard(images: "photos/*.jpg", extra: extra, formats: formats))
        for index in 0..<6 {
            site.original("site/photos/p\(index).jpg", JPEGFixtures.jpeg(Pictures.photo(width: 420 + 10 * index, height: 300, seed: UInt64(index))))
        }
        return site
    }

    static func buildShards(_ site: Site) throws {
        for k in 1...2 {
            try Generator(manifest: try site.loadManifest(), options: BuildOptions(jobs: 2, shard: Shard(index: k, count: 2))).build()
        }
    }

    static let first = "site/renditions.shard-1-of-2.json"

    static func editFirstShard(_ site: Site, _ edit: (inout RenditionIndex) throws -> Void) throws {
        var index = try RenditionIndex.decode(Data(try #require(site.folder.read(first))))
        try edit(&index)
        site.folder.write(first, Array(index.encoded()))
    }

    /// The merge is refused with exit 2 and `message`, and no index is written.
    static func expectRefused(_ site: Site, _ message: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let result = site.run(["merge", site.manifestPath])
        #expect(result.code == .usage, "\(result.err)", sourceLocation: sourceLocation)
        #expect(result.err == "thumbgen: error: renditions.shard-1-of-2.json \(message)\n", sourceLocation: sourceLocation)
        #expect(!site.folder.exists("site/renditions.json"), sourceLocation: sourceLocation)
        #expect(site.folder.exists(first), sourceLocation: sourceLocation)
    }

    @Test func aShardThatAddsAnImageOutsideTheManifestIsRefused() throws {
        let site = Self.site()
        try Self.buildShards(site)
        try Self.editFirstShard(site) { index in
            let record = try #require(index.images.values.first)
            index.images["../../etc/passwd"] = record
        }
        Self.expectRefused(site, "lists \"../../etc/passwd\", which is not among this manifest's images for shard 1/2; build it again")
    }

    @Test func aShardThatLeavesOutOneOfItsImagesIsRefused() throws {
        let site = Self.site()
        try Self.buildShards(site)
        var removed = ""
        try Self.editFirstShard(site) { index in
            removed = try #require(index.images.keys.sorted().first)
            index.images[removed] = nil
        }
        Self.expectRefused(site, "lacks \"\(removed)\", which this manifest gives shard 1/2; build it again")
    }

    /// Settings the old manifest fingerprint left out: each is named.
    @Test(arguments: [
        ("output: { webp: { quality: 60 } }", "output: { webp: { quality: 61 } }", "output.webp settings"),
        ("output: { avif: { speed: 6 } }", "output: { avif: { speed: 7 } }", "output.avif settings"),
        ("output: { placeholder: none }", "", "output.placeholder"),
        ("limits: { scans: 100 }", "limits: { scans: 101 }", "limits"),
    ])
    func aShardBuiltWithOtherSettingsIsRefused(built: String, merged: String, named: String) throws {
        let site = Self.site(extra: built)
        try Self.buildShards(site)
        site.folder.write("manifest.yaml", text: Manifests.standard(images: "photos/*.jpg", extra: merged, formats: "[webp]"))
        Self.expectRefused(site, "was built with other \(named) than this manifest and machine have; build it again with this manifest here")
    }

    @Test func aShardBuiltWithOtherFormatsIsRefused() throws {
        let site = Self.site(formats: "[]")
        try Self.buildShards(site)
        site.folder.write("manifest.yaml", text: Manifests.standard(images: "photos/*.jpg", formats: "[webp]"))
        Self.expectRefused(site, "was built with other output.formats than this manifest and machine have; build it again with this manifest here")
    }

    /// A shard built on a runner with another libwebp: its WebP files are not what this
    /// machine would write.
    @Test func aShardBuiltWithAnotherLibwebpIsRefused() throws {
        let site = Self.site()
        try Self.buildShards(site)
        var libraries = CodecLibraries.current
        libraries.versions[.libwebpEncoder] = "1.3.2"
        let identity = ShardIdentity(manifest: try site.loadManifest(), libraries: libraries)
        try Self.editFirstShard(site) { index in index.shard?.manifest = identity.text }
        Self.expectRefused(site, "was built with other codec library versions (see thumbgen --version) than this manifest and machine have; build it again with this manifest here")
    }

    /// The shard identity is made of the recipe's own parts: whatever changes an image's recipe
    /// (but its bytes and boxes) changes the identity.
    @Test func everyOutputSettingIsInTheIdentity() throws {
        let manifest = try Self.site().loadManifest()
        let base = ShardIdentity(manifest: manifest)
        let edits: [(String, (inout Manifest) -> Void)] = [
            ("jpeg", { $0.output.jpegQuality += 1 }), ("jpeg", { $0.output.jpegProgressive.toggle() }),
            ("png", { $0.output.pngCompression += 1 }), ("formats", { $0.output.formats = [.avif] }),
            ("webp", { $0.output.webpQuality += 1 }), ("webp", { $0.output.webpLossless.toggle() }),
            ("avif", { $0.output.avifQuality += 1 }), ("avif", { $0.output.avifSpeed += 1 }),
            ("placeholder", { $0.output.placeholder = .none }), ("limits", { $0.limits.memoryMB += 1 }),
            ("limits", { $0.limits.scans += 1 }), ("images", { $0.images.removeLast() }),
        ]
        for (part, edit) in edits {
            var changed = manifest
            edit(&changed)
            #expect(ShardIdentity(manifest: changed).differences(from: base) == [part])
        }
        #expect(ShardIdentity(text: base.text) == base)
    }
}
