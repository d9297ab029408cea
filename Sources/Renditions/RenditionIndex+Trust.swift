/// What of an index may go into a web page. Anyone may have edited an index, and markup made of
/// it runs in every reader's browser, so each value a page would carry is checked against what a
/// build can write before any of it is used: a known image type, a `#rrggbb` colour, a path that
/// stays in the index's folder, a size that is a whole number of pixels a manifest allows, a
/// scale a manifest allows, a fingerprint in hex. An image with any other value is, for a page,
/// an image the index does not know. renditions.js keeps the same rules (`untrusted`).
extension RenditionIndex {
    /// Pixels on a side: a manifest's `limits.dimension` is at most 1,000,000.
    public static let webPixels = 1...1_000_000
    /// A manifest's scales: 0.01 to 100.
    public static let webScales = 0.01...100.0

    /// Why the index's record of `image`, or one of `slots`, must not be written into a page, or
    /// nil when every value in them is one a build could have written. Names the place, never
    /// the value (it may hold anything, terminal escapes included).
    public func untrustedValue(image: String, slots names: [String]) -> String? {
        guard let record = images[image] else { return nil }
        if !Self.isWebPath(image, image: image) { return "its name is not a path inside the index's folder" }
        if let recipe = record.recipe, !Self.isHex(recipe, atLeast: 8) { return "its recipe is not a hexadecimal fingerprint" }
        if let placeholder = record.placeholder {
            if !Self.isColor(placeholder.color) { return "its placeholder colour is not #rrggbb" }
            if ThumbHashImage.bytes(base64: placeholder.thumbhash) == nil { return "its placeholder ThumbHash is not base64" }
        }
        for key in record.renditions.keys.sorted() {
            if let problem = Self.untrusted(record.renditions[key]!, image: image) { return "its entry '\(key)' \(problem)" }
        }
        for name in names {
            guard let slot = slots[name] else { continue }
            if slot.scales.isEmpty || !slot.scales.allSatisfy(Self.webScales.contains) {
                return "the slot '\(name)' has a scale that is not between 0.01 and 100"
            }
        }
        return nil
    }

    /// Why one entry must not be written into a page, or nil.
    static func untrusted(_ entry: RenditionRecord, image: String) -> String? {
        if !isWebPath(entry.file, image: image) { return "names a file outside the index's folder" }
        // 0×0 is how the index says an original's header could not be read; nothing else is 0.
        let unknownSize = entry.width == 0 && entry.height == 0 && entry.file == image
        if !unknownSize && !(webPixels.contains(entry.width) && webPixels.contains(entry.height)) {
            return "has a size that is not a whole number of pixels from 1 to 1,000,000"
        }
        if let type = entry.type, !MediaTypes.isKnown(type) { return "has a type that is not a known image type" }
        for source in entry.sources ?? [] {
            if !MediaTypes.isKnown(source.type) { return "has a source type that is not a known image type" }
            if !isWebPath(source.file, image: image) { return "has a source outside the index's folder" }
        }
        return nil
    }

    /// A path the index could hold for `image` (`isContained`) with no backslash (a browser
    /// reads it as `/`) and no control character.
    static func isWebPath(_ path: String, image: String) -> Bool {
        isContained(path, image: image) && !path.unicodeScalars.contains { $0 == "\\" || $0.value < 0x20 || $0.value == 0x7F }
    }

    /// `#` and six hexadecimal digits.
    public static func isColor(_ text: String) -> Bool {
        text.utf8.count == 7 && text.hasPrefix("#") && isHex(String(text.dropFirst()), atLeast: 6)
    }

    /// Only the digits 0-9, a-f, A-F, and at least `count` of them.
    static func isHex(_ text: String, atLeast count: Int) -> Bool {
        text.utf8.count >= count && text.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x41...0x46).contains($0) || (0x61...0x66).contains($0) }
    }

    /// What a versioned URL of `image` ends in, `?v=` and 8 hexadecimal digits: of the image's
    /// recipe, which changes whenever its files may; for an image without one (a failure that
    /// is no verdict: every entry shows the original) of the original's SHA-256, which changes
    /// with its bytes. Nil when the index has neither.
    public func versionQuery(image: String) -> String? {
        guard let record = images[image] else { return nil }
        let fingerprint = record.recipe ?? record.sha256
        return Self.isHex(fingerprint, atLeast: 8) ? "?v=" + fingerprint.prefix(8).lowercased() : nil
    }
}
