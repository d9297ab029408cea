import Renditions

/// The one call from the page side to the markup side: what one tag becomes.
///
/// `image` is the index key, `slot` the raw slot text (the tag's `data-slot`, else `web.slot`;
/// art direction lists several), `element` the tag's name (`img`, or the element a background
/// goes on), `attributes` the author's in page order, `base` the prefix from the page to the
/// index's folder in the author's form, encoded once. A nil `html` leaves the tag byte for byte;
/// `warning` then says why (the page side adds file and line).
package enum PageMarkup {
    package struct Answer: Equatable {
        var html: String?
        var warning: String?
    }

    package typealias Maker = (_ index: RenditionIndex, _ image: String, _ slot: String, _ element: String,
                       _ attributes: [PictureMarkup.Attribute], _ base: String, _ web: WebSettings) -> Answer

    /// `TagMarkup`'s answer for the tag.
    package static func make(index: RenditionIndex, image: String, slot: String, element: String,
                     attributes: [PictureMarkup.Attribute], base: String, web: WebSettings) -> Answer {
        let result = TagMarkup.make(index: index, image: image, slot: slot, element: element, attributes: attributes, base: base, web: web)
        return Answer(html: result.html, warning: result.warning)
    }
}
