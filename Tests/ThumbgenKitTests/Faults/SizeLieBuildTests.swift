import Foundation
import ImageCodecs
import Raster
import Renditions
import Testing
import TestSupport

@testable import ThumbgenKit

/// Issue 29 through a whole build: a profile too large for every rendition is left out with a
/// warning on the image; a HEIC whose ispe lies about its frame is unreadable as damage, under
/// the issue's `memory_mb: 16`, in a fraction of a second.
@Suite struct SizeLieBuildTests {
    @Test func aTwentyMebibyteProfileIsLeftOutOfEveryRenditionWithAWarning() throws {
        let site = Site(manifest: Manifests.standard(images: "photos/*.webp"))
        let zeros = [UInt8](repeating: 0, count: 20 << 20)
        site.original("site/photos/zeros.webp", WebPFixtures.encode(Pictures.photo(width: 800, height: 600), quality: 80, iccProfile: zeros))
        let summary = try site.build()
        let record = try #require(try site.index("site/renditions.json").images["photos/zeros.webp"])
        #expect(record.status == .resized)
        for rendition in record.renditions.values where rendition.file != "photos/zeros.webp" {
            let size = try FileManager.default.attributesOfItem(atPath: site.folder.path + "/site/" + rendition.file)[.size] as? Int ?? .max
            #expect(size < 200_000, "\(rendition.file) is \(size) bytes")
        }
        #expect(summary.problems == [ImageProblem(kind: .leftOut, file: "photos/zeros.webp",
                                                  message: "its embedded ICC profile is 20 MiB, over the 1 MiB a rendition carries; the renditions go without it (shown as sRGB)")])
        let diagnostics = SummaryReport.diagnostics(summary) { $0 }
        #expect(diagnostics.first?.message == summary.problems.first?.message && diagnostics.first?.severity == .warning)
    }

    @Test func aHEICWhoseISPELiesIsDamageUnderASmallMemoryLimit() throws {
        let site = Site(manifest: Manifests.standard(images: "photos/*.heic", extra: "limits: { memory_mb: 16 }"))
        var flat = PixelBuffer(width: 1024, height: 1024, hasAlpha: false)
        for index in stride(from: 0, to: flat.pixels.count, by: 4) { flat.pixels[index..<index + 4] = [200, 100, 50, 255] }
        site.original("site/photos/lie.heic", HEIFSizeLies.lyingISPE(HEIFFixtures.encode(flat), width: 64, height: 64))
        let started = Date()
        try site.build()
        let record = try #require(try site.index("site/renditions.json").images["photos/lie.heic"])
        #expect(record.status == .unreadable)
        #expect(record.error == "corrupt HEIF: image 1 claims 64x64 (ispe) but its HEVC frames are 1024x1024 (its sequence parameter set); the decoder would allocate those")
        // Refused from the header: the build takes no time (the CPU bound is HEIFSizeLieTests').
        #expect(Date().timeIntervalSince(started) < 2)
    }
}
