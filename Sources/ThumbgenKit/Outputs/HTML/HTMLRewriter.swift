import Renditions

/// Rewrites the `<img data-image data-slot>` tags of one HTML page from the index: each becomes
/// its `PictureMarkup`; every other byte stays as it was. A page it rewrote before is rewritten
/// from the author attributes it recovers, so a second run gives the same bytes.
public enum HTMLRewriter {
    /// What became of one page.
    public struct Result: Equatable, Sendable {
        public var html: [UInt8]
        /// Tags rewritten (whether or not their bytes changed).
        public var tags: Int
        /// `(line, message)` for each tag whose image or slot the index does not know.
        public var warnings: [Warning]
    }

    public struct Warning: Equatable, Sendable {
        public var line: Int
        public var message: String
    }

    /// `html` with its tags rewritten; paths led from the page to the index's folder by `base`
    /// (`""`, `"../"`).
    public static func rewrite(_ html: [UInt8], index: RenditionIndex, base: String) -> Result {
        var output: [UInt8] = []
        output.reserveCapacity(html.count + html.count / 4)
        var warnings: [Warning] = []
        var copied = 0
        let tags = HTMLTags.find(in: html)
        for tag in tags where tag.range.lowerBound >= copied {
            let markup = PictureMarkup(index: index, attributes: tag.attributes, base: base)
            output += html[copied..<tag.range.lowerBound]
            output += markup.html.map { Array($0.utf8) } ?? Array(html[tag.range])
            copied = tag.range.upperBound
            if let warning = markup.warning { warnings.append(Warning(line: tag.line, message: warning)) }
        }
        output += html[copied...]
        return Result(html: output, tags: tags.count, warnings: warnings)
    }

    /// The way from a page at `page` to the index's folder at `indexFolder`, both relative to the
    /// site's root with `/` (`""` for the root itself): `""`, `"../"`, `"../media/"`.
    public static func base(fromPage page: String, toIndexFolder indexFolder: String) -> String {
        var from = page.split(separator: "/").dropLast().map(String.init)
        var to = indexFolder.split(separator: "/").map(String.init)
        while let first = from.first, first == to.first {
            from.removeFirst()
            to.removeFirst()
        }
        return (Array(repeating: "..", count: from.count) + to).map { $0 + "/" }.joined()
    }
}
