import FoundationEssentials
import Glibc
import Renditions
import ThumbgenKit

extension Request.Command {
    public static let export = Self(ExportCommand.self)
}

/// `thumbgen export xcassets DIR [MANIFEST]`: write an Xcode asset catalog of the renditions the
/// index lists (Export/ holds how). Reads the index; builds nothing.
enum ExportCommand: ManifestCommand {
    static let name = "export"
    static let summary: String? = "write an Xcode asset catalog of the renditions: export xcassets DIR [MANIFEST]"
    static let arguments = ["xcassets"]
    static let help = """
        thumbgen export xcassets DIR [MANIFEST] [--quiet]
        Writes an Xcode asset catalog at DIR (a folder ending in .xcassets, or a group inside one)
        from the index: for each (image, slot) whose scales are among 1, 2 and 3, an imageset
        <image path without extension, / as ->-<slot> holding the files the index shows at 1x, 2x
        and 3x (hard links where the file system allows, else copies) and its Contents.json.
        Animated, unreadable and unsupported images, and slots with other scales, are left out
        with a note. Only imagesets thumbgen wrote (recorded in DIR/.thumbgen-xcassets.json) are
        ever replaced or removed; a second run changes nothing.
          thumbgen export xcassets App/Assets.xcassets
          thumbgen build && thumbgen export xcassets App/Thumbnails.xcassets site/manifest.yaml
        """

    /// `export xcassets DIR [MANIFEST]`: the only kind of export is an Xcode asset catalog.
    static func parse(_ words: [String], options: [String: String], into request: inout Request) throws(UsageError) {
        let usage = "usage: thumbgen export xcassets DIR [MANIFEST]"
        guard let kind = words.first else { throw UsageError(usage) }
        guard kind == "xcassets" else {
            throw UsageError("unknown export '\(kind)'\(Suggestion.hint(for: kind, among: ["xcassets"])); \(usage)")
        }
        guard words.count == 2 || words.count == 3 else { throw UsageError(usage) }
        request.exportCatalog = words[1]
        request.manifest = words.count == 3 ? words[2] : "manifest.yaml"
    }

    static func run(_ request: Request, manifest: Manifest, console: Console, diagnostics: DiagnosticsEngine) {
        let paths = IndexPaths(indexPath: manifest.indexPath)
        guard let index = builtIndex(manifest, uses: "the catalog holds what a build wrote", diagnostics: diagnostics) else { return }
        // `App.xcassets/` names the folder itself; a trailing slash would make lstat follow a link.
        var folder = request.exportCatalog ?? ""
        while folder.count > 1, folder.hasSuffix("/") { folder.removeLast() }
        let plan = CatalogPlan(index: index, paths: paths)
        let created: Bool
        switch CatalogFolder.open(folder) {
        case .failure(let message):
            diagnostics.error(message.text, category: .usage)
            return
        case .success(let made): created = made
        }
        let display = DisplayPaths(root: manifest.root.path)
        for item in plan.leftOut {
            let image = item.image.map { display.show(paths.rootRelative($0) ?? $0) }
            let message = switch (item.image, item.slot) {
            case (nil, let slot?): "slot '\(slot)' is left out of the catalog: \(item.reason)"
            case (_?, let slot?): "left out of the catalog in slot '\(slot)': \(item.reason)"
            default: "left out of the catalog: \(item.reason)"
            }
            diagnostics.emit(Diagnostic(.note, file: image, message: message))
        }
        let outcome: CatalogExport.Outcome
        do {
            let catalog = try RootDirectory(path: folder)
            let root = try RootDirectory(path: manifest.root.path)
            let temporaries = CommandJournal(command: "export", manifest: manifest)
            outcome = try CatalogExport.export(plan, into: catalog, sourceRoot: root, temporaries: temporaries)
        } catch {
            diagnostics.error(error.description, category: .stopped)
            return
        }
        switch outcome {
        case .refused(let problems):
            if created { rmdir(folder) }
            for problem in problems {
                diagnostics.emit(Diagnostic(.error, file: problem.file.map { folder + "/" + $0 }, message: problem.message, category: .usage))
            }
            let count = problems.count
            console.err("thumbgen: \(count) error\(count == 1 ? "" : "s"); nothing was written in \(folder)\n")
        case .done(let summary):
            for left in summary.leftFolders {
                diagnostics.emit(Diagnostic(.note, file: folder + "/" + left, message: "thumbgen no longer writes this imageset, and left it: it holds files thumbgen did not write"))
            }
            if !request.quiet { console.err(summaryLine(summary, folder: folder)) }
        }
    }

    /// `thumbgen: App.xcassets: 24 imagesets (24 new, 0 updated, 0 unchanged, 0 removed); 72 files hard-linked, 0 copied`
    static func summaryLine(_ summary: CatalogExport.Summary, folder: String) -> String {
        let sets = "\(summary.imageSets) imageset\(summary.imageSets == 1 ? "" : "s")"
        let states = "\(summary.added) new, \(summary.updated) updated, \(summary.unchanged) unchanged, \(summary.removed) removed"
        let files = "\(summary.linked) file\(summary.linked == 1 ? "" : "s") hard-linked, \(summary.copied) copied"
        return "thumbgen: \(folder): \(sets) (\(states)); \(files)\n"
    }
}

/// The folder `export xcassets` writes: named by the user, and checked before anything is written.
enum CatalogFolder {
    /// Checks `path` is a catalog (`*.xcassets`, or a group folder inside one), not a symbolic
    /// link, and a folder; creates it when missing (its parent must exist). Success carries
    /// whether it was created, so that a refused export can take it away again.
    static func open(_ path: String) -> Result<Bool, Message> {
        let parts = path.split(separator: "/")
        guard parts.contains(where: { $0.hasSuffix(".xcassets") && $0.count > ".xcassets".count }) else {
            return .failure(Message("\(path): not an asset catalog; name a folder whose name ends in .xcassets (or a group folder inside one)"))
        }
        var info = stat()
        if lstat(path, &info) != 0 {
            guard errno == ENOENT else { return .failure(Message("\(path): \(String(cString: strerror(errno)))")) }
            guard mkdir(path, 0o755) == 0 else {
                let parent = path.parentPath.isEmpty ? "." : path.parentPath
                return .failure(Message(errno == ENOENT ? "\(path): the folder it goes in, \(parent), does not exist; create it first"
                    : "\(path): cannot create the catalog: \(String(cString: strerror(errno)))"))
            }
            return .success(true)
        }
        switch info.st_mode & S_IFMT {
        case S_IFDIR: return .success(false)
        case S_IFLNK: return .failure(Message("\(path): a symbolic link; name the catalog folder itself (nothing is written through a link)"))
        default: return .failure(Message("\(path): not a folder; name the catalog folder (ending in .xcassets)"))
        }
    }

    struct Message: Error {
        var text: String
        init(_ text: String) { self.text = text }
    }
}
