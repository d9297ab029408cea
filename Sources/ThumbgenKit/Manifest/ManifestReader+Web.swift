import YAML

/// The `web:` section: where `thumbgen html` finds the built site and how its pages link to
/// root's files. Checked here, once, so `html` trusts it.
extension ManifestReader {
    static let webKeys = ["site", "url", "slot", "versioned", "placeholder"]

    mutating func readWeb(_ node: YAMLNode, slots: Set<String>) -> WebSettings {
        var web = WebSettings()
        guard let values = reader.mapping(node, "web", keys: Self.webKeys) else { return web }
        if let site = values["site"], let text = reader.string(site, "web.site") {
            if text.trimmedSpaces.isEmpty {
                reader.error(site.mark, "web.site is empty; name the folder the site generator writes, like 'site: public'")
            } else {
                web.site = text
            }
        }
        if let url = values["url"], let text = reader.string(url, "web.url") {
            if let checked = Self.checkedURL(text) {
                web.url = checked
            } else {
                reader.error(url.mark, "web.url must be the URL path at which root's files are served, like '/' or '/product/', or a full URL like 'https://example.com/product/', but it is '\(text)'")
            }
        }
        if let slot = values["slot"], let name = reader.string(slot, "web.slot") {
            if slots.contains(name) {
                web.slot = name
            } else {
                reader.error(slot.mark, "web.slot '\(name)' is not a slot of this manifest\(Suggestion.hint(for: name, among: slots.sorted()))")
            }
        }
        if let versioned = values["versioned"], let flag = reader.boolean(versioned, "web.versioned") { web.versioned = flag }
        if let placeholder = values["placeholder"], let name = reader.string(placeholder, "web.placeholder") {
            if let kind = WebSettings.Placeholder(rawValue: name) {
                web.placeholder = kind
            } else {
                let names = WebSettings.Placeholder.allCases.map(\.rawValue)
                reader.error(placeholder.mark, "unknown web.placeholder '\(name)'\(Suggestion.hint(for: name, among: names)); use \(names.map { "'\($0)'" }.joined(separator: ", "))")
            }
        }
        return web
    }

    /// `text` as `web.url` keeps it (ending in `/`), or nil: a path from `/`, or `http(s)://host/…`,
    /// with no query, fragment, space, quote or angle bracket (it is written into pages).
    static func checkedURL(_ text: String) -> String? {
        guard !text.isEmpty, !text.contains(where: { "?#\"'<>\\ \t\r\n`".contains($0) || $0.asciiValue.map { $0 < 0x20 || $0 == 0x7F } == true })
        else { return nil }
        let lower = text.lowercased()
        if lower.hasPrefix("https://") || lower.hasPrefix("http://") {
            let host = text.drop { $0 != ":" }.dropFirst(3).prefix { $0 != "/" }
            guard !host.isEmpty, !host.contains("@") else { return nil }
        } else {
            guard text.hasPrefix("/"), !text.hasPrefix("//") else { return nil }
        }
        guard !text.split(separator: "/", omittingEmptySubsequences: false).dropFirst(lower.hasPrefix("http") ? 3 : 1)
            .contains(where: { $0 == "." || $0 == ".." }) else { return nil }
        return text.hasSuffix("/") ? text : text + "/"
    }
}
