import Renditions

/// How a tag thumbgen wrote says which of its attributes are thumbgen's, so that a later run
/// gets the author's back exactly and writes the same tag again (or a new one, when the index
/// changed), and never mistakes an author's value for its own.
///
/// A rewritten tag carries `data-image` (the index key of its original) and `data-thumbgen`,
/// whose value lists, space-separated, every other attribute thumbgen wrote (`src srcset sizes
/// width height loading decoding data-thumbhash`): those are thumbgen's, all others the
/// author's, as written. `style` is listed when thumbgen's declarations end it; what comes before
/// them (less the one `;` thumbgen put between) is the author's. The shape of a whole
/// `<picture data-thumbgen>` is `OwnPicture`.
public enum ThumbgenMark {
    /// The attribute that marks a rewritten tag and lists thumbgen's attributes.
    public static let name = "data-thumbgen"

    /// The placeholder on an `<img>`: a layer of the average colour limited to the content box,
    /// which the opaque image covers once it has loaded, whatever padding, border or
    /// `background-color` the theme gives it (the theme's colour is kept: longhands only).
    static func placeholderStyle(color: String) -> String {
        "background-image:linear-gradient(\(color),\(color));background-origin:content-box;background-repeat:no-repeat"
    }

    /// How the placeholder's declarations begin: the colour is checked to be `#rrggbb`.
    static let placeholderStart = "background-image:linear-gradient(#"
    /// How a background's declarations begin (`BackgroundMarkup`).
    static let backgroundStart = "background-image:url('"

    /// The author's style with thumbgen's `declarations` after it: `a:1;` + `;` + ours, or ours.
    static func style(author: String?, adding declarations: String) -> String {
        guard let author, !author.isEmpty else { return declarations }
        return author + ";" + declarations
    }

    /// The author's attributes of a tag thumbgen may have written (`element`, lowercase), in
    /// their order: without those the mark lists, the author's part of a listed `style`, and
    /// without `data-thumbgen`. A tag without the mark is all the author's.
    public static func authorAttributes(_ attributes: [TagMarkup.Attribute], element: String) -> [TagMarkup.Attribute] {
        guard let mark = attributes.first(where: { $0.name == name })?.value else { return attributes }
        let listed = Set(mark.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" }).map(String.init))
        let start = element == "img" ? placeholderStart : backgroundStart
        var kept: [TagMarkup.Attribute] = []
        for attribute in attributes where attribute.name != name {
            if attribute.name == "style", listed.contains("style") {
                if let author = authorStyle(attribute.value, ownStart: start) { kept.append(("style", author)) }
            } else if !listed.contains(attribute.name) {
                kept.append(attribute)
            }
        }
        return kept
    }

    /// The author's part of a style thumbgen added to: what precedes the last `ownStart`, less
    /// the `;` between; nil when nothing does. A style without `ownStart` is the author's alone.
    static func authorStyle(_ style: String, ownStart: String) -> String? {
        guard let own = style.ranges(of: ownStart).last else { return style }
        var author = style[..<own.lowerBound]
        if author.hasSuffix(";") { author = author.dropLast() }
        return author.isEmpty ? nil : String(author)
    }

    /// The tag a run wrote for `image` (the index key its `data-image` holds), once the index
    /// no longer has that image, made to show the original: a build prunes the image's
    /// renditions, so not one URL of them may stay (`srcset`, the `<source>` elements, a
    /// background). It is the author's attributes, then, on an `<img>` whose own `src` did not
    /// stay, `src` naming the original at `base` (from the page to the index's folder); still
    /// marked, listing that `src`, so that every later run gives the same bytes and a run after
    /// the image is back writes its markup. Nil when `image` is not a path a page may carry.
    static func showingOriginal(_ attributes: [TagMarkup.Attribute], element: String, image: String, base: String) -> String? {
        guard RenditionIndex.isContained(image, image: image),
              !image.unicodeScalars.contains(where: { $0 == "\\" || $0.value < 0x20 || $0.value == 0x7F }) else { return nil }
        var kept = authorAttributes(attributes, element: element)
        var own: [String] = []
        if element == "img", !kept.contains(where: { $0.name == "src" }) {
            var url = MarkupText.url(image, base: base, query: "")
            // `a:b.jpg` from the index's own folder would read as a scheme.
            if base.isEmpty, image.prefix(while: { $0 != "/" }).contains(":") { url = "./" + url }
            kept.append(("src", url))
            own.append("src")
        }
        return MarkupText.startTag(element, kept + [(name, own.joined(separator: " "))])
    }
}
