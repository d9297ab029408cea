import Renditions

/// The one call from the page side to the markup side: what one tag becomes (`TagMarkup.make`).
///
/// `image` is the index key, `slot` the raw slot text (the tag's `data-slot`, else `web.slot`;
/// art direction lists several), `element` the tag's name (`img`, or the element a background
/// goes on), `attributes` the author's in page order, `base` the prefix from the page to the
/// index's folder in the author's form, encoded once. A nil `html` leaves the tag byte for byte;
/// `warning` then says why (the page side adds file and line). Tests pass a maker of their own.
package enum PageMarkup {
    package typealias Maker = (_ index: RenditionIndex, _ image: String, _ slot: String, _ element: String,
                               _ attributes: [TagMarkup.Attribute], _ base: String, _ web: WebSettings) -> TagMarkup.Result

    package static func make(index: RenditionIndex, image: String, slot: String, element: String,
                             attributes: [TagMarkup.Attribute], base: String, web: WebSettings) -> TagMarkup.Result {
        TagMarkup.make(index: index, image: image, slot: slot, element: element, attributes: attributes, base: base, web: web)
    }
}
