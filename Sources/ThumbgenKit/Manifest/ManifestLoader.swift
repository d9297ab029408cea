import FoundationEssentials
import Renditions
import YAML

/// Reads, checks and resolves a manifest. Every problem is collected before it gives up, and
/// each names the file, line and column.
public enum ManifestLoader {
    /// A manifest larger than this is refused before it is parsed.
    public static let maxFileBytes = 4 << 20

    /// The manifest a missing one is answered with. Its first line names the schema for YAML
    /// editors: a file beside the manifest, written by `thumbgen schema`, so that it works
    /// offline and always describes the thumbgen that reads the manifest.
    public static let starterManifest = """
        # yaml-language-server: $schema=\(schemaFileName)
        version: 1
        slots:
          thumb: { size: 60x60, scales: [1, 2, 3], fit: cover }
        images:
          - path: photos/*.jpg
            slots: [thumb]
        """

    /// The schema file the starter manifest names, beside it.
    public static let schemaFileName = "manifest.schema.json"

    /// Loads the manifest at `file` (a path as the user wrote it, relative to the working folder
    /// or absolute). `overrides` replaces limits given on the command line.
    public static func load(_ file: String, limitOverrides: (inout Limits) -> Void = { _ in }) throws(DiagnosticsError) -> Manifest {
        let url = URL(fileURLWithPath: file).standardizedFileURL
        guard let data = FileManager.default.contents(atPath: url.path) else {
            var isFolder = false
            let exists = FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder)
            let message = exists && isFolder
                ? "is a folder; give the manifest file inside it, such as \(file)/manifest.yaml"
                : exists ? "cannot be read (permission denied?)"
                : "no manifest here. Create one; a minimal manifest is:\n\n\(starterManifest)\n\nthen run 'thumbgen build \(file)'. See the README for every key; 'thumbgen schema > \(schemaFileName)' beside the manifest lets your editor complete and check it."
            throw DiagnosticsError([Diagnostic(.error, file: file, message: message)])
        }
        guard data.count <= maxFileBytes else {
            throw DiagnosticsError([Diagnostic(.error, file: file, message: "the manifest is \(data.count) bytes; the most thumbgen reads is \(maxFileBytes)")])
        }
        return try load(bytes: [UInt8](data), file: file, directory: url.deletingLastPathComponent(),
                        limitOverrides: limitOverrides)
    }

    /// Loads a manifest from its bytes; `directory` is the folder it is taken to live in.
    public static func load(bytes: [UInt8], file: String, directory: URL,
                            limitOverrides: (inout Limits) -> Void = { _ in }) throws(DiagnosticsError) -> Manifest {
        let tree: YAMLNode
        do {
            tree = try YAMLParser.parse(bytes)
        } catch {
            throw DiagnosticsError([Diagnostic(.error, file: file, line: error.mark.line, column: error.mark.column, message: error.message)])
        }
        var reader = ManifestReader(file: file)
        let document = reader.read(tree)
        var diagnostics = reader.diagnostics
        var paths = NodeReader(file: file)

        let rootText = document.root?.path ?? "."
        // As a folder: relative to a URL without a trailing slash, "." would be its parent.
        let base = URL(fileURLWithPath: directory.path, isDirectory: true)
        let rootURL = URL(fileURLWithPath: rootText, relativeTo: base).standardizedFileURL
        let indexPath = document.index.flatMap { checkedIndexPath($0.path, at: $0.mark, &paths) }
            ?? (document.index == nil ? "renditions.json" : nil)

        var isFolder = false
        let rootExists = FileManager.default.fileExists(atPath: rootURL.path, isDirectory: &isFolder) && isFolder
        if !rootExists {
            let mark = document.root?.mark ?? Mark(line: 1, column: 1)
            paths.error(mark, "root '\(rootText)' is not a folder (looked for \(rootURL.path))")
        }
        let existing = rootExists ? indexPath.map { IndexClaim(root: rootURL.path, indexPath: $0) } : nil
        if let refusal = existing?.refusal {
            paths.error(document.index?.mark ?? Mark(line: 1, column: 1), "index '\(indexPath!)': \(refusal)")
        }
        diagnostics += paths.diagnostics
        if rootExists, let folder = RootFolder(path: rootURL.path, indexPath: indexPath ?? "renditions.json") {
            var resolver = ImageResolver(folder: folder, rootName: rootText, file: file, known: existing?.knownImages ?? { [] })
            var images = resolver.resolve(document.images)
            diagnostics += resolver.diagnostics
            diagnostics += RenditionCollisions.check(resolver.sharedStems, images: images, slots: document.slots,
                                                     output: document.output, root: rootURL.path, file: file)
            // An image listed twice gets the union of its slots, in the order they are declared.
            let rank = Dictionary(uniqueKeysWithValues: document.slots.enumerated().map { ($0.element.name, $0.offset) })
            for index in images.indices { images[index].slots.sort { rank[$0, default: 0] < rank[$1, default: 0] } }
            if diagnostics.isEmpty, let indexPath, document.indexSplit == .folder {
                diagnostics += sliceRefusals(images.map(\.path), indexPath: indexPath, root: rootURL.path, file: file,
                                             mark: document.index?.mark ?? Mark(line: 1, column: 1))
            }
            if diagnostics.isEmpty, let indexPath {
                var limits = document.limits
                limitOverrides(&limits)
                var manifest = Manifest(file: file, directory: directory.standardizedFileURL, root: rootURL, indexPath: indexPath,
                                        output: document.output, limits: limits, web: document.web, slots: document.slots, images: images,
                                        warnings: resolver.warnings)
                manifest.cache = document.cache
                manifest.indexSplit = document.indexSplit
                manifest.digest = FileHash.sha256(bytes)
                return manifest
            }
        }
        throw DiagnosticsError(diagnostics.sorted { ($0.line ?? 0, $0.column ?? 0) < ($1.line ?? 0, $1.column ?? 0) })
    }

    /// One error per slice of a split index that would go where thumbgen may not write
    /// (`IndexSlices.refusal`): a user's file there is never replaced, by any command.
    private static func sliceRefusals(_ images: [String], indexPath: String, root: String, file: String, mark: Mark) -> [Diagnostic] {
        let files = SiteFiles(root: root)
        let foreign = IndexRegistry.load(files).filesListed(besides: indexPath, files: files)
        return IndexSlices(paths: IndexPaths(indexPath: indexPath)).files(forImages: images).compactMap { slice in
            IndexSlices.refusal(at: slice, files: files, foreign: foreign).map {
                Diagnostic(.error, file: file, line: mark.line, column: mark.column, message: "index split: \($0)")
            }
        }
    }

    /// The index path, checked to stay under root and to be a `.json` file.
    private static func checkedIndexPath(_ path: String, at mark: Mark, _ reader: inout NodeReader) -> String? {
        let segments = path.split(separator: "/").filter { $0 != "." }
        if path.hasPrefix("/") || segments.contains("..") || segments.isEmpty {
            reader.error(mark, "index '\(path)' must be a path under root, without '..' or a leading '/'")
            return nil
        }
        guard path.hasSuffix(".json"), !segments.last!.contains(".Thumbnail(") else {
            reader.error(mark, "index '\(path)' must be a .json file name, like renditions.json")
            return nil
        }
        if let reserved = IndexPaths.reservation(of: segments.map(String.init)) {
            reader.error(mark, "index '\(path)' \(reserved); choose another name, like renditions.json")
            return nil
        }
        return segments.joined(separator: "/")
    }
}
