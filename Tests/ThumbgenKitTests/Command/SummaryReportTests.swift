import Foundation
import ImageCodecs
import Renditions
import Testing
import TestSupport

@testable import ThumbgenKit

@Suite struct SummaryReportTests {
    /// A site worked out by hand: a 1200×800 photo, a 100×50 photo that fits, an animated GIF and a
    /// broken JPEG, shown in thumb (60×60 at 1, 2) and card (320x, at 2).
    static func site() -> Site {
        let site = Site(manifest: """
            version: 1
            root: site
            slots:
              thumb: { size: 60x60, scales: [1, 2] }
              card: { size: 320x, scales: [2] }
            output: { formats: [] }
            images:
              - path: "*"
                slots: [thumb, card]
            """)
        site.original("site/big.jpg", JPEGFixtures.jpeg(Pictures.photo(width: 1200, height: 800)))
        site.original("site/small.jpg", JPEGFixtures.jpeg(Pictures.photo(width: 100, height: 50)))
        site.original("site/anim.gif", GIFFixture.twoFrames)
        site.original("site/broken.jpg", Array(JPEGFixtures.jpeg(Pictures.photo(width: 300, height: 200)).prefix(400)))
        return site
    }

    @Test func decodedMemoryMatchesTheHandCount() throws {
        let site = Self.site()
        let summary = try site.build()
        let memory = DecodedMemory(index: summary.index)
        // big: 60x40, 120x80, 640x427 · small: 60x30, then it fits (100x50) · the GIF (2x2) and the
        // broken JPEG (its header says 300x200) point to their originals.
        let big = 1200 * 800 * 4, small = 100 * 50 * 4, anim = 2 * 2 * 4, broken = 300 * 200 * 4
        #expect(memory.slots["thumb"] == .init(originals: 2 * (big + small + anim + broken),
                                               renditions: (60 * 40 + 120 * 80 + 60 * 30 + 100 * 50) * 4 + 2 * (anim + broken)))
        #expect(memory.slots["card"] == .init(originals: big + small + anim + broken, renditions: (640 * 427 + 100 * 50) * 4 + anim + broken))
        #expect(memory.total.originals == 3 * (big + small + anim + broken))
        #expect(memory.total.renditions == (60 * 40 + 120 * 80 + 640 * 427 + 60 * 30 + 2 * 100 * 50) * 4 + 3 * (anim + broken))
    }

    @Test func jsonIsTheObjectDesignSpecifies() throws {
        let site = Self.site()
        let result = site.run(["build", site.manifestPath, "--json"])
        #expect(result.code == .success)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [String: Any])
        #expect(Set(object.keys) == ["images", "written", "reused", "pruned", "status", "decoded_bytes", "bytes", "seconds", "problems"])
        #expect(object["images"] as? Int == 4)
        #expect(object["written"] as? Int == 4)
        #expect(object["reused"] as? Int == 0)
        #expect(object["pruned"] as? Int == 0)
        #expect(object["status"] as? [String: Int] == ["resized": 2, "animated": 1, "unreadable": 1])
        let big = 1200 * 800 * 4, small = 100 * 50 * 4, anim = 16, broken = 300 * 200 * 4
        #expect(object["decoded_bytes"] as? [String: Int] == [
            "originals": 3 * (big + small + anim + broken),
            "renditions": (60 * 40 + 120 * 80 + 640 * 427 + 60 * 30 + 2 * 100 * 50) * 4 + 3 * (anim + broken),
        ])
        #expect(result.out.hasSuffix("}\n") && result.out.split(separator: "\n").count == 1)
        let again = site.run(["build", site.manifestPath, "--json"])
        #expect(again.out.contains(#""reused":4"#) && again.out.contains(#""written":0"#))
    }

    @Test func textSummaryGroupsWarningsAndEndsWithTheMemoryTable() throws {
        let site = Self.site()
        let result = site.run(["build", site.manifestPath])
        #expect(result.out.isEmpty)
        let lines = result.err.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines[0] == "\(site.folder.path)/site/broken.jpg: warning: corrupt or truncated JPEG data (Premature end of JPEG file); the index points to the original")
        #expect(lines[1] == "thumbgen: note: 1 animated image left as it is: anim.gif")
        #expect(lines[2] == "thumbgen: 4 images: 2 resized, 1 animated, 1 unreadable")
        #expect(lines[3].hasPrefix("thumbgen: 4 files written, 0 reused, 0 pruned; "))
        #expect(lines[4] == "thumbgen: memory a client decodes to show every slot at every scale:")
        #expect(lines[5] == "  slot      originals    renditions")
        #expect(lines[6] == "  card        3.9 MiB       1.3 MiB   3.0× less")
        #expect(lines[7] == "  thumb       7.8 MiB       0.5 MiB  14.8× less")
        #expect(lines[8].hasPrefix("  total "))
        #expect(site.run(["build", site.manifestPath, "--quiet"]).err.isEmpty)
    }

    @Test func exitCodes() throws {
        let site = Self.site()
        #expect(site.run(["build", site.manifestPath]).code == .success)
        #expect(site.run(["build", site.manifestPath, "--strict"]).code == .workFound)
        // Quiet, a strict build still says what failed it.
        let quiet = site.run(["build", site.manifestPath, "--strict", "--quiet"])
        #expect(quiet.code == .workFound)
        #expect(quiet.err == "\(site.folder.path)/site/broken.jpg: error: corrupt or truncated JPEG data (Premature end of JPEG file); the index points to the original\n")
        #expect(site.run(["build", site.folder.path + "/nothing.yaml"]).code == .usage)
        #expect(site.run(["build", "--jobs", "0"]).code == .usage)
        #expect(site.run(["--version"]).code == .success)
        #expect(site.run(["help", "check"]).out.hasPrefix("thumbgen check [MANIFEST] [--json]"))
    }

    @Test func aMissingManifestSaysHowToStart() {
        let site = Self.site()
        let result = site.run(["build", site.folder.path + "/nothing.yaml"])
        #expect(result.err.contains("no manifest here. Create one; a minimal manifest is:\n\n# yaml-language-server: $schema=manifest.schema.json\nversion: 1\nslots:\n"))
        #expect(result.err.hasSuffix("thumbgen: 1 error in \(site.folder.path)/nothing.yaml; nothing was written\n"))
    }
}

/// A two-frame 2×2 GIF89a, built byte by byte.
enum GIFFixture {
    static let frame: [UInt8] = [0x2C, 0, 0, 0, 0, 2, 0, 2, 0, 0, 0x02, 0x02, 0x44, 0x01, 0x00]
    static let twoFrames: [UInt8] = Array("GIF89a".utf8) + [2, 0, 2, 0, 0x80, 0, 0] + [0, 0, 0, 255, 255, 255]
        + frame + frame + [0x3B]
}
