import FoundationEssentials
import Glibc

/// What `watch` listens to, and which events call for a build: the manifest, and the originals
/// under root with the folders a glob could find new ones in. Thumbgen's own writes (renditions,
/// the index, temporaries, `.thumbgen/`) and editors' side files (`.swp`, `~`) call for nothing.
package struct WatchedSite {
    /// The manifest, absolute, and the folder it is in.
    let manifestFile: String
    let manifestFolder: String
    /// The last manifest that loaded; nil until one does.
    package let manifest: Manifest?
    /// Most folders watched under root: each costs the kernel about a kilobyte.
    package static let maxFolders = 10_000
    /// The most folders under root this site watches (`maxFolders`; tests give fewer).
    let folderLimit: Int

    package init(manifestPath: String, manifest: Manifest?, folderLimit: Int = WatchedSite.maxFolders) {
        let url = URL(fileURLWithPath: manifestPath).standardizedFileURL
        manifestFile = url.path
        manifestFolder = url.deletingLastPathComponent().path
        self.manifest = manifest
        self.folderLimit = folderLimit
    }

    /// The manifest's folder, root and every folder below it that is not hidden (a glob never
    /// enters one, and `.thumbgen/` is there), and the folder of each original (a literal path
    /// may name one a glob would not reach).
    package var folders: Set<String> {
        var folders: Set<String> = [manifestFolder]
        guard let manifest else { return folders }
        let root = manifest.root.path
        folders.formUnion(Self.folders(under: root, limit: folderLimit).found)
        for image in manifest.images {
            folders.insert((root + "/" + image.path).parentPath)
        }
        return folders
    }

    /// Does this event call for a build?
    package func matters(_ event: FolderEvent) -> Bool {
        if event.isOverflow { return true }
        if event.folder == manifestFolder, event.name == manifestFile.lastPathPart { return true }
        guard let manifest, !event.name.hasPrefix(".") else { return false }
        let root = manifest.root.path
        guard event.folder == root || event.folder.hasPrefix(root + "/") else { return false }
        if event.isFolder { return event.mask & UInt32(IN_CREATE | IN_MOVED_TO | IN_MOVED_FROM | IN_DELETE) != 0 }
        // A file counts once its content is complete: closed after writing, or moved in or out.
        guard event.mask & UInt32(IN_CREATE) == 0 else { return false }
        let folder = String(event.folder.dropFirst(root.count).drop { $0 == "/" })
        let relative = folder.isEmpty ? event.name : folder + "/" + event.name
        if IndexPaths(indexPath: manifest.indexPath).isGeneratorFile(relative) { return false }
        return Glob.isImageName(event.name) || manifest.images.contains { $0.path == relative }
    }

    /// The warning for a root with more folders than `folderLimit`, which `watch` would otherwise
    /// leave unwatched without a word; nil when every folder is watched.
    package var folderLimitWarning: String? {
        guard let manifest, !Self.folders(under: manifest.root.path, limit: folderLimit).complete else { return nil }
        let root = NameText.displayed(DisplayPaths(root: manifest.root.path).show(""))
        return "thumbgen: warning: '\(root)' holds more than \(folderLimit) folders; watch follows the first \(folderLimit) only, so changes in the others go unnoticed: give the manifest a smaller root, or run 'thumbgen build' after changing them\n"
    }

    /// Folders below `root` (itself included), not hidden, not through symbolic links, at most
    /// `limit`; `complete` is false when there are more.
    static func folders(under root: String, limit: Int) -> (found: [String], complete: Bool) {
        // One past the limit tells "exactly `limit`" from "more".
        var found = [root]
        var next = 0
        while next < found.count, found.count <= limit {
            let folder = found[next]
            next += 1
            guard let stream = opendir(folder) else { continue }
            defer { closedir(stream) }
            while let entry = readdir(stream), found.count <= limit {
                let name = String(decoding: FolderEntry.nameBytes(entry), as: UTF8.self)
                guard !name.hasPrefix(".") else { continue }
                let path = folder + "/" + name
                var isFolder = Int32(entry.pointee.d_type) == Int32(DT_DIR)
                if Int32(entry.pointee.d_type) == Int32(DT_UNKNOWN) {
                    var info = stat()
                    isFolder = lstat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR
                }
                if isFolder { found.append(path) }
            }
        }
        return found.count > limit ? (Array(found.prefix(limit)), false) : (found, true)
    }
}
