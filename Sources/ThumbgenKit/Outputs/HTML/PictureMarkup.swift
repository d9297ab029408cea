import Renditions

/// The markup for an `<img data-image data-slot>` found by `HTMLTags`: `TagMarkup` with the
/// image and slot its attributes name, as they are written. Kept for `HTMLRewriter` until it
/// resolves them itself (any URL form, `web.slot`) and calls `TagMarkup.make`.
public struct PictureMarkup: Equatable, Sendable {
    public typealias Attribute = TagMarkup.Attribute

    /// The markup that replaces the tag; nil leaves it as it is.
    public var html: String?
    /// Why the index cannot place the image, or nil.
    public var warning: String?

    /// The markup for an `<img>` with `attributes`, paths led from the page to the index's folder
    /// by `base` (`""`, `"../"`, `"/media/"`).
    public init(index: RenditionIndex, attributes: [Attribute], base: String, web: WebSettings = WebSettings()) {
        func value(_ name: String) -> String { attributes.first { $0.name == name }?.value ?? "" }
        let result = TagMarkup.make(index: index, image: value("data-image"), slot: value("data-slot"), element: "img",
                                    attributes: attributes, base: base, web: web)
        html = result.html
        warning = result.warning
    }
}
