#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension RenditionIndex {
    /// The entry for one `(slot, scale)` of an image, or nil when the index has none.
    public func entry(image: String, slot: String, scale: Double) -> RenditionRecord? {
        images[image]?.renditions[ScaleKey.entry(slot: slot, scale: scale)]
    }

    /// The scale of `slot` to show on a screen of `screenScale`: the smallest the slot lists that
    /// is at least that, else the largest (the rule of the web client, renditions.js, too).
    public func scale(for slot: String, screenScale: Double) -> Double? {
        let scales = (slots[slot]?.scales ?? []).sorted()
        return scales.first { $0 >= screenScale - 1e-9 } ?? scales.last
    }

    /// The file to show for an image in a slot on a screen of `scale`: the entry for that scale,
    /// or for the one `scale(for:screenScale:)` picks when the slot does not list it. An image or
    /// slot the index does not know resolves to the original's own path: never a missing image.
    /// `resolve(image:slot:screenScale:)` says which, with the scale the file was made for.
    public func file(image: String, slot: String, scale: Double) -> String {
        resolve(image: image, slot: slot, screenScale: scale).file
    }

    /// The best file to show an image at `width`×`height` pixels: the smallest of its files that
    /// covers that size, else the largest it has, else the original.
    public func bestFile(image: String, width: Int, height: Int) -> String {
        let candidates = Set(images[image]?.renditions.values.map { $0 } ?? [])
            .sorted { (Self.area($0), $0.file) < (Self.area($1), $1.file) }
        if let covering = candidates.first(where: { $0.width >= width && $0.height >= height }) {
            return covering.file
        }
        return candidates.last?.file ?? image
    }

    /// Pixels of an entry, saturating: an index may hold the size a hostile header claimed.
    static func area(_ entry: RenditionRecord) -> Int {
        let (pixels, overflow) = entry.width.multipliedReportingOverflow(by: entry.height)
        return overflow ? Int.max : pixels
    }

    /// A `srcset` value for an image in a slot, one candidate per scale in increasing order:
    /// `photos/a.Thumbnail(60x45).jpg 1x, photos/a.Thumbnail(120x90).jpg 2x`. Paths are
    /// URL-escaped so spaces, commas and `#` survive. An unknown image gives its original at 1x.
    public func srcset(image: String, slot: String) -> String {
        let record = images[image]
        let scales = slots[slot]?.scales.sorted() ?? []
        let candidates = scales.compactMap { scale -> String? in
            guard let entry = record?.renditions[ScaleKey.entry(slot: slot, scale: scale)] else { return nil }
            return "\(Self.urlPath(entry.file)) \(ScaleKey.format(scale))x"
        }
        return candidates.isEmpty ? "\(Self.urlPath(image)) 1x" : candidates.joined(separator: ", ")
    }

    /// A relative path as a URL path: every byte but ASCII letters, digits and `-._~/()!$&'*+;=:@`
    /// percent-escaped (UTF-8), so spaces, commas, `#`, `?` and `%` survive in `src` and `srcset`.
    public static func urlPath(_ path: String) -> String {
        let kept = Set("-._~/()!$&'*+;=:@".utf8)
        let digits = Array("0123456789ABCDEF".utf8)
        var bytes: [UInt8] = []
        for byte in path.utf8 {
            let isAlphanumeric = (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
            if isAlphanumeric || kept.contains(byte) {
                bytes.append(byte)
            } else {
                bytes += [UInt8(ascii: "%"), digits[Int(byte >> 4)], digits[Int(byte & 15)]]
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
