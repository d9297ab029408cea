import Foundation
import Renditions
import Testing
import TestSupport

/// `make saving`: DecodeSaving decodes every (image, slot) of the example index at screen
/// scale 3, from the originals and from the files the index picks, each way in its own process.
/// What it decodes is what the index implies (width × height × 4 of each original, and of each
/// entry `resolve` picks); the peak RSS it prints is measured, not checked.
@Suite struct DecodeSavingTests {
    static let program = Executable.url.deletingLastPathComponent().appendingPathComponent("DecodeSaving")

    /// One row of DecodeSaving: way, pairs, decoded bytes, decoded MiB, peak RSS MiB.
    static func run(_ way: String, index: URL) throws -> [String] {
        let result = try Subprocess.run(program.path, [way, index.path])
        #expect(result.status == 0, "\(result.output)")
        let row = try #require(result.output.split(separator: "\n").first { $0.hasPrefix(way) })
        return row.split(separator: " ").map(String.init)
    }

    @Test(.needs("the example site built (make thumbs) and DecodeSaving built beside the tests") {
        ExampleSiteBrowserTests.isBuilt && FileManager.default.isExecutableFile(atPath: program.path)
    }, .enabled(if: !ExampleSiteBrowserTests.isOtherSite, "measuring another site"))
    func decodedBytesAreWhatTheIndexImplies() throws {
        let url = ExampleSiteBrowserTests.site.appendingPathComponent("renditions.json")
        let index = try RenditionIndex.load(from: url)
        var pairs = 0, originals = 0, renditions = 0
        for (image, record) in index.images {
            for slot in Set(record.renditions.keys.map { String($0[..<$0.lastIndex(of: "@")!]) }) {
                pairs += 1
                originals += record.width * record.height * 4
                let resolved = index.resolve(image: image, slot: slot, screenScale: 3)
                renditions += resolved.pixelWidth * resolved.pixelHeight * 4
            }
        }
        let fromOriginals = try Self.run("originals", index: url)
        let fromRenditions = try Self.run("renditions", index: url)
        #expect(fromOriginals.prefix(3) == ["originals", String(pairs), String(originals)])
        #expect(fromRenditions.prefix(3) == ["renditions", String(pairs), String(renditions)])
        #expect(fromOriginals.count == 5 && fromRenditions.count == 5)
        // The example site: 23 pairs; 729.7 MiB from the originals, 65.0 MiB from the renditions.
        #expect(pairs == 23 && originals == 765_183_616 && renditions == 68_166_400)
        print("DecodeSaving at scale 3: originals \(fromOriginals[3]) MiB decoded, \(fromOriginals[4]) MiB peak RSS; renditions \(fromRenditions[3]) MiB decoded, \(fromRenditions[4]) MiB peak RSS")
    }
}
