/// The manifest's `web:` section: how `thumbgen html` finds the built site, where root's files
/// are served, and what the markup it writes carries.
public struct WebSettings: Equatable, Sendable {
    /// What a rewritten tag carries to paint before its image arrives.
    public enum Placeholder: String, Sendable, CaseIterable {
        /// The average colour, painted without JavaScript, plus `data-thumbhash`.
        case color
        /// `data-thumbhash` only, for renditions.js to paint.
        case data
        /// Nothing.
        case none
    }

    /// The built site `thumbgen html` rewrites when given no path, relative to the manifest's
    /// folder as written; nil when the manifest names none.
    public var site: String?
    /// The URL path (`/`, `/product/`) or full URL at which root's files are served.
    public var url: String
    /// The slot for an `<img src>` that names none; nil leaves such tags alone.
    public var slot: String?
    /// Rendition URLs end in `?v=` and the first 8 hex digits of the image's recipe.
    public var versioned: Bool
    public var placeholder: Placeholder

    public init(site: String? = nil, url: String = "/", slot: String? = nil, versioned: Bool = true,
                placeholder: Placeholder = .color) {
        self.site = site
        self.url = url
        self.slot = slot
        self.versioned = versioned
        self.placeholder = placeholder
    }
}
