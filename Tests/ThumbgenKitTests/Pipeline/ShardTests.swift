import Foundation
import Renditions
import Testing
import TestSupport

@testable import ThumbgenCLI
@testable import ThumbgenKit

@Suite struct ShardTests {
    static func site(images: Int = 9) -> Site {
        let site = Site(manifest: Manifests.standard(images: "photos/**/*.jpg"))
        for index in 0..<images {
            let folder = index % 3 == 0 ? "photos" : "photos/set\(index % 3)"
            site.original("site/\(folder)/p\(index).jpg", JPEGFixtures.jpeg(Pictures.photo(width: 500 + 20 * index, height: 400, seed: UInt64(index))))
        }
        return site
    }

    static func build(_ site: Site, shard: Shard?) throws {
        try Generator(manifest: try site.loadManifest(), options: BuildOptions(jobs: 2, shard: shard)).build()
    }

    @Test func threeShardsMergedAreByteIdenticalToOneBuild() throws {
        let whole = Self.site(), sharded = Self.site()
        try Self.build(whole, shard: nil)
        for k in [2, 3, 1] { try Self.build(sharded, shard: Shard(index: k, count: 3)) }
        #expect(sharded.folder.exists("site/renditions.shard-2-of-3.json"))
        #expect(!sharded.folder.exists("site/renditions.json"))
        let result = sharded.run(["merge", sharded.manifestPath])
        #expect(result.code == .success)
        #expect(result.err == "thumbgen: merged 9 images into renditions.json\n")
        let site = { (s: Site) in s.folder.files().filter { $0.hasPrefix("site/") } }
        #expect(site(sharded) == site(whole))  // shard files removed, same renditions
        for file in site(whole) { #expect(sharded.folder.read(file) == whole.folder.read(file), "\(file)") }
        // The merged index is memory for a whole build: nothing to redo.
        #expect(try sharded.build().written == 0)
    }

    @Test(arguments: [1, 2, 3, 5, 8])
    func shardsCoverEveryImageExactlyOnce(count: Int) {
        let paths = (0..<500).map { "photos/\($0 % 7)/image-\($0).jpg" }
        var owners: [String: Int] = [:]
        for k in 1...count {
            let shard = Shard(index: k, count: count)!
            for path in paths where shard.owns(path) {
                #expect(owners[path] == nil)
                owners[path] = k
            }
        }
        #expect(owners.count == paths.count)
        if count > 1 { #expect(Set(owners.values).count == count) }
        // Adding an image moves no other: ownership depends on the path alone.
        let more = paths + ["photos/new.jpg"]
        for path in more.dropLast() { #expect(Shard.owner(of: path, count: count) == owners[path]) }
    }

    @Test func aRebuiltShardPrunesOnlyItsOwnImages() throws {
        let site = Self.site()
        for k in 1...3 { try Self.build(site, shard: Shard(index: k, count: 3)) }
        #expect(site.run(["merge", site.manifestPath]).code == .success)
        let before = site.folder.files()
        // Remove a slot: each shard prunes its own images' card files, never another's.
        site.folder.write("manifest.yaml", text: Manifests.standard(images: "photos/**/*.jpg")
            .replacingOccurrences(of: "slots: [thumb, card, hero]", with: "slots: [thumb, hero]"))
        let manifest = try site.loadManifest()
        let shard = Shard(index: 2, count: 3)!
        let summary = try Generator(manifest: manifest, options: BuildOptions(jobs: 2, shard: shard)).build()
        let pruned = Set(summary.pruned)
        #expect(!pruned.isEmpty)
        for path in pruned {
            let original = path.replacingOccurrences(of: #"\.Thumbnail\(\d+x\d+\)"#, with: "", options: .regularExpression)
            #expect(shard.owns(original))
        }
        #expect(site.folder.files().count == before.count - pruned.count + 1)  // + the shard index
    }

    @Test func mergeRefusesMissingDuplicatedAndForeignShards() throws {
        let site = Self.site(images: 4)
        try Self.build(site, shard: Shard(index: 1, count: 3))
        try Self.build(site, shard: Shard(index: 3, count: 3))
        var result = site.run(["merge", site.manifestPath])
        #expect(result.code == .usage)
        #expect(result.err == "thumbgen: error: shard 2/3 is missing; run 'thumbgen build --shard 2/3' and merge again\n")

        try Self.build(site, shard: Shard(index: 2, count: 3))
        let one = try #require(site.folder.read("site/renditions.shard-1-of-3.json"))
        site.folder.write("site/renditions.shard-1-of-2.json", one)
        result = site.run(["merge", site.manifestPath])
        #expect(result.err == "thumbgen: error: renditions.shard-1-of-2.json and renditions.shard-1-of-3.json belong to different splits (2 and 3 shards); delete the stale ones and merge again\n")
        try FileManager.default.removeItem(atPath: site.folder.path + "/site/renditions.shard-1-of-2.json")

        let three = try #require(site.folder.read("site/renditions.shard-3-of-3.json"))
        site.folder.write("site/renditions.shard-2-of-3.json", three)
        result = site.run(["merge", site.manifestPath])
        #expect(result.err == "thumbgen: error: renditions.shard-2-of-3.json holds shard 3/3 again (also in renditions.shard-3-of-3.json); remove the duplicate\n")
        try Self.build(site, shard: Shard(index: 2, count: 3))

        site.folder.write("manifest.yaml", text: Manifests.standard(images: "photos/**/*.jpg", extra: "output: { jpeg: { quality: 90 } }"))
        result = site.run(["merge", site.manifestPath])
        #expect(result.err == "thumbgen: error: renditions.shard-1-of-3.json was built with other output.jpeg settings than this manifest and machine have; build it again with this manifest here\n")
        #expect(!site.folder.exists("site/renditions.json"))
        #expect(site.folder.exists("site/renditions.shard-1-of-3.json"))

        site.folder.write("manifest.yaml", text: Manifests.standard(images: "photos/**/*.jpg"))
        let text = String(decoding: try #require(site.folder.read("site/renditions.shard-1-of-3.json")), as: UTF8.self)
        site.folder.write("site/renditions.shard-1-of-3.json", text: text.replacingOccurrences(of: "thumbgen \(Thumbgen.version)", with: "thumbgen 0.0.1"))
        result = site.run(["merge", site.manifestPath])
        #expect(result.err == "thumbgen: error: renditions.shard-1-of-3.json was built by thumbgen 0.0.1, not thumbgen \(Thumbgen.version); build it again\n")
    }

    @Test func shardComesFromTheEnvironmentTheWayKubernetesGivesIt() throws {
        let site = Self.site(images: 3)
        let environment = ["JOB_COMPLETION_INDEX": "1", "THUMBGEN_SHARD_COUNT": "2"]
        let out = Captured(), err = Captured()
        let code = Thumbgen.run(["build", site.manifestPath, "--quiet"], environment: environment,
                                console: Console(out: { out.append($0) }, err: { err.append($0) }))
        #expect(code == .success)
        #expect(site.folder.exists("site/renditions.shard-2-of-2.json"))
    }
}

@Suite struct StaleShardTests {
    /// Shards left unmerged while a whole build ran: the build removes them, so a merge cannot
    /// bring back what it replaced; and a merge refuses shards whose files are gone.
    @Test func aWholeBuildSupersedesUnmergedShards() throws {
        let site = ShardTests.site(images: 4)
        for k in 1...2 { try ShardTests.build(site, shard: Shard(index: k, count: 2)) }
        try site.build()
        #expect(!site.folder.files().contains { $0.hasPrefix("site/") && $0.contains(".shard-") })
        #expect(site.run(["merge", site.manifestPath]).err == "thumbgen: error: no shard indexes beside renditions.json; run 'thumbgen build --shard K/N' for each K first\n")
    }

    @Test func aMergeRefusesShardsWhoseFilesAreGone() throws {
        let site = ShardTests.site(images: 4)
        for k in 1...2 { try ShardTests.build(site, shard: Shard(index: k, count: 2)) }
        let listed = try #require(site.folder.files().first { $0.contains(".Thumbnail(") })
        try FileManager.default.removeItem(atPath: site.folder.path + "/" + listed)
        let result = site.run(["merge", site.manifestPath])
        #expect(result.code == .usage)
        #expect(result.err.contains("that no longer exist as it recorded them (a build or clean ran since the shards were made); build the shards again"))
        #expect(!site.folder.exists("site/renditions.json"))
    }

    @Test func cleanRemovesUnmergedShardsAndTheirFiles() throws {
        let site = ShardTests.site(images: 4)
        for k in 1...2 { try ShardTests.build(site, shard: Shard(index: k, count: 2)) }
        #expect(site.run(["clean", site.manifestPath]).code == .success)
        #expect(!site.folder.files().contains { $0.hasPrefix("site/") && ($0.contains(".shard-") || $0.contains(".Thumbnail(")) })
    }

    @Test func dryRunShowsOnlyTheShardsImages() throws {
        let site = ShardTests.site(images: 9)
        let all = site.run(["build", site.manifestPath, "--dry-run"]).out.split(separator: "\n")
        var union = 0
        for k in 1...3 {
            let lines = site.run(["build", site.manifestPath, "--dry-run", "--shard", "\(k)/3"]).out.split(separator: "\n")
            #expect(lines.allSatisfy { Shard(index: k, count: 3)!.owns(String($0.split(separator: "\t")[2])) })
            union += lines.count
        }
        #expect(union == all.count)
    }
}

@Suite struct ShardTemporaryTests {
    /// A killed shard's temporary file is removed by the merge (shards cannot tell theirs apart).
    /// A killed shard's journal names its token: building that shard again removes its temporary
    /// files, and no one else's; merging then leaves none behind.
    @Test func aShardBuiltAgainRemovesItsKilledRunsTemporaryFiles() throws {
        let site = ShardTests.site(images: 3)
        site.folder.write(".thumbgen/journal.shard-1-of-2", text: "T 00c0ffee\n")
        site.folder.write("site/photos/.thumbgen-00c0ffee-1", text: "half a rendition")
        site.folder.write("site/photos/.thumbgen-Ab12Cd", text: "a user's own file")
        for k in 1...2 { try ShardTests.build(site, shard: Shard(index: k, count: 2)) }
        #expect(!site.folder.exists("site/photos/.thumbgen-00c0ffee-1"))
        #expect(site.run(["merge", site.manifestPath]).code == .success)
        #expect(site.folder.read("site/photos/.thumbgen-Ab12Cd") == Array("a user's own file".utf8))
        #expect(!site.folder.files().contains { $0.hasPrefix(".thumbgen/journal") })
    }
}
