import Foundation
import Glibc
import Renditions
import Testing
import ImageCodecs
import TestSupport

@testable import ThumbgenKit

/// The seal of a build that changed nothing (`BuildSeal`): while it holds, `build` and `check`
/// answer from it; anything a build would act on breaks it, and the build after the change does
/// the work a build without a seal does. The reference for "the work" is the same change built
/// by a generator that never reads a seal.
@Suite struct BuildSealTests {
    /// Two originals old enough to be sealed, built once (files written) and once more (the
    /// build that changed nothing, which writes the seal).
    static func sealedSite(_ manifest: String = Manifests.standard(images: "photos/*.jpg")) throws -> Site {
        let site = IncrementalBuildTests.site(manifest)
        Self.age()
        try site.build()
        Self.age()
        let second = try build(site)
        #expect(second.written == 0 && second.reused > 0)
        #expect(site.folder.exists(".thumbgen/seal"), "a build that changed nothing writes its seal")
        return site
    }

    /// Past the margin within which a change could leave a file's times as they were.
    static func age() { usleep(150_000) }

    static func build(_ site: Site, jobs: Int = 2) throws -> BuildSummary {
        var options = BuildOptions(jobs: jobs)
        options.answersFromSeal = true
        return try Generator(manifest: try site.loadManifest(), options: options).build()
    }

    static func inode(_ site: Site, _ relative: String) -> UInt64 {
        FileStamp(path: site.folder.path + "/" + relative)?.inode ?? 0
    }

    /// A build answered from the seal reads no index and writes none: the index is the same
    /// file, and the summary carries no index (a build that reads it carries what it wrote).
    static func answeredFromSeal(_ site: Site, _ summary: BuildSummary, indexBefore: UInt64) -> Bool {
        summary.index.images.isEmpty && inode(site, "site/renditions.json") == indexBefore
    }

    @Test func aBuildOverASealedSiteAnswersFromTheSealWithTheSameSummary() throws {
        let site = try Self.sealedSite()
        // A build that reads no seal changes nothing either, and seals again what it saw.
        let reference = try site.build()
        #expect(!reference.index.images.isEmpty && site.folder.exists(".thumbgen/seal"))
        let sealedIndex = Self.inode(site, "site/renditions.json")
        let summary = try Self.build(site)
        #expect(Self.answeredFromSeal(site, summary, indexBefore: sealedIndex))
        #expect(summary.images == reference.images && summary.reused == reference.reused && summary.written == 0)
        #expect(summary.statusCounts == reference.statusCounts)
        #expect(summary.figures.memory.total == reference.figures.memory.total)
        #expect(summary.figures.memory.slots == reference.figures.memory.slots)
        #expect(summary.figures.download == reference.figures.download)
        // The same words, but for the seconds.
        func words(_ summary: BuildSummary) -> [Substring] {
            SummaryReport.text(summary).split(separator: "\n").filter { !$0.contains(" written in ") }
        }
        #expect(words(summary) == words(reference) && words(summary).count > 3)
    }

    /// Each change a build must act on breaks the seal; the build after it does what a build
    /// without a seal does, to the byte.
    @Test(arguments: ["edit an original, same size and time", "delete a rendition", "truncate a rendition",
                      "add an original", "edit the manifest", "edit the index", "delete the registry",
                      "leave a journal", "damage the seal", "lower a limit", "an unmerged shard index",
                      "swap the folder for a link to it", "swap a rendition for a link to a copy"])
    func aChangeBreaksTheSeal(_ change: String) throws {
        let sealed = try Self.sealedSite(), plain = try Self.sealedSite()
        for site in [sealed, plain] { try Self.apply(change, to: site) }
        let index = Self.inode(sealed, "site/renditions.json")
        let summary = try Self.build(sealed)
        let reference = try plain.build()
        #expect(!Self.answeredFromSeal(sealed, summary, indexBefore: index), "\(change): answered from a seal that no longer holds")
        #expect(summary.written == reference.written && summary.reused == reference.reused && summary.pruned == reference.pruned)
        #expect(sealed.folder.read("site/renditions.json") == plain.folder.read("site/renditions.json"))
        #expect(IncrementalBuildTests.renditions(sealed) == IncrementalBuildTests.renditions(plain))
        // After the real build changed something, no seal until a build changes nothing.
        if summary.written + summary.pruned.count > 0 { #expect(!sealed.folder.exists(".thumbgen/seal")) }
    }

    static func apply(_ change: String, to site: Site) throws {
        let root = site.folder.path + "/site/"
        switch change {
        case "edit an original, same size and time":
            let path = root + "photos/a.jpg"
            let time = try FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as! Date
            var bytes = site.folder.read("site/photos/a.jpg")!
            bytes[bytes.count - 3] ^= 1
            site.folder.write("site/photos/a.jpg", bytes)
            try FileManager.default.setAttributes([.modificationDate: time], ofItemAtPath: path)
        case "delete a rendition":
            let file = IncrementalBuildTests.renditions(site).first!
            try FileManager.default.removeItem(atPath: site.folder.path + "/" + file)
        case "truncate a rendition":
            let file = IncrementalBuildTests.renditions(site).first!
            #expect(truncate(site.folder.path + "/" + file, 10) == 0)
        case "add an original":
            site.original("site/photos/c.jpg", JPEGFixtures.jpeg(Pictures.photo(width: 900, height: 900, seed: 3)))
        case "edit the manifest":
            site.folder.write("manifest.yaml", text: Manifests.standard(images: "photos/*.jpg")
                .replacingOccurrences(of: "slots: [thumb, card, hero]", with: "slots: [thumb, hero]"))
        case "edit the index":
            var text = String(decoding: site.folder.read("site/renditions.json")!, as: UTF8.self)
            text = text.replacingOccurrences(of: "\"generator\"", with: "\"generator\" ", options: [], range: nil)
            site.folder.write("site/renditions.json", text: text)
        case "delete the registry":
            try FileManager.default.removeItem(atPath: root + ".thumbgen.json")
        case "leave a journal":
            site.folder.write(".thumbgen/journal", text: "")
        case "damage the seal":
            var bytes = site.folder.read(".thumbgen/seal")!
            bytes[bytes.count / 2] ^= 0x20
            site.folder.write(".thumbgen/seal", bytes)
        case "lower a limit":
            site.folder.write("manifest.yaml", text: Manifests.standard(images: "photos/*.jpg", extra: "limits: { pixels: 900000 }"))
        case "an unmerged shard index":
            site.folder.write("site/renditions.shard-1-of-2.json", site.folder.read("site/renditions.json")!)
        case "swap the folder for a link to it":
            try FileManager.default.moveItem(atPath: root + "photos", toPath: root + "photos.real")
            try FileManager.default.createSymbolicLink(atPath: root + "photos", withDestinationPath: "photos.real")
        case "swap a rendition for a link to a copy":
            let file = site.folder.path + "/" + IncrementalBuildTests.renditions(site).first!
            try FileManager.default.copyItem(atPath: file, toPath: site.folder.path + "/copy")
            try FileManager.default.removeItem(atPath: file)
            try FileManager.default.createSymbolicLink(atPath: file, withDestinationPath: site.folder.path + "/copy")
        default:
            Issue.record("no such change: \(change)")
        }
    }

    /// An original changed so shortly before the build that a later change could keep its
    /// times is no ground for a seal.
    @Test func anOriginalChangedJustBeforeTheBuildIsNotSealed() throws {
        let site = IncrementalBuildTests.site()
        try site.build()
        site.original("site/photos/b.jpg", site.folder.read("site/photos/b.jpg")!)  // same bytes, new times
        let summary = try Self.build(site)
        #expect(summary.written == 0)
        #expect(!site.folder.exists(".thumbgen/seal"))
    }

    /// A seal is written by a whole build only: a shard, a forced build and one that changed
    /// something delete it and write none.
    @Test func otherBuildsDeleteTheSeal() throws {
        let site = try Self.sealedSite()
        var options = BuildOptions(jobs: 2, shard: Shard(index: 1, count: 2))
        options.answersFromSeal = true
        try Generator(manifest: try site.loadManifest(), options: options).build()
        #expect(!site.folder.exists(".thumbgen/seal"))
        Self.age()
        try Self.build(site)  // merges nothing, but the shard index beside the index goes
        Self.age()
        try Self.build(site)
        #expect(site.folder.exists(".thumbgen/seal"))
        try site.build(force: true)
        #expect(!site.folder.exists(".thumbgen/seal"))
    }

    /// An unreadable original's verdict is final: sealed, and its warning said again from the
    /// seal, by `build` and by `check`.
    @Test func anUnreadableImageIsSealedAndStillReported() throws {
        let site = IncrementalBuildTests.site()
        site.original("site/photos/c.jpg", Array("not a jpeg at all".utf8))
        Self.age()
        try site.build()
        Self.age()
        let reference = try Self.build(site)
        #expect(site.folder.exists(".thumbgen/seal"))
        let index = Self.inode(site, "site/renditions.json")
        let summary = try Self.build(site)
        #expect(Self.answeredFromSeal(site, summary, indexBefore: index))
        #expect(summary.problems == reference.problems && summary.problems.count == 1)
        #expect(summary.statusCounts == reference.statusCounts && summary.statusCounts[.resized] == 2)
        let check = site.run(["check", site.manifestPath])
        #expect(check.code == .success && check.err.contains("up to date") && check.err.contains("photos/c.jpg"))
        #expect(site.run(["check", site.manifestPath, "--strict"]).code != .success)
    }

    /// `check` over a sealed site says up to date; after a change it finds the work.
    @Test func checkAnswersFromTheSealUntilSomethingChanges() throws {
        let site = try Self.sealedSite()
        let check = site.run(["check", site.manifestPath, "--json"])
        #expect(check.code == .success && check.out.contains("\"up_to_date\":true"))
        try FileManager.default.removeItem(atPath: site.folder.path + "/" + IncrementalBuildTests.renditions(site).first!)
        let stale = site.run(["check", site.manifestPath])
        #expect(stale.code != .success && stale.out.contains("missing"))
    }

    /// The seal is a state file: one that is a link, truncated or foreign is no seal, and the
    /// build runs as without one.
    @Test(arguments: ["link", "truncated", "empty", "another manifest's"])
    func aSealThatIsNotWholeIsNoSeal(_ kind: String) throws {
        let site = try Self.sealedSite()
        let seal = site.folder.path + "/.thumbgen/seal"
        switch kind {
        case "link":
            let elsewhere = site.folder.write("elsewhere", site.folder.read(".thumbgen/seal")!)
            try FileManager.default.removeItem(atPath: seal)
            try FileManager.default.createSymbolicLink(atPath: seal, withDestinationPath: elsewhere)
        case "truncated":
            #expect(truncate(seal, 200) == 0)
        case "empty":
            #expect(truncate(seal, 0) == 0)
        default:
            let other = try Self.sealedSite(Manifests.standard(images: "photos/b.jpg"))
            site.folder.write(".thumbgen/seal", other.folder.read(".thumbgen/seal")!)
        }
        let index = Self.inode(site, "site/renditions.json")
        let summary = try Self.build(site)
        #expect(!Self.answeredFromSeal(site, summary, indexBefore: index))
        #expect(summary.written == 0 && summary.reused == 14)
    }

    /// The codec libraries' versions are in every recipe, so they are in the seal's key: another
    /// version of any of them is another key.
    @Test func anotherCodecLibraryIsAnotherKey() throws {
        let site = IncrementalBuildTests.site()
        let manifest = try site.loadManifest()
        let current = try #require(BuildSeal.key(for: manifest))
        #expect(BuildSeal.key(for: manifest, libraries: .current) == current)
        for library in CodecLibraries.current.versions.keys {
            var other = CodecLibraries.current
            other.versions[library] = (other.versions[library] ?? "") + ".1"
            #expect(BuildSeal.key(for: manifest, libraries: other) != current, "\(library)")
        }
        #expect(!CodecLibraries.current.versions.isEmpty)
    }

    /// A seal with the right key but not an entry for each of the manifest's images, or none for
    /// the index, is no seal: a state folder cannot stand in for a build by leaving files out.
    @Test func aSealThatLeavesAnImageOutIsNoSeal() throws {
        let site = try Self.sealedSite()
        let manifest = try site.loadManifest()
        let state = StateFolder(manifestDirectory: manifest.directory.path, shard: nil)
        let whole = try #require(BuildSeal(bytes: site.folder.read(".thumbgen/seal")!))
        #expect(BuildSeal.holding(for: manifest, state: state) != nil)
        for forged in [whole.entries.filter { $0.path != "photos/a.jpg" }, whole.entries.filter { $0.path != "renditions.json" }] {
            site.folder.write(".thumbgen/seal", BuildSeal(key: whole.key, summary: whole.summary, entries: forged).bytes)
            #expect(BuildSeal.holding(for: manifest, state: state) == nil)
        }
    }

    /// The seal's own reader refuses every truncation of a real seal and every single-byte
    /// change (its digest covers the whole file).
    @Test func theSealReaderRefusesEveryTruncationAndFlip() throws {
        let site = try Self.sealedSite()
        let bytes = site.folder.read(".thumbgen/seal")!
        #expect(BuildSeal(bytes: bytes) != nil)
        for length in stride(from: 0, to: bytes.count, by: max(1, bytes.count / 300)) {
            #expect(BuildSeal(bytes: Array(bytes[..<length])) == nil)
        }
        for position in stride(from: 0, to: bytes.count, by: max(1, bytes.count / 300)) {
            var flipped = bytes
            flipped[position] ^= 0x01
            #expect(BuildSeal(bytes: flipped) == nil)
        }
    }
}
