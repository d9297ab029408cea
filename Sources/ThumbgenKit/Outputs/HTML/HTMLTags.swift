import LibGumbo

/// The tags `thumbgen html` rewrites, found by an HTML5 parser (gumbo) with their byte ranges in
/// the source: `<img data-image data-slot>`, and the `<picture data-thumbgen>` it wrote before.
struct HTMLTags {
    struct Tag: Equatable {
        /// The bytes to replace: the `<img …>` tag, or the whole `<picture data-thumbgen>…</picture>`.
        var range: Range<Int>
        /// 1-based line of the tag's start.
        var line: Int
        /// The `<img>`'s attributes, in source order, names lowercase, values decoded.
        var attributes: [PictureMarkup.Attribute]

        static func == (lhs: Tag, rhs: Tag) -> Bool {
            lhs.range == rhs.range && lhs.line == rhs.line
                && lhs.attributes.map(\.name) == rhs.attributes.map(\.name) && lhs.attributes.map(\.value) == rhs.attributes.map(\.value)
        }
    }

    /// The tags of `html` (UTF-8), in source order. Elements the parser inserted (no source
    /// text) and a `<picture data-thumbgen>` without its end tag are left alone.
    static func find(in html: [UInt8]) -> [Tag] {
        var tags: [Tag] = []
        guard !html.isEmpty else { return tags }
        html.withUnsafeBufferPointer { bytes in
            bytes.withMemoryRebound(to: CChar.self) { text in
                var options = kGumboDefaultOptions
                options.max_errors = 0  // errors are not needed; do not spend memory on them
                guard let output = gumbo_parse_with_options(&options, text.baseAddress!, text.count) else { return }
                defer { gumbo_destroy_output(&options, output) }
                // An explicit stack: nesting depth is the page's to choose.
                var stack: [UnsafeMutablePointer<GumboNode>] = [output.pointee.document]
                while let node = stack.popLast() {
                    guard node.pointee.type == GUMBO_NODE_ELEMENT || node.pointee.type == GUMBO_NODE_DOCUMENT
                        || node.pointee.type == GUMBO_NODE_TEMPLATE else { continue }
                    let children = node.pointee.type == GUMBO_NODE_DOCUMENT ? node.pointee.v.document.children : node.pointee.v.element.children
                    if node.pointee.type != GUMBO_NODE_DOCUMENT {
                        if let tag = tag(node, in: bytes) { tags.append(tag) }
                        // Its <img> is in the tag already; an unclosed one is left as it is, whole.
                        if name(node, in: bytes) == "picture", attributes(node.pointee.v.element).contains(where: { $0.name == "data-thumbgen" }) {
                            continue
                        }
                    }
                    for index in stride(from: Int(children.length) - 1, through: 0, by: -1) {
                        stack.append(children.data[index]!.assumingMemoryBound(to: GumboNode.self))
                    }
                }
            }
        }
        return tags.sorted { $0.range.lowerBound < $1.range.lowerBound }
    }

    /// The tag to rewrite at `node`, if it is one.
    private static func tag(_ node: UnsafeMutablePointer<GumboNode>, in bytes: UnsafeBufferPointer<UInt8>) -> Tag? {
        let element = node.pointee.v.element
        guard element.original_tag.length > 0 else { return nil }
        let start = Int(element.start_pos.offset), line = Int(element.start_pos.line)
        switch name(node, in: bytes) {
        case "img":
            let attributes = self.attributes(element)
            guard attributes.contains(where: { $0.name == "data-image" }), attributes.contains(where: { $0.name == "data-slot" }) else { return nil }
            return Tag(range: start..<(start + element.original_tag.length), line: line, attributes: attributes)
        case "picture":
            guard attributes(element).contains(where: { $0.name == "data-thumbgen" }), element.original_end_tag.length > 0 else { return nil }
            let end = Int(element.end_pos.offset) + element.original_end_tag.length
            var stack = [node]
            while let current = stack.popLast() {
                let children = current.pointee.v.element.children
                for index in 0..<Int(children.length) {
                    let child = children.data[index]!.assumingMemoryBound(to: GumboNode.self)
                    guard child.pointee.type == GUMBO_NODE_ELEMENT else { continue }
                    if child.pointee.v.element.tag == GUMBO_TAG_IMG {
                        return Tag(range: start..<end, line: line, attributes: attributes(child.pointee.v.element))
                    }
                    stack.append(child)
                }
            }
            return nil
        default:
            return nil
        }
    }

    /// The element's tag name in lowercase, from its source text: gumbo 0.10 does not know
    /// `<picture>` and calls it unknown.
    private static func name(_ node: UnsafeMutablePointer<GumboNode>, in bytes: UnsafeBufferPointer<UInt8>) -> String {
        let element = node.pointee.v.element
        if element.tag != GUMBO_TAG_UNKNOWN { return String(cString: gumbo_normalized_tagname(element.tag)) }
        let start = Int(element.start_pos.offset) + 1
        guard element.original_tag.length > 1, start < bytes.count else { return "" }
        var end = start
        while end < bytes.count, end < start + 32, !" \t\n\r\u{0C}/>".utf8.contains(bytes[end]) { end += 1 }
        return String(decoding: bytes[start..<end], as: UTF8.self).lowercased()
    }

    private static func attributes(_ element: GumboElement) -> [PictureMarkup.Attribute] {
        (0..<Int(element.attributes.length)).map { index in
            let attribute = element.attributes.data[index]!.assumingMemoryBound(to: GumboAttribute.self).pointee
            return (String(cString: attribute.name), String(cString: attribute.value))
        }
    }
}
