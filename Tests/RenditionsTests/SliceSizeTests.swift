import Foundation
import Renditions
import Testing

/// What a page pays for its index, split or not, at 10,000 images: a page of 12 images loads its
/// folder's slice instead of every image's record. Prints the figures.
@Suite struct SliceSizeTests {
    static let imageCount = 10_000
    static let perFolder = 12

    /// One photo's record as a build with seven boxes (thumb 60×60 at 1, 2, 3; card 320×180 at 2,
    /// 3; hero 390×390 at 2, 3) and AVIF and WebP beside each JPEG writes it.
    static func record(_ name: String, _ number: Int) -> ImageRecord {
        let boxes = [("thumb@1x", 60, 45), ("thumb@2x", 120, 90), ("thumb@3x", 180, 135), ("card@2x", 640, 360),
                     ("card@3x", 960, 540), ("hero@2x", 780, 585), ("hero@3x", 1170, 878)]
        let stem = String(name.dropLast(4))
        var renditions: [String: RenditionRecord] = [:]
        for (offset, (key, width, height)) in boxes.enumerated() {
            let file = "\(stem).Thumbnail(\(width)x\(height))"
            let bytes = width * height / 5 + number + offset
            renditions[key] = RenditionRecord(bytes: bytes, file: file + ".jpg", height: height,
                                              sources: [SourceRecord(bytes: bytes / 2, file: file + ".avif", type: "image/avif"),
                                                        SourceRecord(bytes: bytes * 3 / 4, file: file + ".webp", type: "image/webp")],
                                              type: "image/jpeg", width: width)
        }
        let hex = String(repeating: String(number, radix: 16), count: 64).prefix(64)
        return ImageRecord(bytes: 2_811_404 + number, format: "jpeg", height: 3024,
                           placeholder: PlaceholderRecord(color: "#6f8fa8", thumbhash: "1QcSHQRnh493V4dIh4eXh1h4kJUI"),
                           recipe: String(hex), renditions: renditions, sha256: String(hex), status: .resized, width: 4032)
    }

    static let index: RenditionIndex = {
        var index = RenditionIndex(generator: "thumbgen 0.2.0", rendering: 4, slots: [
            "thumb": SlotRecord(fit: "cover", scales: [1, 2, 3], size: "60x60"),
            "card": SlotRecord(fit: "inside", scales: [2, 3], size: "320x180"),
            "hero": SlotRecord(fit: "inside", scales: [2, 3], size: "390x390"),
        ])
        for number in 0..<imageCount {
            let image = "albums/\(2000 + number / perFolder)/IMG_\(String(number + 1000)).jpg"
            index.images[image] = record(image, number)
        }
        index.slices = index.sliceFiles(indexName: IndexSlice.defaultIndexName)
        return index
    }()

    @Test func aPageOfTwelveImagesLoadsAHundredthOfTheIndex() {
        let whole = Self.index.encoded().count
        let folders = Self.index.sliceFolders
        let sizes = folders.map { Self.index.slice(folder: $0).encoded().count }
        let page = Self.index.slice(folder: folders[0])
        print("slices: \(Self.imageCount) images in \(folders.count) folders: whole index \(whole) bytes; a folder of \(page.images.count) images \(sizes[0]) bytes (\(String(format: "%.2f", 100 * Double(sizes[0]) / Double(whole)))%); largest slice \(sizes.max()!) bytes; all slices \(sizes.reduce(0, +)) bytes")
        #expect(page.images.count == Self.perFolder)
        #expect(sizes.max()! * 100 < whole)
        // The slices together hold every image once, as the whole index gives it.
        var images: [String: ImageRecord] = [:]
        for folder in folders { images.merge(RenditionIndex(slice: Self.index.slice(folder: folder), folder: folder).images) { $1 } }
        #expect(images == Self.index.images)
    }
}
