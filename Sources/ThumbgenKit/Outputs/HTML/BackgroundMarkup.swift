import Renditions

/// The start tag of an element other than `<img>` whose `data-image` and `data-slot` make it a
/// background: its `style` gets `background-image:url(…)` with the file for scale 1, which every
/// browser shows, then, when there is more than one file, `background-image:image-set(…)` with a
/// `type()` for each modern file and a resolution (`2x`) for each scale, which a browser that
/// reads it takes instead: the first of its best resolution whose type it shows.
///
/// The author's attributes stay in their order, as written; the declarations follow the author's
/// own in `style` (or make it), then `data-image` (the index key) and `data-thumbgen="style"`
/// (`ThumbgenMark`). No placeholder: a colour would take the place of the element's own.
struct BackgroundMarkup {
    var index: RenditionIndex
    var image: String
    var slot: String
    var element: String
    /// The author's attributes (`ThumbgenMark.authorAttributes`).
    var author: [TagMarkup.Attribute]
    var base: String
    var web: WebSettings

    var html: String {
        var kept = author.compactMap { attribute -> TagMarkup.Attribute? in
            switch attribute.name {
            case ThumbgenMark.name: nil
            case "data-image": ("data-image", image)
            case "style" where attribute.value.isEmpty: nil
            default: attribute
            }
        }
        var own: [TagMarkup.Attribute] = []
        if !kept.contains(where: { $0.name == "data-image" }) { own.append(("data-image", image)) }
        if let style = kept.firstIndex(where: { $0.name == "style" }) {
            kept[style].value = ThumbgenMark.style(author: kept[style].value, adding: declarations)
        } else {
            own.append(("style", declarations))
        }
        own.append((ThumbgenMark.name, "style"))
        return MarkupText.startTag(element, kept + own)
    }

    /// `background-image:url('…')`, then the `image-set()` when there is a choice.
    var declarations: String {
        let query = MarkupText.query(index: index, image: image, web: web)
        func url(_ file: String) -> String { MarkupText.cssURL(MarkupText.url(file, base: base, query: query)) }
        let first = "background-image:" + url(index.resolve(image: image, slot: slot, screenScale: 1).file)
        // One file per resolution, the smallest scale that names it: a screen of a higher one
        // takes the best there is.
        var files: [(scale: Double, entry: RenditionRecord)] = []
        for scale in (index.slots[slot]?.scales ?? []).sorted() {
            guard let entry = index.entry(image: image, slot: slot, scale: scale), !files.contains(where: { $0.entry.file == entry.file }) else { continue }
            files.append((scale, entry))
        }
        var candidates: [String] = []
        for type in index.sourceTypes(image: image, slot: slot) {
            for (scale, entry) in files {
                guard let source = entry.sources?.first(where: { $0.type == type }) else { continue }
                candidates.append("\(url(source.file)) type('\(type)') \(ScaleKey.format(scale))x")
            }
        }
        candidates += files.map { "\(url($0.entry.file)) \(ScaleKey.format($0.scale))x" }
        return candidates.count > 1 ? first + ";background-image:image-set(" + candidates.joined(separator: ", ") + ")" : first
    }
}
