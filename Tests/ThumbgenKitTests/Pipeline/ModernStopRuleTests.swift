import Foundation
import ImageCodecs
import Raster
import Testing
import TestSupport

@testable import ThumbgenKit

/// WebP is encoded from an image's largest rendition down and stops at the first whose file is
/// over 90% of its fallback's bytes (`RenditionEncoder.encode`); AVIF keeps each file under the
/// ratio. Checked against each rendition encoded on its own in every format: the WebP files kept
/// are exactly those of the larger renditions up to the first miss, the AVIF files all those
/// under the ratio, byte for byte, and the cases include WebP stops (or the check would tell
/// nothing).
@Suite struct ModernStopRuleTests {
    static let slot = Slot(name: "card", size: SlotSize(width: ExactDecimal(80), height: ExactDecimal(60)),
                           scales: ["1", "1.5", "2", "3", "4", "6", "8"].map { ExactDecimal(parsing: $0)! }, fit: .inside)

    /// JPEG originals: photos made here, the same with grain (where WebP's files lose to the
    /// JPEG's), and the shared test set's JPEGs when it is there.
    static func originals() -> [(name: String, bytes: [UInt8])] {
        var originals: [(String, [UInt8])] = []
        for seed in UInt64(1)...3 {
            var picture = Pictures.photo(width: 960, height: 720, seed: seed)
            originals.append(("photo \(seed)", JPEGFixtures.jpeg(picture)))
            var random = SplitMix(seed: seed)
            for offset in stride(from: 0, to: picture.pixels.count, by: 4) {
                let grain = Int(random.unit() * 48) - 24
                for channel in 0..<3 { picture.pixels[offset + channel] = UInt8(clamping: Int(picture.pixels[offset + channel]) + grain) }
            }
            originals.append(("grainy photo \(seed)", JPEGFixtures.jpeg(picture)))
        }
        for file in SharedTestData.files(in: "jpeg") {
            if let bytes = try? [UInt8](Data(contentsOf: file)) { originals.append((file.lastPathComponent, bytes)) }
        }
        return originals
    }

    @Test func eachFormatStopsAtItsFirstMissFromTheLargestDown() throws {
        var output = OutputSettings(formats: [.webp, .avif])
        output.placeholder = .none
        let encoder = RenditionEncoder(output: output, fallback: .jpeg)
        let scratch = ScratchFolder()
        var stops = 0, filesGivenUp = 0
        for (name, bytes) in Self.originals() {
            let path = scratch.write("original.jpg", bytes)
            guard let header = try? ImageHeader.read(path: path) else { continue }  // the shared set's CMYK and others
            let plan = ImagePlan(path: "p.jpg", original: header.uprightSize, slots: [Self.slot], focus: nil, extension: "jpg")
            let rendered = try Renderer.render(path: path, header: header, renditions: plan.renditions,
                                               limits: DecodeLimits(pixels: 1 << 28, memoryBytes: 1 << 30, scans: 500),
                                               placeholder: false, planes: encoder.takesPlanes)
            let made = try encoder.encode(rendered.renditions, source: rendered.source)
            let largestFirst = rendered.renditions.indices.sorted {
                rendered.renditions[$0].pixels.size.area > rendered.renditions[$1].pixels.size.area
            }
            for format in output.formats {
                var missed = false
                for position in largestFirst {
                    let pixels = rendered.renditions[position].pixels
                    let alone = try RenditionEncoder.encode(format, pixels, output: output, source: rendered.source)
                    let fallback = try RenditionEncoder.encode(.jpeg, pixels, output: output, source: rendered.source)
                    #expect(made[position].fallback == fallback, "\(name): the fallback is not the one encoded alone")
                    let fits = Double(alone.count) <= RenditionEncoder.keepRatio * Double(fallback.count)
                    let kept = made[position].modern.first { $0.format == format }?.bytes
                    if missed && RenditionEncoder.stopsAtFirstMiss.contains(format) {
                        #expect(kept == nil, "\(name) \(pixels.size.width)x\(pixels.size.height) \(format.name): a file after the format stopped")
                        if fits { filesGivenUp += 1 }
                    } else if fits {
                        #expect(kept == alone, "\(name) \(pixels.size.width)x\(pixels.size.height) \(format.name): the file is not the one encoded alone")
                    } else {
                        #expect(kept == nil, "\(name) \(pixels.size.width)x\(pixels.size.height) \(format.name): a file over 90% kept")
                        if !missed, RenditionEncoder.stopsAtFirstMiss.contains(format) { stops += 1 }
                        missed = true
                    }
                }
            }
        }
        #expect(stops > 0, "WebP stopped on no original: the rule was not exercised")
        print("modern stop rule: \(stops) stops, \(filesGivenUp) files the per-file rule would keep")
    }
}
