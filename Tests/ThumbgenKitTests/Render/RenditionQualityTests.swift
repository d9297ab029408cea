import ImageCodecs
import Raster
import Testing
import TestSupport

@testable import ThumbgenKit

/// The render stage (DCT scaling, box pre-shrink, cascade) against a reference made from a
/// full-size decode with the same Lanczos-3 filter in one step.
///
/// 40 dB is the bar: at 8 bits it is an RMS error of 2.5 levels, below what JPEG at quality 82
/// itself adds to a rendition (about 36–38 dB on these pictures), so the fast path cannot be told
/// from the slow one in the files it writes.
@Suite struct RenditionQualityTests {
    static let slots = [
        Slot(name: "thumb", size: SlotSize(width: ExactDecimal(60), height: ExactDecimal(60)),
             scales: [ExactDecimal(1), ExactDecimal(2), ExactDecimal(3)], fit: .inside),
        Slot(name: "card", size: SlotSize(width: ExactDecimal(320), height: ExactDecimal(180)),
             scales: [ExactDecimal(2), ExactDecimal(3)], fit: .inside),
        Slot(name: "hero", size: SlotSize(width: ExactDecimal(390), height: ExactDecimal(390)),
             scales: [ExactDecimal(2), ExactDecimal(3)], fit: .inside),
        Slot(name: "square", size: SlotSize(width: ExactDecimal(100), height: ExactDecimal(100)),
             scales: [ExactDecimal(2)], fit: .cover),
    ]

    static let limits = DecodeLimits(pixels: 1 << 30, memoryBytes: 1 << 30, scans: 500)

    @Test(arguments: [(3000, 2000, 1), (2400, 3600, 6), (4000, 3000, 3)])
    func shrinkOnLoadStaysWithin40dBOfAFullDecode(width: Int, height: Int, orientation: Int) throws {
        let folder = ScratchFolder()
        var options = JPEGFixtures.Options()
        options.quality = 95
        options.orientation = orientation
        let path = folder.write("photo.jpg", JPEGFixtures.jpeg(Pictures.photo(width: width, height: height, seed: UInt64(width)), options))
        let header = try ImageHeader.read(path: path)
        let plan = ImagePlan(path: "photo.jpg", original: header.uprightSize, slots: Self.slots, focus: Focus(x: 0.3, y: 0.6), extension: "jpg")

        let rendered = try Renderer.render(path: path, header: header, renditions: plan.renditions, limits: Self.limits, placeholder: true)
        #expect(rendered.source.decodedSize.width < width)  // the decode really was scaled
        let full = try JPEGDecoder.decode(path: path, minimumScale: 1, memoryLimit: 1 << 30).pixels.oriented(header.orientation)

        for (rendition, made) in rendered.renditions {
            let reference = Resampler.resample(full, rect: rendition.geometry.crop, to: rendition.geometry.size)
            let psnr = Pictures.psnr(made.rgba, reference)
            #expect(psnr >= 40, "\(rendition.file): \(psnr) dB")
        }
    }
}
