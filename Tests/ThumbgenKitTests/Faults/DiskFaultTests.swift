import Foundation
import ImageCodecs
import Renditions
import Testing
import TestSupport

@testable import ThumbgenKit

/// A full disk and a read-only disk: a clear error, exit 3, nothing truncated under a final name,
/// a valid index, and the next build (with space) finishes the job.
@Suite(.serialized) struct DiskFaultTests {
    static let manifest = """
        version: 1
        root: site
        slots:
          thumb: { size: 60x60, scales: [1, 2, 3] }
          card: { size: 320x180, scales: [2, 3] }
          hero: { size: 390x390, scales: [2, 3] }
        images:
          - path: "*.jpg"
            slots: [thumb, card, hero]
        """

    static func originals() -> [String: [UInt8]] {
        var files: [String: [UInt8]] = [:]
        for index in 0..<4 {
            var options = JPEGFixtures.Options()
            options.quality = 70
            files["p\(index).jpg"] = JPEGFixtures.jpeg(Pictures.photo(width: 1400, height: 1000, seed: UInt64(index)), options)
        }
        return files
    }

    /// Every rendition on disk decodes whole, and the index lists only files that exist.
    static func checkConsistent(_ site: String) throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: site)
        #expect(!names.contains { $0.hasPrefix(".thumbgen-") }, "temporary files left: \(names)")
        for name in names where name.contains(".Thumbnail(") {
            #expect(throws: Never.self) { _ = try ReferenceDecoders.any(path: site + "/" + name) }
        }
        if FileManager.default.fileExists(atPath: site + "/renditions.json") {
            let index = try RenditionIndex.load(from: URL(fileURLWithPath: site + "/renditions.json"))
            for record in index.images.values {
                for entry in record.renditions.values { #expect(FileManager.default.fileExists(atPath: site + "/" + entry.file)) }
            }
        }
    }

    @Test(.needsBinary, .needs("root, to mount a tmpfs") { Tmpfs.isAllowed })
    func aFullDiskStopsTheBuildCleanlyAndTheNextOneFinishes() throws {
        let originals = Self.originals()
        let disk = try Tmpfs(kilobytes: originals.values.reduce(0) { $0 + $1.count } / 1024 + 160)
        disk.folder.write("manifest.yaml", text: Self.manifest)
        for (name, bytes) in originals { disk.folder.write("site/" + name, bytes) }

        let full = try Executable.run(["build", disk.path + "/manifest.yaml", "--quiet"])
        #expect(full.status == 3)
        #expect(full.err.contains("the disk is full"), "\(full.err)")
        #expect(full.err.contains(disk.path + "/"), "the error names the file: \(full.err)")
        #expect(full.err.hasSuffix("thumbgen: the build stopped; the index lists only complete files, and the next build finishes the job\n"))
        try Self.checkConsistent(disk.path + "/site")
        for (name, bytes) in originals { #expect(disk.folder.read("site/" + name) == bytes) }

        try disk.remount("size=20m")
        let again = try Executable.run(["build", disk.path + "/manifest.yaml", "--quiet"])
        #expect(again.status == 0, "\(again.err)")
        #expect(try Executable.run(["check", disk.path + "/manifest.yaml"]).status == 0)
        try Self.checkConsistent(disk.path + "/site")
        #expect(try RenditionIndex.load(from: URL(fileURLWithPath: disk.path + "/site/renditions.json")).images.count == 4)
    }

    @Test(.needsBinary, .needs("root, to mount a tmpfs") { Tmpfs.isAllowed })
    func aReadOnlyOutputFolderIsAClearError() throws {
        let disk = try Tmpfs(kilobytes: 4096)
        for (name, bytes) in Self.originals() { disk.folder.write(name, bytes) }
        try disk.remount("ro")
        let outside = ScratchFolder()
        outside.write("manifest.yaml", text: Self.manifest.replacingOccurrences(of: "root: site", with: "root: \(disk.path)"))
        let result = try Executable.run(["build", outside.path + "/manifest.yaml", "--quiet"])
        #expect(result.status == 3)
        #expect(result.err.contains("the file system is read-only"), "\(result.err)")
        #expect(result.err.hasPrefix("thumbgen: error: \(disk.path)/"))
    }
}

@Suite struct OriginalFaultTests {
    /// An original removed between planning and its turn is unreadable; the build goes on.
    @Test func anOriginalRemovedMidRunIsUnreadable() throws {
        let site = Site(manifest: Manifests.standard(images: "photos/*.jpg"))
        site.original("site/photos/a.jpg", JPEGFixtures.jpeg(Pictures.photo(width: 600, height: 400)))
        site.original("site/photos/b.jpg", JPEGFixtures.jpeg(Pictures.photo(width: 600, height: 400, seed: 3)))
        let manifest = try site.loadManifest()
        try FileManager.default.removeItem(atPath: site.folder.path + "/site/photos/b.jpg")
        let summary = try Generator(manifest: manifest, options: BuildOptions(jobs: 1)).build()
        let record = try #require(summary.index.images["photos/b.jpg"])
        #expect(record.status == .unreadable)
        #expect(record.error == "the file cannot be read: it was removed")
        #expect(record.renditions.values.allSatisfy { $0.file == "photos/b.jpg" })
        #expect(summary.index.images["photos/a.jpg"]?.status == .resized)
    }

    /// A JPEG whose frame header claims 65000×65000 is refused from its header, at once.
    @Test func aHugeFrameHeaderIsRefusedByTheLimits() throws {
        let site = Site(manifest: Manifests.standard(images: "photos/*.jpg"))
        var bytes = JPEGFixtures.jpeg(Pictures.photo(width: 16, height: 16))
        let sof = (0..<bytes.count - 1).first { bytes[$0] == 0xFF && bytes[$0 + 1] == 0xC0 }!
        bytes[sof + 5] = 0xFD; bytes[sof + 6] = 0xE8  // height 65000
        bytes[sof + 7] = 0xFD; bytes[sof + 8] = 0xE8  // width 65000
        site.original("site/photos/bomb.jpg", bytes)
        let started = Date()
        let summary = try site.build()
        #expect(Date().timeIntervalSince(started) < 2)
        let record = try #require(summary.index.images["photos/bomb.jpg"])
        #expect(record.status == .unreadable)
        #expect(record.error == "65000x65000 is 4225000000 pixels, over the limit of 268402689 (limits.pixels)")
        #expect(record.width == 65000 && record.height == 65000)
        let capped = site.run(["build", site.manifestPath, "--max-pixels", "100"])
        #expect(capped.code == .success)
    }

    /// Run as a user who may not read one original (root reads everything): that image is
    /// unreadable, the rest are built.
    @Test(.needsBinary, .needs("root and /usr/bin/setpriv, to run thumbgen as nobody") {
        getuid() == 0 && FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv")
    })
    func anOriginalWithoutReadPermissionIsUnreadable() throws {
        let site = Site(manifest: Manifests.standard(images: "photos/*.jpg"))
        site.original("site/photos/open.jpg", JPEGFixtures.jpeg(Pictures.photo(width: 600, height: 400)))
        let closed = site.original("site/photos/closed.jpg", JPEGFixtures.jpeg(Pictures.photo(width: 600, height: 400, seed: 4)))
        for folder in ["", "/site", "/site/photos"] { chmod(site.folder.path + folder, 0o777) }
        chmod(site.folder.path + "/site/photos/open.jpg", 0o644)
        chmod(closed, 0o000)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/setpriv")
        process.arguments = ["--reuid=65534", "--regid=65534", "--clear-groups", Executable.url.path, "build", site.manifestPath, "--quiet"]
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        let index = try site.index("site/renditions.json")
        #expect(index.images["photos/open.jpg"]?.status == .resized)
        let record = try #require(index.images["photos/closed.jpg"])
        #expect(record.status == .unreadable)
        #expect(record.error == "the file cannot be read: Permission denied")
        #expect(record.renditions.values.allSatisfy { $0.file == "photos/closed.jpg" })
    }
}
