import Foundation
import Renditions
import Testing
import TestSupport

@testable import ThumbgenKit

/// `index: { split: folder }` on a real site: one slice per folder of originals beside the
/// whole index, each holding exactly its folder's images; `check` sees missing and stale ones;
/// build, clean and merge keep them as they keep the index.
@Suite struct IndexSliceTests {
    /// Originals at root, in a folder, in nested folders.
    static let originals = ["a.jpg", "photos/b.jpg", "photos/c.jpg", "trips/d.jpg", "trips/2024/e.jpg"]
    static let slices = ["photos/renditions.json", "renditions.slice.json", "trips/2024/renditions.json", "trips/renditions.json"]

    static func site(split: String = "folder") -> Site {
        let site = Site(manifest: Manifests.standard(images: "\"**/*.jpg\"", extra: "index: { path: renditions.json, split: \(split) }"))
        for (number, path) in originals.enumerated() {
            site.original("site/" + path, JPEGFixtures.jpeg(Pictures.photo(width: 500 + 20 * number, height: 400)))
        }
        return site
    }

    /// The slice at `file` (root-relative), read as a client reads any index.
    static func slice(_ site: Site, _ file: String) throws -> RenditionIndex {
        try site.index("site/" + file)
    }

    @Test func eachSliceHoldsExactlyItsFolderAsTheWholeIndexGivesIt() throws {
        let site = Self.site()
        try site.build()
        let whole = try site.index("site/renditions.json")
        #expect(whole.slices == Self.slices)
        let folders = ["photos": ["b.jpg", "c.jpg"], "": ["a.jpg"], "trips/2024": ["e.jpg"], "trips": ["d.jpg"]]
        for (folder, names) in folders {
            let file = folder.isEmpty ? "renditions.slice.json" : folder + "/renditions.json"
            let slice = try Self.slice(site, file)
            #expect(slice.images.keys.sorted() == names, "\(file)")
            #expect(slice.slots == whole.slots && slice.output == whole.output && slice.rendering == whole.rendering)
            #expect(slice.slices == nil && slice.shard == nil)
            for name in names {
                let image = folder.isEmpty ? name : folder + "/" + name
                let record = try #require(slice.images[name])
                let wholeRecord = try #require(whole.images[image])
                // The same record; only its paths lead from the slice's folder.
                #expect(record.sha256 == wholeRecord.sha256 && record.renditions.keys.sorted() == wholeRecord.renditions.keys.sorted())
                for (key, entry) in record.renditions {
                    let fromRoot = folder.isEmpty ? entry.file : folder + "/" + entry.file
                    #expect(fromRoot == wholeRecord.renditions[key]?.file, "\(image) \(key)")
                    #expect(site.folder.exists("site/" + fromRoot), "\(fromRoot)")
                }
                #expect(RenditionIndex(slice: slice, folder: folder).images[image] == wholeRecord)
            }
        }
        // A second build writes nothing: the slices are up to date.
        let before = Self.slices.map { site.folder.read("site/" + $0) }
        #expect(site.run(["check", site.manifestPath]).code == .success)
        try site.build()
        #expect(Self.slices.map { site.folder.read("site/" + $0) } == before)
    }

    @Test func checkReportsMissingAndStaleSlicesAndABuildMendsThem() throws {
        let site = Self.site()
        try site.build()
        try FileManager.default.removeItem(atPath: site.folder.path + "/site/photos/renditions.json")
        var text = String(decoding: try #require(site.folder.read("site/trips/renditions.json")), as: UTF8.self)
        text = text.replacing("\"d.jpg\"", with: "\"x.jpg\"")
        site.folder.write("site/trips/renditions.json", text: text)
        let check = site.run(["check", site.manifestPath])
        #expect(check.code == .workFound)
        #expect(check.out.contains("missing\tphotos/renditions.json\t"), "\(check.out)")
        #expect(check.out.contains("stale\ttrips/renditions.json\t"), "\(check.out)")
        try site.build()
        #expect(site.run(["check", site.manifestPath]).code == .success)
        #expect(try Self.slice(site, "trips/renditions.json").images.keys.sorted() == ["d.jpg"])
    }

    @Test func theSliceOfAFolderWithoutImagesGoesAndCleanTakesTheRest() throws {
        let site = Self.site()
        try site.build()
        try FileManager.default.removeItem(atPath: site.folder.path + "/site/trips/2024/e.jpg")
        let check = site.run(["check", site.manifestPath])
        #expect(check.out.contains("prune\ttrips/2024/renditions.json\t"), "\(check.out)")
        let summary = try site.build()
        #expect(summary.pruned.contains("trips/2024/renditions.json"))
        #expect(!site.folder.exists("site/trips/2024/renditions.json"))
        #expect(try site.index("site/renditions.json").slices == Self.slices.filter { $0 != "trips/2024/renditions.json" })
        #expect(site.run(["clean", site.manifestPath]).code == .success)
        for file in Self.slices { #expect(!site.folder.exists("site/" + file), "\(file)") }
        #expect(Self.originals.filter { $0 != "trips/2024/e.jpg" }.allSatisfy { site.folder.exists("site/" + $0) })
    }

    @Test func splitNoneDeletesTheSlicesAWholeBuildWrote() throws {
        let site = Self.site()
        try site.build()
        site.folder.write("manifest.yaml", text: Manifests.standard(images: "\"**/*.jpg\"", extra: "index: renditions.json"))
        try site.build()
        #expect(try site.index("site/renditions.json").slices == nil)
        for file in Self.slices { #expect(!site.folder.exists("site/" + file), "\(file)") }
    }

    @Test func mergeWritesTheSlicesByteForByteAsAWholeBuild() throws {
        let whole = Self.site(), sharded = Self.site()
        try whole.build()
        for k in [2, 1, 3] {
            try Generator(manifest: try sharded.loadManifest(), options: BuildOptions(jobs: 2, shard: Shard(index: k, count: 3))).build()
        }
        for file in Self.slices { #expect(!sharded.folder.exists("site/" + file), "a shard writes no slice: \(file)") }
        #expect(sharded.run(["merge", sharded.manifestPath]).code == .success)
        for file in ["renditions.json"] + Self.slices {
            #expect(sharded.folder.read("site/" + file) != nil && sharded.folder.read("site/" + file) == whole.folder.read("site/" + file), "\(file)")
        }
        #expect(try sharded.build().written == 0)
    }
}
