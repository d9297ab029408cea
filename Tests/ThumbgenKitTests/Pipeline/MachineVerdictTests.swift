import ImageCodecs
import Raster
import Renditions
import Testing
import TestSupport

@testable import ThumbgenKit

/// Only a verdict on the bytes is kept in the index (with its fingerprint, so the next build does
/// not decode the file again); a failure libheif cannot tell from the machine's is kept without
/// one, so the next build tries again.
@Suite struct MachineVerdictTests {
    /// A HEIC made by libheif, its HEVC data then changed by `edit` (offsets from the start of
    /// the `mdat` payload).
    static func heic(_ edit: (inout [UInt8], Int) -> Void) -> [UInt8] {
        var pixels = PixelBuffer(width: 64, height: 64, hasAlpha: false)
        for y in 0..<64 { for x in 0..<64 { pixels[x, y] = SIMD4(UInt8(x * 4), UInt8(y * 4), 100, 255) } }
        var bytes = HEIFFixtures.encode(pixels)
        let mdat = (0..<bytes.count - 4).first { Array(bytes[$0..<$0 + 4]) == Array("mdat".utf8) }!
        edit(&bytes, mdat + 4)
        return bytes
    }

    static func record(_ bytes: [UInt8]) throws -> ImageRecord {
        let site = Site(manifest: Manifests.standard(images: "photos/*.heic"))
        site.original("site/photos/a.heic", bytes)
        try site.build()
        let first = try #require(try site.index("site/renditions.json").images["photos/a.heic"])
        try site.build()
        let second = try #require(try site.index("site/renditions.json").images["photos/a.heic"])
        #expect(first == second)
        return first
    }

    /// libde265 gives up on HEVC data of zeros with an error of no kind (Decoder_plugin_error,
    /// Unspecified): its own memory and thread failures look the same, so it is no verdict.
    @Test func aDecoderPluginFailureIsNotKept() throws {
        let record = try Self.record(Self.heic { bytes, data in
            for index in (data + 4)..<bytes.count { bytes[index] = 0 }
        })
        #expect(record.status == .unreadable)
        #expect(record.error?.hasPrefix("libheif's decoder failed (Decoder plugin generated an error: Unspecified)") == true, "\(record.error ?? "")")
        #expect(record.recipe == nil)
    }

    /// A NAL unit whose length runs past the data is the bytes' fault: a verdict, kept.
    @Test func dataThatEndsInsideANALUnitIsKept() throws {
        let record = try Self.record(Self.heic { bytes, data in bytes[data] = 0x7F })
        #expect(record.status == .unreadable)
        #expect(record.error?.hasPrefix("corrupt or truncated HEIF data (Decoder plugin generated an error: Unexpected end of file)") == true, "\(record.error ?? "")")
        #expect(record.recipe != nil)
    }
}
