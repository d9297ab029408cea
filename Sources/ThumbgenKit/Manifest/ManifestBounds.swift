/// The values schema 1 allows where a range limits them. `ManifestReader` checks a manifest with
/// them and `ManifestSchema` describes them to editors: one source, so the two cannot drift. (An
/// output format's settings carry their own bounds: `Formats`.)
enum ManifestBounds {
    static let pixels = 1...(Int(Int32.max) * 4)
    static let dimension = 1...1_000_000
    static let memoryMB = 1...1_048_576
    static let scans = 1...1_000_000
}
