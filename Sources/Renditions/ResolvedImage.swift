#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What a client shows for an image in a slot on one screen: the file, the scale it is shown at,
/// its size, and how the index came to it.
///
/// Load the file as an image of `scale`: a 288×288-pixel file for a 96-point slot at scale 3 is
/// `UIImage(contentsOfFile: path)` with `scale: 3` (or `UIImage(data:scale:)`), 96 points wide,
/// not 288. A 48-pixel original that fits the slot has `scale: 1` on every screen: 48 points.
public struct ResolvedImage: Equatable, Sendable {
    /// How the index answered.
    public enum Kind: String, Sendable {
        /// A file thumbgen made for this slot at `scale`.
        case rendition
        /// The index shows the original itself, a picture thumbgen read: it already fits, or it is
        /// animated.
        case original
        /// The index shows the original, which thumbgen could not read (damaged, cut short, a
        /// size past the limits): likely a broken image. `ImageRecord.error` says why.
        case unreadable
        /// The index shows the original, which is not an image thumbgen reads (a text file, BMP,
        /// TIFF, SVG): a client may or may not show it.
        case unsupported
        /// The index knows the image but has no entry for this slot: the original, as it is.
        case unknownSlot
        /// The index does not know the image: its own path, which may not exist.
        case unknownImage
    }

    /// Relative to the index's folder, with `/`: the fallback (JPEG or PNG) or the original.
    public var file: String
    /// The scale the file is shown at: its pixels over the points it fills in the slot. For a
    /// rendition, the scale it was made for; for an original, what fitting it into the slot
    /// without enlarging gives (`SlotRecord.shownScale`). 1 when the index has no entry, or
    /// does not know the file's size.
    public var scale: Double
    /// The file's width in pixels (0 when the index does not know it).
    public var pixelWidth: Int
    /// The file's height in pixels (0 when the index does not know it).
    public var pixelHeight: Int
    /// The file's media type (`image/jpeg`), when the index knows it.
    public var type: String?
    /// Modern files of the same pixels, best first (`image/avif`, `image/webp`); empty when none.
    public var sources: [SourceRecord]
    public var kind: Kind

    public init(file: String, scale: Double, pixelWidth: Int, pixelHeight: Int, type: String?,
                sources: [SourceRecord] = [], kind: Kind) {
        self.file = file
        self.scale = scale
        self.pixelWidth = pixelWidth
        self.pixelHeight = pixelHeight
        self.type = type
        self.sources = sources
        self.kind = kind
    }

    /// True for a file thumbgen made; false when an original is shown.
    public var isRendition: Bool { kind == .rendition }
    /// False when the index does not know the image at all.
    public var isKnown: Bool { kind != .unknownImage }
    /// The file's width in points: pixels over `scale`.
    public var pointWidth: Double { Double(pixelWidth) / scale }
    /// The file's height in points: pixels over `scale`.
    public var pointHeight: Double { Double(pixelHeight) / scale }

    /// The best file a client that decodes `types` can show: the first modern source it accepts,
    /// else the fallback. `["image/webp", "image/jpeg"]` picks the WebP file when there is one.
    public func file(accepting types: Set<String>) -> (file: String, type: String?) {
        if let source = sources.first(where: { types.contains($0.type) }) { return (source.file, source.type) }
        return (file, type)
    }
}

extension RenditionIndex {
    /// What to show for `image` in `slot` on a screen of `screenScale` (pixels per point): the
    /// entry for that scale when the index has one, else for the scale `scale(for:screenScale:)`
    /// picks. An image or slot the index does not know gives the original's own path, and says so;
    /// so does an original the index shows because thumbgen could not read it.
    public func resolve(image: String, slot: String, screenScale: Double) -> ResolvedImage {
        guard let record = images[image] else {
            return ResolvedImage(file: image, scale: 1, pixelWidth: 0, pixelHeight: 0, type: nil, kind: .unknownImage)
        }
        let listed = record.renditions[ScaleKey.entry(slot: slot, scale: screenScale)] != nil
            ? screenScale : scale(for: slot, screenScale: screenScale)
        guard let scale = listed, let entry = record.renditions[ScaleKey.entry(slot: slot, scale: scale)] else {
            return ResolvedImage(file: image, scale: 1, pixelWidth: record.width, pixelHeight: record.height,
                                 type: MediaTypes.original(format: record.format), kind: .unknownSlot)
        }
        guard entry.file == image else {
            return ResolvedImage(file: entry.file, scale: scale, pixelWidth: entry.width, pixelHeight: entry.height,
                                 type: entry.type, sources: entry.sources ?? [], kind: .rendition)
        }
        let kind: ResolvedImage.Kind = switch record.status {
        case .unreadable: .unreadable
        case .unsupported: .unsupported
        case .resized, .fits, .animated: .original
        }
        let shown = kind == .original ? (slots[slot]?.shownScale(width: entry.width, height: entry.height) ?? 1) : 1
        return ResolvedImage(file: entry.file, scale: shown, pixelWidth: entry.width, pixelHeight: entry.height,
                             type: entry.type, sources: entry.sources ?? [], kind: kind)
    }
}
