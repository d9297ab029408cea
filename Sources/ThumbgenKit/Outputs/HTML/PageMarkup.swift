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

    /// Today's `PictureMarkup`, for `<img>` only, behind the call's shape.
    package static func make(index: RenditionIndex, image: String, slot: String, element: String,
                     attributes: [PictureMarkup.Attribute], base: String, web: WebSettings) -> Answer {
        guard element == "img" else { return Answer(html: nil, warning: nil) }
        var given = attributes.filter { $0.name != "data-image" && $0.name != "data-slot" }
        given.insert(("data-image", image), at: 0)
        given.insert(("data-slot", slot), at: 1)
        let markup = PictureMarkup(index: index, attributes: given, base: base)
        return markup.warning == nil ? Answer(html: markup.html) : Answer(html: nil, warning: markup.warning)
    }
}
