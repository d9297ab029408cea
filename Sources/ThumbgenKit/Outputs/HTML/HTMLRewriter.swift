import Renditions

/// Rewrites one built page from the index: each tag `HTMLTags` finds that names an original
/// becomes its markup; every other byte stays as it was. A tag thumbgen wrote before carries
/// `data-image`, so a second run gives the same bytes and a run after the index changed updates it.
public enum HTMLRewriter {
    /// What became of one page.
    public struct Result: Equatable, Sendable {
        public var html: [UInt8]
        /// Tags rewritten (whether or not their bytes changed).
        public var tags: Int
        /// Tags left as they were, and why; a whole page's with no line.
        public var warnings: [Warning]
    }

    public struct Warning: Equatable, Sendable {
        public var line: Int?
        public var message: String
        /// Not a problem unless `--strict` asks (an original named with no slot to show it in).
        public var isNote = false
    }

    /// `html` (a page's bytes) with its tags rewritten; `links` place the page in the site.
    package static func rewrite(_ html: [UInt8], index: RenditionIndex, links: PageLinks, web: WebSettings,
                        markup: PageMarkup.Maker = PageMarkup.make) -> Result {
        let tags: [HTMLTags.Tag]
        let encoding: PageEncoding
        do {
            encoding = try PageEncoding.of(html).get()
            tags = try HTMLTags.find(in: html, encoding: encoding)
        } catch {
            let message = (error as? PageEncoding.Refusal)?.message ?? (error as? HTMLTags.Refusal)?.message ?? "\(error)"
            return Result(html: html, tags: 0, warnings: [Warning(line: nil, message: message)])
        }
        var output: [UInt8] = []
        output.reserveCapacity(html.count + html.count / 4)
        var result = Result(html: [], tags: 0, warnings: [])
        var copied = 0
        for tag in tags {
            guard let replacement = replacement(for: tag, index: index, links: links, web: web, markup: markup, into: &result) else { continue }
            output += html[copied..<tag.range.lowerBound]
            output += encoding.bytes(of: replacement)
            copied = tag.range.upperBound
            result.tags += 1
        }
        output += html[copied...]
        result.html = output
        return result
    }

    /// The markup for `tag`, or nil when it stays (with a warning when the author meant it to change).
    private static func replacement(for tag: HTMLTags.Tag, index: RenditionIndex, links: PageLinks, web: WebSettings,
                                    markup: PageMarkup.Maker, into result: inout Result) -> String? {
        func warn(_ message: String, note: Bool = false) -> String? {
            result.warnings.append(Warning(line: tag.line, message: message, isNote: note))
            return nil
        }
        if let problem = tag.problem { return warn(problem) }
        func value(_ name: String) -> String? { tag.attributes.first { $0.name == name }?.value }
        let src = value("src").flatMap(links.key)
        let image: String
        if let named = value("data-image") {
            image = index.images[named] != nil ? named : links.key(named).map(\.key) ?? named
        } else if let src, index.images[src.key] != nil {
            image = src.key
        } else {
            return nil  // an <img src> of something else: not thumbgen's
        }
        let form = value("src").map(links.form) ?? value("data-image").map(links.form) ?? .relative
        let slot = value("data-slot") ?? web.slot
        // A tag thumbgen wrote, whose renditions a build prunes, shows the original.
        if value(ThumbgenMark.name) != nil, let key = index.images[image] != nil ? image : value("data-image"),
           let why = prunedMarkup(image: key, slot: slot, element: tag.element, index: index),
           let html = ThumbgenMark.showingOriginal(tag.attributes, element: tag.element, image: key, base: links.base(form)) {
            _ = warn(why)
            return html
        }
        guard let slot else {
            return warn("<img> shows '\(image)' but names no slot; add data-slot=\"…\", or web.slot in the manifest for every such image; it is left as it is", note: true)
        }
        let answer = markup(index, image, slot, tag.element, tag.attributes, links.base(form), web)
        guard let html = answer.html else { return answer.warning.flatMap { warn($0) } }
        return html
    }
}
