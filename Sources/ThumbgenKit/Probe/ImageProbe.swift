import ImageCodecs
import Raster
import Renditions

/// What planning learns of an original from its header alone: whether thumbgen will resize it,
/// and if not, why.
public struct ProbeResult: Sendable {
    public var header: ImageHeader?
    /// `.resized` means "can be resized"; the plan decides whether anything needs writing.
    public var status: ImageStatus
    /// Why the image is unreadable, for the index and the log.
    public var error: String?

    /// Upright size, or zero when the header could not be read.
    public var uprightSize: PixelSize { header?.uprightSize ?? .zero }
    public var format: String { header?.format.rawValue ?? ImageFormat.unknown.rawValue }
}

/// Reads an original's header and applies the limits, without decoding a pixel.
public enum ImageProbe {
    /// Extensions that promise an image thumbgen resizes: bytes of another kind under such a
    /// name make the file unreadable rather than unsupported.
    static let imageExtensions: Set<String> = ["jpg", "jpeg", "jpe", "jfif", "png", "gif", "webp"]

    public static func probe(path: String, limits: Limits) -> ProbeResult {
        let header: ImageHeader
        do {
            header = try ImageHeader.read(path: path)
        } catch {
            return ProbeResult(header: nil, status: .unreadable, error: error.description)
        }
        switch header.format {
        case .unknown:
            let ext = path.split(separator: "/").last?.split(separator: ".").last.map { $0.lowercased() } ?? ""
            return imageExtensions.contains(ext) && path.contains(".")
                ? ProbeResult(header: nil, status: .unreadable, error: "not a JPEG, PNG, GIF or WebP file, despite its name")
                : ProbeResult(header: nil, status: .unsupported, error: nil)
        case .gif, .webp:
            return ProbeResult(header: header, status: header.isAnimated ? .animated : .unsupported, error: nil)
        case .png where header.isAnimated:
            return ProbeResult(header: header, status: .animated, error: nil)
        case .jpeg, .png:
            if let reason = limitReason(header.size, limits) {
                return ProbeResult(header: header, status: .unreadable, error: reason)
            }
            return ProbeResult(header: header, status: .resized, error: nil)
        }
    }

    /// Why a stored size breaks a limit, or nil when it is within them.
    static func limitReason(_ size: PixelSize, _ limits: Limits) -> String? {
        if size.width > limits.dimension || size.height > limits.dimension {
            return "\(size) is over the limit of \(limits.dimension) pixels a side (limits.dimension)"
        }
        if size.width * size.height > limits.pixels {
            return "\(size) is \(size.width * size.height) pixels, over the limit of \(limits.pixels) (limits.pixels)"
        }
        return nil
    }
}
