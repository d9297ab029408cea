import ImageCodecs
import Raster
import Testing
import TestSupport

@testable import ThumbgenKit

/// Which pixels a JPEG build hands its encoders: the original's own YCbCr planes when every file
/// it writes takes them (the JPEG fallback and AVIF), RGB when it writes WebP too. The files a
/// build writes are byte for byte those of the render and encode stages on the path expected.
@Suite struct EncoderPathTests {
    static let slot = Slot(name: "card", size: SlotSize(width: ExactDecimal(320), height: ExactDecimal(180)),
                           scales: [ExactDecimal(1), ExactDecimal(2)], fit: .inside)

    @Test(arguments: [([OutputFormat](), true), ([.avif], true), ([.webp], false), ([.avif, .webp], false)])
    func aJPEGBuildEncodesPlanesUnlessItWritesWebP(formats: [OutputFormat], planes: Bool) throws {
        let site = Site(manifest: """
            version: 1
            root: site
            slots:
              card: { size: 320x180, scales: [1, 2] }
            output: { formats: [\(formats.map(\.name).joined(separator: ", "))], placeholder: none }
            images:
              - path: photos/*.jpg
                slots: [card]
            """)
        let path = site.original("site/photos/p.jpg", JPEGFixtures.jpeg(Pictures.photo(width: 1500, height: 1000, seed: 9)))
        try site.build()

        var output = OutputSettings(formats: formats)
        output.placeholder = .none
        let encoder = RenditionEncoder(output: output, fallback: .jpeg)
        #expect(encoder.takesPlanes == planes)
        let expected = try Self.files(path, encoder: encoder, planes: planes)
        let record = try #require(try site.index("site/renditions.json").images["photos/p.jpg"])
        let written = record.renditions.values.flatMap { [$0.file] + ($0.sources ?? []).map(\.file) }
        #expect(Set(written) == Set(expected.keys), "\(written) against \(expected.keys.sorted())")
        for format in formats {
            #expect(written.contains { $0.hasSuffix("." + format.name) }, "no \(format) file kept: \(written)")
        }
        for (file, bytes) in expected {
            #expect(site.folder.read("site/" + file) == bytes, "\(file) is not what the \(planes ? "planar" : "RGB") path makes")
        }
        // The other path makes other bytes, so the comparison above tells the paths apart.
        let other = try Self.files(path, encoder: encoder, planes: !planes)
        #expect(expected.contains { file, bytes in other[file].map { $0 != bytes } ?? false })
    }

    /// The files the render and encode stages make of the original at `path` for the slot, by
    /// path under the site's root, from its planes or from RGB.
    static func files(_ path: String, encoder: RenditionEncoder, planes: Bool) throws -> [String: [UInt8]] {
        let header = try ImageHeader.read(path: path)
        let plan = ImagePlan(path: "photos/p.jpg", original: header.uprightSize, slots: [slot], focus: nil, extension: "jpg")
        let rendered = try Renderer.render(path: path, header: header, renditions: plan.renditions,
                                           limits: DecodeLimits(pixels: 1 << 28, memoryBytes: 1 << 30, scans: 500),
                                           placeholder: false, planes: planes)
        var files: [String: [UInt8]] = [:]
        let encodedAll = try encoder.encode(rendered.renditions, source: rendered.source)
        for ((rendition, pixels), encoded) in zip(rendered.renditions, encodedAll) {
            if case .planar = pixels { #expect(planes) } else { #expect(!planes) }
            files[rendition.file] = encoded.fallback
            for (format, bytes) in encoded.modern { files[RenditionNaming.modernPath(beside: rendition.file, format: format)] = bytes }
        }
        return files
    }
}
