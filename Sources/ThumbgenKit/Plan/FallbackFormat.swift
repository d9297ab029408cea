import ImageCodecs

/// The format of a rendition's fallback file: the one every client shows.
public enum FallbackFormat: String, Sendable {
    case jpeg, png

    /// JPEG and PNG originals keep their format; a GIF, or any other original with alpha, gets
    /// PNG; the rest (HEIC, AVIF, WebP photos) JPEG.
    public init(for header: ImageHeader) {
        switch header.format {
        case .jpeg: self = .jpeg
        case .png, .gif: self = .png
        default: self = header.hasAlpha ? .png : .jpeg
        }
    }

    public var mediaType: String { "image/\(rawValue)" }

    /// True when the original is not a JPEG or PNG file itself (HEIC, AVIF, WebP, GIF): not every
    /// client shows it, so a box it already fits gets a fallback at its own size, never the
    /// original.
    public static func converts(_ header: ImageHeader) -> Bool {
        header.format != .jpeg && header.format != .png
    }

    /// The extension of `original`'s renditions: the original's own when it names this format
    /// (`JPG`, `jpeg`, `png` kept as written), else the format's (`jpg`, `png`). The format comes
    /// from the bytes, so a JPEG named `.png` gets `.jpg` renditions.
    public func fileExtension(for original: String) -> String {
        let own = RenditionNaming.originalExtension(original)
        let names: Set<String> = switch self {
        case .jpeg: ["jpg", "jpeg", "jpe", "jfif"]
        case .png: ["png", "apng"]
        }
        if names.contains(own.lowercased()) { return own }
        return self == .jpeg ? "jpg" : "png"
    }
}
