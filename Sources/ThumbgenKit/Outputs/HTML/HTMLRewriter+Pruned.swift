import Renditions

/// A tag thumbgen wrote names renditions that only its image's index entry keeps on disk: once
/// the image leaves the index, or the slot the tag was written in leaves the image (the slot
/// left the manifest, or the image left the slot), a build prunes them, and the tag, left as it
/// was, would show broken images. It shows the original instead (`ThumbgenMark.showingOriginal`),
/// still marked, so that the markup comes back with the slot; no other slot is guessed, since
/// the one the author chose is the crop and size the layout was made for.
extension HTMLRewriter {
    /// Why the marked tag showing `image` (its index key, or for an image gone from the index
    /// its `data-image` as written) in `slot` (its `data-slot`, else `web.slot`) names
    /// renditions a build prunes; nil while the index has every one of them.
    static func prunedMarkup(image: String, slot: String?, element: String, index: RenditionIndex) -> String? {
        let now = element == "img" ? "the tag shows the original instead" : "the <\(element)> loses the background thumbgen gave it"
        let own = "or remove data-thumbgen to make the tag the page's own"
        guard index.images[image] != nil else {
            return "'\(image)' is no longer in the index, so a build removes the renditions thumbgen wrote for it here; \(now) (put the image back in the manifest and build again, \(own))"
        }
        guard let slot else {
            // Written for a web.slot since removed: which slot that was, the tag does not say.
            return "'\(image)' has no slot to show it in any more (the tag has no data-slot, and the manifest no web.slot), so the renditions thumbgen wrote for it here may be pruned; \(now) (set web.slot again, or data-slot, \(own))"
        }
        // As `TagMarkup.check` reads the slot; a marked tag's slot that no longer reads as one
        // was a slot of the index when the tag was written, and is gone.
        let names = index.slots[slot] != nil ? [slot] : ArtDirection(slot)?.slots ?? [slot]
        let gone = names.first { index.slots[$0] == nil || index.resolve(image: image, slot: $0, screenScale: 1).kind == .unknownSlot }
        guard let gone else { return nil }
        return "'\(image)' has no slot '\(gone)' in the index any more, so a build removes the renditions thumbgen wrote for it here; \(now) (give the image that slot in the manifest again and build, or the tag another data-slot, \(own))"
    }
}
