import GIFWriting

/// The tests' GIF files come from the writer the example site uses.
public typealias GIFFixtures = GIFWriter
