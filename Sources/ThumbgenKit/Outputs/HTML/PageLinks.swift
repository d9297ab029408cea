import Renditions

/// The links between one page and the index's files, as a browser resolves them: the page sits
/// at its place in the built site, whose root is served at `web.url`. An `<img src>` (or a
/// `data-image`) names an original when its URL, resolved against the page, lands in the index's
/// folder — written relative (`../img/a.jpg`), root-relative (`/product/img/a.jpg`) or absolute
/// (`https://example.com/product/img/a.jpg`), percent-encoded or not, query and fragment aside.
/// The way back to the index's folder is written in the same form, encoded once.
package struct PageLinks {
    /// How the author wrote a URL, and so how the way to the index's folder is written.
    enum Form: Equatable {
        case relative
        case rootRelative
        /// `https://example.com` or `//example.com`, as the author wrote it.
        case absolute(origin: String)
    }

    /// The page's folder in the site, by name.
    let pageFolder: [String]
    /// The index's folder in the site (and in root), by name.
    let indexFolder: [String]
    /// `web.url`'s scheme and host (`https://example.com`, lowercase, default port dropped), if it has them.
    let origin: String?
    /// `web.url`'s path, by name (`["product"]` for `/product/`).
    let urlPath: [String]

    /// For the page at `page` (relative to the site's root, with `/`), an index in `indexFolder`
    /// (relative to root, `""` for root itself) and root served at `url`.
    package init(page: String, indexFolder: String, url: String) {
        pageFolder = page.split(separator: "/").dropLast().map(String.init)
        self.indexFolder = indexFolder.split(separator: "/").map(String.init)
        if let split = Self.splitOrigin(url), split.origin.hasPrefix("http") {
            origin = Self.normalizedOrigin(split.origin)
            urlPath = Self.components(split.path) ?? []
        } else {
            origin = nil
            urlPath = Self.components(url) ?? []
        }
    }

    /// The index key `url` names and the form it is written in, or nil when it leads elsewhere.
    func key(_ url: String) -> (key: String, form: Form)? {
        guard let (form, path) = resolve(url), !path.hasSuffix("/"), var parts = Self.components(path) else { return nil }
        for prefix in [urlPath, indexFolder] {
            guard parts.starts(with: prefix) else { return nil }
            parts.removeFirst(prefix.count)
        }
        return parts.isEmpty ? nil : (parts.joined(separator: "/"), form)
    }

    /// The form `url` is written in (relative when it is none of this site's).
    func form(_ url: String) -> Form {
        resolve(url)?.form ?? .relative
    }

    /// `url`'s form and its path from the site's host, still encoded, or nil for another site's.
    private func resolve(_ url: String) -> (form: Form, path: String)? {
        var text = url.trimmingHTMLSpace.replacing("\\", with: "/")
        if let cut = text.firstIndex(where: { $0 == "?" || $0 == "#" }) { text = String(text[..<cut]) }
        guard !text.isEmpty else { return nil }
        if text.hasPrefix("//") || Self.scheme(of: text) != nil {
            let relativeToScheme = text.hasPrefix("//")
            guard let split = Self.splitOrigin(relativeToScheme ? "https:" + text : text),
                  split.origin.hasPrefix("http"), let origin else { return nil }
            let ours = Self.normalizedOrigin(split.origin)
            // Protocol-relative: the page's own scheme, which is the site's.
            guard relativeToScheme ? ours.drop { $0 != ":" } == origin.drop { $0 != ":" } : ours == origin else { return nil }
            let written = relativeToScheme ? String(text.prefix(split.origin.count - 6)) : String(text.prefix(split.origin.count))
            return (.absolute(origin: written), split.path)
        }
        if text.hasPrefix("/") { return (.rootRelative, text) }
        return (.relative, "/" + (urlPath + pageFolder).map { RenditionIndex.urlPath($0) + "/" }.joined() + text)
    }

    /// The prefix leading from the page to the index's folder in `form`: `""`, `"../../"`,
    /// `"/product/"`, `"https://example.com/product/media/"`; encoded once.
    func base(_ form: Form) -> String {
        switch form {
        case .relative:
            var from = pageFolder[...], to = indexFolder[...]
            while let first = from.first, first == to.first {
                from.removeFirst()
                to.removeFirst()
            }
            return String(repeating: "../", count: from.count) + to.map { RenditionIndex.urlPath($0) + "/" }.joined()
        case .rootRelative:
            return "/" + (urlPath + indexFolder).map { RenditionIndex.urlPath($0) + "/" }.joined()
        case .absolute(let origin):
            return origin + base(.rootRelative)
        }
    }

    /// The URL's scheme (`https`, `data`), if it starts with one: then it is not relative.
    private static func scheme(of text: String) -> Substring? {
        guard let colon = text.firstIndex(of: ":"), colon != text.startIndex else { return nil }
        let scheme = text[..<colon]
        guard scheme.first!.isASCII, scheme.first!.isLetter,
              scheme.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) }) else { return nil }
        return scheme
    }

    /// `scheme://authority` and the path after it (`/` when none), for a URL with a scheme.
    private static func splitOrigin(_ text: String) -> (origin: String, path: String)? {
        guard let scheme = scheme(of: text) else { return nil }
        let rest = text[text.index(after: scheme.endIndex)...]
        guard rest.hasPrefix("//") else { return nil }
        let authority = rest.dropFirst(2).prefix { $0 != "/" }
        let end = authority.endIndex
        return (String(text[..<end]), end == text.endIndex ? "/" : String(text[end...]))
    }

    /// Scheme and host lowercase, userinfo refused, the scheme's default port dropped.
    private static func normalizedOrigin(_ origin: String) -> String {
        var text = origin.lowercased()
        if text.hasPrefix("https://"), text.hasSuffix(":443") { text.removeLast(4) }
        if text.hasPrefix("http://"), text.hasSuffix(":80") { text.removeLast(3) }
        return text.contains("@") ? "" : text
    }

    /// A URL path's segments, dot segments resolved (`%2e` counts as a dot, as in browsers),
    /// each percent-decoded once; nil when a decoded segment is not UTF-8 or holds a `/`.
    static func components(_ path: String) -> [String]? {
        var parts: [String] = []
        let segments = path.split(separator: "/", omittingEmptySubsequences: false).dropFirst(path.hasPrefix("/") ? 1 : 0)
        for (offset, segment) in segments.enumerated() {
            let dots = segment.lowercased().replacing("%2e", with: ".")
            let isLast = offset == segments.count - 1
            if dots == "." { continue }
            if dots == ".." {
                _ = parts.popLast()
                continue
            }
            if segment.isEmpty && !isLast { return nil }  // `a//b`: no file of root has that path
            guard let decoded = percentDecoded(segment), !decoded.contains("/") else { return nil }
            if !decoded.isEmpty { parts.append(decoded) }
        }
        return parts
    }

    /// `%XX` sequences as bytes, read as UTF-8; a `%` not followed by two hex digits is itself.
    private static func percentDecoded(_ text: Substring) -> String? {
        let utf8 = Array(text.utf8)
        var bytes: [UInt8] = []
        var index = 0
        while index < utf8.count {
            if utf8[index] == UInt8(ascii: "%"), index + 2 < utf8.count, let high = hex(utf8[index + 1]), let low = hex(utf8[index + 2]) {
                bytes.append(high << 4 | low)
                index += 3
            } else {
                bytes.append(utf8[index])
                index += 1
            }
        }
        return String(validating: bytes, as: UTF8.self)
    }

    private static func hex(_ byte: UInt8) -> UInt8? {
        switch byte {
        case 0x30...0x39: byte - 0x30
        case 0x41...0x46: byte - 0x41 + 10
        case 0x61...0x66: byte - 0x61 + 10
        default: nil
        }
    }
}
