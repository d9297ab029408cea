import Foundation
import ImageCodecs
import Raster
import Renditions
import ThumbgenCLI
import ThumbgenKit

/// A site in a scratch folder: a manifest, its originals, and builds run on it.
public final class Site: @unchecked Sendable {
    public let folder = ScratchFolder("thumbgen-site")
    public var manifestPath: String { folder.path + "/manifest.yaml" }

    public init(manifest: String) {
        folder.write("manifest.yaml", text: manifest)
    }

    /// Writes an original under `site/` (the root the standard manifests use).
    @discardableResult
    public func original(_ relative: String, _ bytes: [UInt8]) -> String {
        folder.write(relative, bytes)
    }

    public func loadManifest() throws -> Manifest {
        try ManifestLoader.load(manifestPath)
    }

    /// Runs a build and returns its summary.
    @discardableResult
    public func build(force: Bool = false, jobs: Int = 2) throws -> BuildSummary {
        try Generator(manifest: try loadManifest(), options: BuildOptions(jobs: jobs, force: force)).build()
    }

    /// Runs the command line as a user would, capturing both streams.
    public func run(_ arguments: [String]) -> (code: ExitCode, out: String, err: String) {
        let out = Captured(), err = Captured()
        let console = Console(out: { out.append($0) }, err: { err.append($0) })
        let code = Thumbgen.run(arguments, environment: [:], console: console)
        return (code, out.text, err.text)
    }

    public func index(_ relative: String = "renditions.json") throws -> RenditionIndex {
        try RenditionIndex.load(from: folder.url.appendingPathComponent(relative))
    }

    /// The decoded pixels of a file in the site, any format thumbgen reads, at full size.
    public func pixels(_ relative: String) throws -> PixelBuffer {
        try JPEGDecoder.decode(path: folder.path + "/" + relative, minimumScale: 1, memoryLimit: 1 << 30).pixels
    }
}

/// Text gathered from a console stream.
public final class Captured: @unchecked Sendable {
    private let lock = NSLock()
    private var parts: [String] = []

    public init() {}

    public func append(_ text: String) {
        lock.lock()
        parts.append(text)
        lock.unlock()
    }

    public var text: String {
        lock.lock()
        defer { lock.unlock() }
        return parts.joined()
    }
}

/// A manifest with the benchmark's seven boxes over `site/`, writing the modern `formats`
/// (none unless asked: most tests are about one file per rendition).
public enum Manifests {
    public static func standard(images: String = "photos/*", fit: String = "inside", extra: String = "",
                                formats: String = "[]") -> String {
        let extra = extra.contains("output: { ") ? extra.replacingOccurrences(of: "output: { ", with: "output: { formats: \(formats), ")
            : extra + "\noutput: { formats: \(formats) }"
        return """
        version: 1
        root: site
        slots:
          thumb: { size: 60x60, scales: [1, 2, 3], fit: \(fit) }
          card: { size: 320x180, scales: [2, 3] }
          hero: { size: 390x390, scales: [2, 3] }
        \(extra)
        images:
          - path: \(images)
            slots: [thumb, card, hero]
        """
    }
}
