import LibHEIF

/// What the system's libheif cannot decode right, found from the boxes before a pixel is
/// decoded, so that such a file is `unsupported` with the true reason rather than decoded to
/// wrong pixels: item types only newer libheif reads (or none does), layered images (libheif
/// 1.15 ignores `a1op`, `lsel` and `a1lx`, and shows the full layer's corner at the chosen
/// layer's size), and predicted images (a `pred` reference, or an HEVC picture that is not
/// intra: libde265 decodes those to grey).
enum HEIFSupport {
    /// Item types libheif 1.15 decodes into an image (coded, or derived from coded ones).
    static let readableTypes: Set<String> = ["hvc1", "av01", "grid", "iden", "iovl"]

    /// An item type newer libheif reads: what it is, and which libheif reads it. `reads` is
    /// the first version known to read it (from libheif's sources and release notes); below
    /// it the file is refused. Where the first version is not known, `reader` says which one
    /// is known to read it and the refusal says only "newer than 1.15".
    struct NewerType {
        var what: String
        var reads: (major: Int32, minor: Int32, patch: Int32)
        var reader: String
    }

    static let newerTypes: [String: NewerType] = [
        "unci": NewerType(what: "uncompressed, ISO/IEC 23001-17", reads: (1, 18, 0),
                          reader: "a libheif newer than 1.15 built with its uncompressed codec reads it (1.18 does)"),
        "j2k1": NewerType(what: "JPEG 2000", reads: (1, 17, 0), reader: "libheif 1.17 or newer reads it with its OpenJPEG plugin"),
        "jpeg": NewerType(what: "JPEG", reads: (1, 17, 0), reader: "a libheif newer than 1.15 reads it with its libjpeg plugin (1.17 does)"),
        "avc1": NewerType(what: "H.264", reads: (1, 19, 2), reader: "a libheif newer than 1.15 reads it with its OpenH264 plugin (1.19.2 does)"),
        "vvc1": NewerType(what: "H.266/VVC", reads: (1, 18, 0), reader: "libheif 1.18 or newer reads it with its vvdec plugin"),
    ]

    /// The low-overhead `mini` box (a whole HEIF in one box): libheif reads it only when built
    /// with its experimental support, added after 1.18.
    static var miniReason: String {
        "this HEIF is in the low-overhead 'mini' form, which needs a libheif newer than 1.18 built with its experimental 'mini' support; this system has \(version)"
    }

    /// The system's libheif version, as it reports itself.
    static var version: String { heif_get_version().map { String(cString: $0) } ?? "an unknown version" }

    static func systemReads(_ wanted: (major: Int32, minor: Int32, patch: Int32)) -> Bool {
        let have = (heif_get_version_number_major(), heif_get_version_number_minor(), heif_get_version_number_maintenance())
        return have >= wanted
    }

    /// Why the system's libheif cannot decode `primary` right, or nil when it can: looked for in
    /// every image its decode reaches (tiles, inputs, alpha images).
    static func reason(_ items: HEIFItems, primary: Int, format: ImageFormat) -> String? {
        var alphas: [Int: [Int]] = [:]
        for (item, masters) in items.references["auxl"] ?? [:] where HEIFHeader.isAlpha(item, in: items) {
            for master in masters { alphas[master, default: []].append(item) }
        }
        let reached = HEIFCodedFrames.usersFirst(from: primary) { (items.references["dimg"]?[$0] ?? []) + (alphas[$0] ?? []) }
        for item in reached {
            if let reason = typeReason(items.types[item] ?? "") { return reason }
            let layered = items.properties(of: item).first { ["a1op", "lsel", "a1lx"].contains($0.type) }
            if let layered {
                return "layered \(format == .avif ? "AVIF" : "HEIF") (operating point/layer selection: image \(item) has an '\(layered.type)' property) is not supported"
            }
            if let sources = items.references["pred"]?[item], !sources.isEmpty {
                return "predictively coded HEIF (image \(item) is predicted from image\(sources.count == 1 ? "" : "s") \(sources.map(String.init).joined(separator: ", ")), 'pred') is not supported"
            }
        }
        return nil
    }

    /// Why an item of `type` is not decoded here, or nil for a type libheif reads.
    static func typeReason(_ type: String) -> String? {
        if readableTypes.contains(type) { return nil }
        if let newer = newerTypes[type] {
            if systemReads(newer.reads) { return nil }
            return "HEIF item type '\(type)' (\(newer.what)) needs a newer libheif: this system has \(version); \(newer.reader)"
        }
        let printable = type.unicodeScalars.allSatisfy { $0.value >= 0x20 && $0.value < 0x7F }
        return "HEIF item type '\(printable ? type : "?")' is not an image type libheif \(version) reads"
    }

    /// Why a HEVC image whose first picture is not intra is not decoded.
    static func nonIntraReason(item: Int, nalType: Int) -> String {
        "predictively coded HEIF (image \(item)'s HEVC picture is not intra-coded: NAL unit type \(nalType)) is not supported"
    }
}
