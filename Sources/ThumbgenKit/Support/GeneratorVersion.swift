/// thumbgen's version: what `--version` prints first, and the generator an index names
/// (`"thumbgen 0.2.0"`), which `merge` compares across shards.
package enum GeneratorVersion {
    package static let number = "0.2.0"
    /// `thumbgen 0.2.0`
    package static var name: String { "thumbgen \(number)" }
}
