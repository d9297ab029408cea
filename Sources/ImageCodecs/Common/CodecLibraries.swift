import LibLCMS2

/// The C libraries whose output is in thumbgen's files, with the versions of the ones this
/// process loaded, read once. Two machines with other versions of a library can write other
/// bytes for the same recipe (libwebp, libaom and libheif's decoders change theirs between
/// releases), so a file's recipe names the versions of the libraries that shaped it.
public struct CodecLibraries: Sendable, Equatable {
    /// One library, by the role it plays (libwebp's decoder and encoder are versioned apart),
    /// declared beside the code that calls it and listed, in the recipe's order, in
    /// `Formats.libraries`.
    public struct Library: Hashable, Sendable, CustomStringConvertible {
        /// Its name in recipes and `thumbgen --version` (`libjpeg-turbo`).
        public let rawValue: String
        /// What the library loaded in this process says of its version.
        let readVersion: @Sendable () -> String

        public init(_ rawValue: String, version: @escaping @Sendable () -> String) {
            self.rawValue = rawValue
            readVersion = version
        }

        /// Every library, in the order recipes list them.
        public static var allCases: [Library] { Formats.libraries }

        public var description: String { rawValue }
        public static func == (lhs: Library, rhs: Library) -> Bool { lhs.rawValue == rhs.rawValue }
        public func hash(into hasher: inout Hasher) { hasher.combine(rawValue) }
    }

    public var versions: [Library: String]

    public init(versions: [Library: String]) { self.versions = versions }

    /// What the libraries loaded in this process say of themselves, read once.
    public static let current = CodecLibraries(versions: readVersions())

    /// The libraries that shape a file decoded from an original in `format` (`InputFormat.libraries`).
    public static func decoding(_ format: ImageFormat) -> [Library] {
        Formats.input(format)?.libraries ?? []
    }

    /// The libraries that write a file in `format` (`OutputFormat.libraries`).
    public static func encoding(_ format: ImageFormat) -> [Library] {
        Formats.output(format)?.libraries ?? []
    }

    /// `libwebp-decoder 1.2.4`, one a line, in the order of `Library`, each library once.
    public func lines(_ libraries: [Library]) -> [String] {
        let wanted = Set(libraries)
        return Library.allCases.filter(wanted.contains).map { "\($0.rawValue) \(version($0))" }
    }

    public func version(_ library: Library) -> String { versions[library] ?? "unknown" }

    private static func readVersions() -> [Library: String] {
        Dictionary(Library.allCases.map { ($0, $0.readVersion()) }, uniquingKeysWith: { first, _ in first })
    }
}

extension CodecLibraries.Library {
    /// Makes the ICC profile carried for a HEIF's nclx colour; no other colour passes through it.
    public static let lcms2 = CodecLibraries.Library("lcms2") {
        let cms = Int(cmsGetEncodedCMMversion())
        return "\(cms / 1000).\(cms / 10 % 100)"
    }
}
