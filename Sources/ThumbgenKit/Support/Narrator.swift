/// Where `--verbose` sends the decisions the stages make (the decode scale and why, the planes or
/// RGB path, why an image was reused or redone, what was pruned and why), one line each. The
/// stages say what they decided; the command line decides where it goes (standard error).
public struct Narrator: Sendable {
    private let sink: @Sendable (String) -> Void

    public init(_ sink: @escaping @Sendable (String) -> Void) { self.sink = sink }

    /// One decision, about one file (a path relative to the site's root, as the index names it).
    public func say(_ file: String, _ decision: String) { sink("\(file): \(decision)") }
}
