import Foundation
import Renditions
import Testing
@testable import ThumbgenCLI
@testable import ThumbgenKit

/// A fresh folder under the temporary directory, removed when the last reference goes away.
/// Each test gets its own, so parameterized cases can run in parallel.
final class TemporaryFolder: Sendable {
    /// The folder, with every symlink resolved (messages show real paths).
    let url: URL
    var path: String { url.path }

    init() throws {
        let base = FileManager.default.temporaryDirectory
            .appendingPathComponent("thumbgen-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: base, withIntermediateDirectories: true)
        url = base.resolvingSymlinksInPath()
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    /// Writes `contents` at `relative`, creating its folders.
    /// An index thumbgen wrote, listing nothing: what stands at an index path in fixtures (any
    /// other file there is a user's, which the manifest refuses to write over).
    static let emptyIndex = [UInt8](RenditionIndex(generator: "thumbgen").encoded())

    /// Writes `contents` (nothing by default; an empty index for a file named `renditions.json`).
    func write(_ relative: String, _ contents: [UInt8]? = nil) throws {
        let contents = contents ?? (relative.hasSuffix("renditions.json") ? Self.emptyIndex : [])
        let file = url.appendingPathComponent(relative)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(contents).write(to: file)
    }

    func write(_ relative: String, text: String) throws {
        try write(relative, Array(text.utf8))
    }

    func makeFolder(_ relative: String) throws {
        try FileManager.default.createDirectory(at: url.appendingPathComponent(relative), withIntermediateDirectories: true)
    }

    /// A symlink at `relative` whose target is `destination`, as written (relative to the link's folder).
    func link(_ relative: String, to destination: String) throws {
        let file = url.appendingPathComponent(relative)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: file.path, withDestinationPath: destination)
    }

    /// Every entry below the folder, relative and sorted, hidden ones included.
    func listing() -> [String] {
        let entries = FileManager.default.enumerator(atPath: path)?.compactMap { $0 as? String } ?? []
        return entries.sorted()
    }
}

/// A manifest and the files around it, as a test table row. The manifest is read from `site/`
/// in a fresh folder; `files` are created under `site/`, `outside` files beside it, and `links`
/// (path under `site/` → target) make symlinks.
struct ManifestCase: Sendable, CustomTestStringConvertible {
    var name: String
    var yaml: String
    var files: [String] = ["a.jpg"]
    var outside: [String] = []
    var links: [String: String] = [:]
    /// Full diagnostic lines; `{site}` and `{tmp}` stand for the real paths of the folders.
    var expected: [String] = []

    var testDescription: String { name }

    init(_ name: String, _ yaml: String, files: [String] = ["a.jpg"], outside: [String] = [],
         links: [String: String] = [:], _ expected: String...) {
        self.name = name
        self.yaml = yaml
        self.files = files
        self.outside = outside
        self.links = links
        self.expected = expected
    }

    /// Builds the fixture, loads the manifest from bytes as `manifest.yaml`, and returns the
    /// diagnostic lines (empty when the manifest is valid) with the folder's paths substituted.
    func diagnostics() throws -> (lines: [String], expected: [String]) {
        let folder = try TemporaryFolder()
        for file in files { try folder.write("site/" + file) }
        for file in outside { try folder.write(file) }
        for (link, target) in links.sorted(by: { $0.key < $1.key }) { try folder.link("site/" + link, to: target) }
        let site = folder.url.appendingPathComponent("site")
        try FileManager.default.createDirectory(at: site, withIntermediateDirectories: true)
        let expected = expected.map {
            $0.replacingOccurrences(of: "{site}", with: site.path).replacingOccurrences(of: "{tmp}", with: folder.path)
        }
        do {
            _ = try ManifestLoader.load(bytes: Array(yaml.utf8), file: "manifest.yaml", directory: site)
            return ([], expected)
        } catch {
            return (error.diagnostics.map(\.description), expected)
        }
    }
}

/// Loads a valid manifest from `yaml` in `folder`, recording the diagnostics as an issue if it fails.
func loadManifest(_ yaml: String, in folder: TemporaryFolder, sourceLocation: SourceLocation = #_sourceLocation) throws -> Manifest {
    do {
        return try ManifestLoader.load(bytes: Array(yaml.utf8), file: "manifest.yaml", directory: folder.url)
    } catch {
        Issue.record("unexpected manifest errors:\n\(error)", sourceLocation: sourceLocation)
        throw error
    }
}

/// Everything a command printed, for assertions on standard output and error.
final class CapturedConsole: @unchecked Sendable {
    private let lock = NSLock()
    private var outText = ""
    private var errText = ""

    var out: String { lock.withLock { outText } }
    var err: String { lock.withLock { errText } }

    var console: Console {
        Console(out: { text in self.lock.withLock { self.outText += text } },
                err: { text in self.lock.withLock { self.errText += text } })
    }

    /// Runs thumbgen with these arguments and no environment.
    func run(_ arguments: [String], environment: [String: String] = [:]) -> ExitCode {
        Thumbgen.run(arguments, environment: environment, console: console)
    }
}

/// The first 33 bytes of a PNG (signature and IHDR): enough for a header probe.
func pngHeader(width: UInt32, height: UInt32) -> [UInt8] {
    func be(_ value: UInt32) -> [UInt8] { [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: value >> $0) } }
    return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + be(13) + Array("IHDR".utf8)
        + be(width) + be(height) + [8, 6, 0, 0, 0] + [0, 0, 0, 0]
}

/// `60x60`, `390x` or `x200` as a slot size in points.
func slotSize(_ text: String) -> SlotSize {
    let sides = text.split(separator: "x", omittingEmptySubsequences: false)
    return SlotSize(width: ExactDecimal(parsing: sides[0]), height: ExactDecimal(parsing: sides[1]))
}

/// A slot from its manifest spelling: `slot("thumb", "60x60", [1, 2, 3], .cover)`.
func slot(_ name: String, _ size: String, _ scales: [String], _ fit: Fit = .inside) -> Slot {
    Slot(name: name, size: slotSize(size), scales: scales.map { ExactDecimal(parsing: $0)! }, fit: fit)
}

/// The smallest valid manifest: one 1×1 slot `t`, one image entry for `path`, and `extra` lines
/// (such as `index: out/idx.json`) after the version.
func minimalManifest(path: String, extra: String = "") -> String {
    "version: 1\n" + (extra.isEmpty ? "" : extra + "\n")
        + "slots: { t: { size: 1x1, scales: [1] } }\nimages: [{ path: \"\(path)\", slots: [t] }]\n"
}
