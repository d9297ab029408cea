import Foundation
import ImageCodecs
import Renditions
import Testing
import TestSupport

@testable import ThumbgenKit

/// SIGKILL at any moment loses nothing: after the next build, `check` is clean, every listed
/// file decodes, no temporary file remains, and the originals are byte-identical.
@Suite struct KillTests {
    @Test(.enabled(if: Executable.exists, "needs the thumbgen binary beside the tests"))
    func killedBuildsAreFinishedByTheNextOne() throws {
        let site = Site(manifest: Manifests.standard(images: "photos/*.jpg"))
        var originals: [String: [UInt8]] = [:]
        for index in 0..<6 {
            let bytes = JPEGFixtures.jpeg(Pictures.photo(width: 1600 + index * 40, height: 1000, seed: UInt64(index)))
            originals["site/photos/p\(index).jpg"] = bytes
            site.original("site/photos/p\(index).jpg", bytes)
        }
        // What a clean build of each manifest writes, for comparison after every round.
        var clean: [String: [String: [UInt8]]] = [:]
        var random = SplitMix(seed: 2026)
        for round in 0..<24 {
            // Alternate between slot sets so each round has real work: renditions to make and to prune.
            let manifest = round % 2 == 0 ? Manifests.standard(images: "photos/*.jpg")
                : Manifests.standard(images: "photos/*.jpg").replacingOccurrences(of: "size: 60x60", with: "size: 64x64")
            site.folder.write("manifest.yaml", text: manifest)
            let (process, _, _) = try Executable.start(["build", site.manifestPath, "--quiet"])
            Thread.sleep(forTimeInterval: random.unit() * 0.25)
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()

            let rebuild = try Executable.run(["build", site.manifestPath, "--quiet"])
            #expect(rebuild.status == 0, "round \(round): \(rebuild.err)")
            let check = try Executable.run(["check", site.manifestPath])
            #expect(check.status == 0, "round \(round): \(check.out)")
            let index = try site.index("site/renditions.json")
            for record in index.images.values {
                for entry in record.renditions.values where entry.file.contains(".Thumbnail(") {
                    let info = try JPEGDecoder.decode(path: site.folder.path + "/site/" + entry.file, minimumScale: 1, memoryLimit: 1 << 30)
                    #expect(info.pixels.size.width == entry.width && info.pixels.size.height == entry.height)
                }
            }
            #expect(site.folder.files().filter { $0.contains("/.thumbgen-") || $0.hasPrefix(".thumbgen-") }.isEmpty, "round \(round)")
            if clean[manifest] == nil {
                let fresh = Site(manifest: manifest)
                for (path, bytes) in originals { fresh.original(path, bytes) }
                try fresh.build()
                clean[manifest] = Self.snapshot(fresh)
            }
            #expect(Self.snapshot(site) == clean[manifest], "round \(round): not what a clean build writes")
        }
        for (path, bytes) in originals { #expect(site.folder.read(path) == bytes) }
    }

    static func snapshot(_ site: Site) -> [String: [UInt8]] {
        var files: [String: [UInt8]] = [:]
        for path in site.folder.files() where path.hasPrefix("site/") { files[path] = site.folder.read(path) }
        return files
    }
}
