import Renditions

/// The markup for one `<img data-image data-slot>`, from the index alone: what renditions.js's
/// `markup()` writes, byte for byte (Clients/cases.json holds both to it).
///
/// `<picture data-thumbgen>`, one `<source type srcset sizes>` per modern type, then the `<img>`
/// with the author's attributes in their order and the generated ones after them: `src` (the file
/// for scale 1), `srcset` (width descriptors), `sizes`, `width` and `height` (CSS pixels),
/// `loading`, `decoding` or `fetchpriority`, `style` (the placeholder colour) and `data-thumbhash`.
public struct PictureMarkup: Equatable, Sendable {
    /// An attribute as the page has it: name (lowercase) and value (entities decoded).
    public typealias Attribute = (name: String, value: String)

    public var html: String
    /// Why the index cannot place the image (it then shows the original), or nil.
    public var warning: String?

    /// The attributes the markup writes on the `<img>`, in this order; an author's own are replaced.
    static let generated = ["src", "srcset", "sizes", "width", "height", "loading", "decoding", "fetchpriority", "style", "data-thumbhash"]

    /// The markup for an `<img>` with `attributes`, paths led from the page to the index's folder
    /// by `base` (`""`, `"../"`, `"/media/"`).
    public init(index: RenditionIndex, attributes: [Attribute], base: String) {
        let author = Self.authorAttributes(attributes)
        func value(_ name: String) -> String? { author.first { $0.name == name }?.value }
        let image = value("data-image") ?? "", slot = value("data-slot") ?? ""
        let eager = value("loading") == "eager"
        let chosen = index.resolve(image: image, slot: slot, screenScale: 1)
        let css = index.cssSize(image: image, slot: slot)
        let sizes = index.sizes(image: image, slot: slot) ?? ""
        let placeholder = index.images[image]?.placeholder

        var own: [Attribute] = [("src", base + RenditionIndex.urlPath(chosen.file))]
        if let css {
            own += [("srcset", index.widthSrcset(image: image, slot: slot, urlPrefix: base)), ("sizes", sizes),
                    ("width", String(Int(css.width.rounded(.down)))), ("height", String(Int(css.height.rounded(.down))))]
        }
        own += [("loading", eager ? "eager" : "lazy"), eager ? ("fetchpriority", "high") : ("decoding", "async")]
        // The colour paints without JavaScript; behind a transparent image it would show once loaded.
        let opaque = placeholder.flatMap { ThumbHashImage.bytes(base64: $0.thumbhash) }.map { !ThumbHashImage.hasAlpha(hash: $0) } ?? false
        let style = [opaque ? placeholder.map { "background-color:\($0.color)" } : nil, value("style")]
            .compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: ";")
        if !style.isEmpty { own.append(("style", style)) }
        if let placeholder { own.append(("data-thumbhash", placeholder.thumbhash)) }

        var html = "<picture data-thumbgen>"
        if css != nil {
            for type in index.sourceTypes(image: image, slot: slot) {
                let srcset = index.widthSrcset(image: image, slot: slot, type: type, urlPrefix: base)
                html += "<source type=\"\(type)\" srcset=\"\(Self.escape(srcset))\" sizes=\"\(Self.escape(sizes))\">"
            }
        }
        html += "<img"
        for attribute in author where !Self.generated.contains(attribute.name) { html += Self.serialize(attribute) }
        for attribute in own { html += Self.serialize(attribute) }
        html += "></picture>"
        self.html = html
        warning = Self.problem(index: index, image: image, slot: slot)
    }

    /// The author's attributes of an `<img>` this markup wrote: without the generated ones, with
    /// the author's style and the eager mark (`loading="eager"`) recovered, so that the markup of
    /// them is the same markup again. Attributes of a tag never rewritten come out as they are.
    public static func authorAttributes(_ attributes: [Attribute]) -> [Attribute] {
        func value(_ name: String) -> String? { attributes.first { $0.name == name }?.value }
        var kept = attributes.filter { !generated.contains($0.name) }
        var style = Substring(value("style") ?? "")
        if style.hasPrefix("background-color:#"), style.count >= 24,
           style.dropFirst(18).prefix(6).allSatisfy({ "0123456789abcdef".contains($0) }) {
            style = style.dropFirst(24)
            if style.hasPrefix(";") { style = style.dropFirst() }
        }
        if !style.isEmpty { kept.append(("style", String(style))) }
        if value("loading") == "eager" { kept.append(("loading", "eager")) }
        return kept
    }

    /// Why the index cannot place `image` in `slot`, or nil when it can.
    static func problem(index: RenditionIndex, image: String, slot: String) -> String? {
        if index.images[image] == nil {
            return "no image '\(image)' in the index\(Suggestion.hint(for: image, among: index.images.keys.sorted())); the page shows it as it is"
        }
        if index.slots[slot] == nil {
            return "no slot '\(slot)' in the index\(Suggestion.hint(for: slot, among: index.slots.keys.sorted())); the page shows '\(image)' as it is"
        }
        if index.resolve(image: image, slot: slot, screenScale: 1).kind == .unknownSlot {
            return "'\(image)' has no '\(slot)' entries in the index; the page shows it as it is"
        }
        return nil
    }

    static func escape(_ text: String) -> String {
        text.replacing("&", with: "&amp;").replacing("\"", with: "&quot;")
    }

    static func serialize(_ attribute: Attribute) -> String {
        attribute.value.isEmpty ? " \(attribute.name)" : " \(attribute.name)=\"\(escape(attribute.value))\""
    }

    public static func == (lhs: PictureMarkup, rhs: PictureMarkup) -> Bool {
        lhs.html == rhs.html && lhs.warning == rhs.warning
    }
}
