import Foundation

/// What `thumbgen html` may change in a page a generator wrote: its `<img>` tags, each replaced
/// by an `<img>` tag or a `<picture data-thumbgen>…</picture>`. Every other byte stays.
enum RewrittenTags {
    /// Nil when `after` is `before` with only its image tags rewritten, each keeping the author's
    /// `alt`; otherwise the first place where it is not, with the bytes around it.
    static func difference(before: String, after: String) -> String? {
        let tags = Array(before.ranges(of: /<img\b[^>]*>/))
        var segments: [Substring] = []
        var start = before.startIndex
        for tag in tags {
            segments.append(before[start..<tag.lowerBound])
            start = tag.upperBound
        }
        segments.append(before[start...])
        var position = after.startIndex
        for (number, segment) in segments.enumerated() {
            guard after[position...].hasPrefix(segment) else {
                return "after image tag \(number): expected \(excerpt(segment)), found \(excerpt(after[position...]))"
            }
            position = after.index(position, offsetBy: segment.count)
            guard number < tags.count else { break }
            let rest = after[position...]
            guard let tag = (try? /<picture data-thumbgen>.*?<\/picture>/.dotMatchesNewlines().prefixMatch(in: rest))?.range
                ?? (try? /<img\b[^>]*>/.prefixMatch(in: rest))?.range else {
                return "image tag \(number + 1), \(before[tags[number]]): found \(excerpt(rest))"
            }
            if let alt = before[tags[number]].firstMatch(of: /\balt="[^"]*"/)?.0, !after[tag].contains(alt) {
                return "image tag \(number + 1) lost its \(alt): \(after[tag])"
            }
            position = tag.upperBound
        }
        return position == after.endIndex ? nil : "bytes added at the end: \(excerpt(after[position...]))"
    }

    static func excerpt(_ text: Substring) -> String {
        "“" + text.prefix(120) + (text.count > 120 ? "…" : "") + "”"
    }
}
