/// One deterministic share of a build: K of N, 1-based.
public struct Shard: Equatable, Hashable, Sendable, CustomStringConvertible {
    public var index: Int
    public var count: Int

    public init?(index: Int, count: Int) {
        guard count >= 1, (1...count).contains(index) else { return nil }
        self.index = index
        self.count = count
    }

    /// `2/3`
    public var description: String { "\(index)/\(count)" }
}
