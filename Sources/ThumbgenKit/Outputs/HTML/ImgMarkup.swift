import Renditions

/// The markup of one `<img>` from the index: the `<img>` alone, or inside
/// `<picture data-thumbgen>` when there is a modern source or art direction (a wrapper would
/// break a theme's child selectors, `.gallery > img`, for nothing).
///
/// The `<img>` keeps the author's attributes in their order, as written, but for `src` and
/// `srcset` (and `data-image`, which becomes the index key); after them come those thumbgen adds
/// where the author gave none: `data-image`, `src` (the file for scale 1), `srcset` (width
/// descriptors), `sizes` (the slot's computed value), `width` and `height` (CSS pixels; one
/// the author gave sets the other by the image's shape), `loading="lazy"`, `decoding="async"` (or,
/// on an eager image, `fetchpriority="high"`), the placeholder's `style` and `data-thumbhash`,
/// then `data-thumbgen` listing them (`ThumbgenMark`). Sources: per art-directed slot, one
/// `<source media type srcset sizes width height>` per modern type and one without `type`; then
/// the `<img>`'s slot's `<source type srcset sizes>` per modern type.
struct ImgMarkup {
    var index: RenditionIndex
    var image: String
    var direction: ArtDirection
    /// The author's attributes (`ThumbgenMark.authorAttributes`).
    var author: [TagMarkup.Attribute]
    var base: String
    var web: WebSettings

    /// The order thumbgen writes its own attributes in, and lists them in the mark.
    static let ownOrder = ["src", "srcset", "sizes", "width", "height", "loading", "decoding", "fetchpriority", "style", "data-thumbhash"]

    private func author(_ name: String) -> String? { author.first { $0.name == name }?.value }
    private var query: String { MarkupText.query(index: index, image: image, web: web) }
    /// HTML compares keywords ignoring ASCII case: `EAGER` is `eager`.
    private var loading: String? { author("loading").map(MarkupText.asciiLowercased) }
    private var isLazy: Bool { loading == nil || loading == "lazy" }

    var html: String {
        let slot = direction.fallback
        let css = index.cssSize(image: image, slot: slot)
        var own: [TagMarkup.Attribute] = [("src", MarkupText.url(index.resolve(image: image, slot: slot, screenScale: 1).file, base: base, query: query))]
        let imgSizes = author("sizes") ?? css.map { sizes(slot: slot, css: $0, authorWidth: Self.pixels(author("width"))) }
        if let css, let imgSizes {
            own.append(("srcset", index.widthSrcset(image: image, slot: slot, urlPrefix: base, query: query)))
            if author("sizes") == nil { own.append(("sizes", imgSizes)) }
            own += dimensions(css)
        }
        if loading == nil { own.append(("loading", "lazy")) }
        if loading != "eager", author("decoding") == nil { own.append(("decoding", "async")) }
        if loading == "eager", author("fetchpriority") == nil { own.append(("fetchpriority", "high")) }
        var kept = author.compactMap { attribute -> TagMarkup.Attribute? in
            switch attribute.name {
            case "src", "srcset", "data-thumbhash", ThumbgenMark.name: nil
            case "data-image": ("data-image", image)
            default: attribute
            }
        }
        var listed = placeholder(kept: &kept, own: &own)
        listed += own.map(\.name)
        if !kept.contains(where: { $0.name == "data-image" }) { own.insert(("data-image", image), at: 0) }
        own.append((ThumbgenMark.name, Self.ownOrder.filter(listed.contains).joined(separator: " ")))
        let img = MarkupText.startTag("img", kept + own)
        let sources = css == nil ? [] : sources(imgSizes: imgSizes ?? "")
        return sources.isEmpty ? img : "<picture \(ThumbgenMark.name)>" + sources.joined() + img + "</picture>"
    }

    /// Adds the placeholder: the colour (to the author's style, or as thumbgen's own) and the
    /// ThumbHash, as `web.placeholder` says. The colour only for an opaque image: behind a
    /// transparent one it would show once loaded. Returns `["style"]` when it extended the
    /// author's style. An author's empty style gives way to thumbgen's.
    private func placeholder(kept: inout [TagMarkup.Attribute], own: inout [TagMarkup.Attribute]) -> [String] {
        guard web.placeholder != .none, let placeholder = index.images[image]?.placeholder else { return [] }
        var extended: [String] = []
        let opaque = ThumbHashImage.bytes(base64: placeholder.thumbhash).map { !ThumbHashImage.hasAlpha(hash: $0) } ?? false
        if web.placeholder == .color, opaque {
            let declarations = ThumbgenMark.placeholderStyle(color: placeholder.color)
            kept.removeAll { $0.name == "style" && $0.value.isEmpty }
            if let style = kept.firstIndex(where: { $0.name == "style" }) {
                kept[style].value = ThumbgenMark.style(author: kept[style].value, adding: declarations)
                extended = ["style"]
            } else {
                own.append(("style", declarations))
            }
        }
        own.append(("data-thumbhash", placeholder.thumbhash))
        return extended
    }

    /// The `<source>` tags, in order; none when a plain `<img>` says it all.
    private func sources(imgSizes: String) -> [String] {
        var sources: [String] = []
        for choice in direction.conditional {
            guard let css = index.cssSize(image: image, slot: choice.slot), let media = choice.media else { continue }
            let sizes = author("sizes") ?? sizes(slot: choice.slot, css: css, authorWidth: nil)
            let size = Self.whole(css)
            for type in index.sourceTypes(image: image, slot: choice.slot) + [nil] {
                var attributes: [TagMarkup.Attribute] = [("media", media)]
                if let type { attributes.append(("type", type)) }
                attributes += [("srcset", index.widthSrcset(image: image, slot: choice.slot, type: type, urlPrefix: base, query: query)),
                               ("sizes", sizes), ("width", size.width), ("height", size.height)]
                sources.append(MarkupText.startTag("source", attributes))
            }
        }
        for type in index.sourceTypes(image: image, slot: direction.fallback) {
            sources.append(MarkupText.startTag("source", [
                ("type", type), ("srcset", index.widthSrcset(image: image, slot: direction.fallback, type: type, urlPrefix: base, query: query)),
                ("sizes", imgSizes),
            ]))
        }
        return sources
    }

    /// The computed `sizes` of a slot: the manifest's, else the author's `width` in CSS pixels,
    /// else the image's width in the slot. No `auto, ` before it: Chromium takes `auto` for a
    /// width a few pixels past the content box (padding, a border-box theme) and so fetches the
    /// next file up (the generator sites' browser checks: Hugo, MkDocs, Pelican), where the
    /// computed value picks the file that fits.
    private func sizes(slot: String, css: (width: Double, height: Double), authorWidth: Int?) -> String {
        index.slots[slot]?.sizes ?? authorWidth.map { "\($0)px" } ?? "\(ScaleKey.format(css.width))px"
    }

    /// `width` and `height` but those the author gave; when the author gave one, the other
    /// follows from the image's shape.
    private func dimensions(_ css: (width: Double, height: Double)) -> [TagMarkup.Attribute] {
        let size = Self.whole(css)
        switch (author("width"), author("height")) {
        case (nil, nil):
            return [("width", size.width), ("height", size.height)]
        case (let width?, nil):
            guard let width = Self.pixels(width), css.width > 0 else { return [] }
            return [("height", String(Int((Double(width) * css.height / css.width).rounded())))]
        case (nil, let height?):
            guard let height = Self.pixels(height), css.height > 0 else { return [] }
            return [("width", String(Int((Double(height) * css.width / css.height).rounded())))]
        default:
            return []
        }
    }

    /// A CSS size in whole pixels, rounded down (`112.5` is `112`). The index's values were
    /// checked (`untrustedValue`), so a size is at most 100 million.
    static func whole(_ css: (width: Double, height: Double)) -> (width: String, height: String) {
        (String(Int(css.width.rounded(.down))), String(Int(css.height.rounded(.down))))
    }

    /// An author's `width` or `height` as HTML reads it (leading digits, after white space), when
    /// it is from 1 to 1,000,000; nil otherwise.
    static func pixels(_ text: String?) -> Int? {
        guard let text else { return nil }
        let digits = Substring(text).trimmingHTMLSpace.prefix { $0.isASCII && $0.isNumber }
        guard !digits.isEmpty, digits.count <= 7, let value = Int(digits), RenditionIndex.webPixels.contains(value) else { return nil }
        return value
    }
}
