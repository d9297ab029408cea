/// The values schema 1 allows where a range limits them. `ManifestReader` checks a manifest with
/// them and `ManifestSchema` describes them to editors: one source, so the two cannot drift.
enum ManifestBounds {
    /// JPEG, WebP and AVIF quality.
    static let quality = 1...100
    /// zlib's levels.
    static let pngCompression = 0...9
    /// libavif's speeds: 0 slowest and smallest, 10 fastest.
    static let avifSpeed = 0...10
    static let pixels = 1...(Int(Int32.max) * 4)
    static let dimension = 1...1_000_000
    static let memoryMB = 1...1_048_576
    static let scans = 1...1_000_000
}
