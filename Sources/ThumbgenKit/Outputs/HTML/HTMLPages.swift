import FoundationEssentials
import Glibc

/// The pages `thumbgen html PATH…` rewrites, each with the site root its links start from.
///
/// A built site (Hugo's `public/`, Eleventy's `_site/`) is a copy of the manifest's root: the
/// index and renditions sit at the same places under it. A page's links to them therefore run
/// from the page to the index's folder within the page's site root, which is, in order: the
/// `--site-root` given; the manifest's root, when the page is inside it; the folder named on the
/// command line, when a folder was; the page's own folder.
package struct HTMLPages {
    package struct Page: Equatable {
        /// As the user named it (the PATH, or the PATH joined with the file's place under it).
        package var path: String
        /// The page's path relative to its site root, with `/`.
        package var relative: String
    }

    /// Why a PATH cannot be rewritten.
    package struct Missing: Error, Equatable, CustomStringConvertible {
        var path: String
        var isLink = false
        package var description: String {
            isLink ? "\(path): a symbolic link; name the page itself (nothing is written through a link)" : "\(path): no such file or folder"
        }
    }

    /// The pages of `paths` (files as they are, folders walked for `.html` and `.htm` files,
    /// hidden ones and symbolic links left out), in order, each once.
    package static func find(_ paths: [String], manifestRoot: String, siteRoot: String?) throws(Missing) -> [Page] {
        var pages: [Page] = []
        var seen: Set<String> = []
        for path in paths {
            var info = stat()
            guard lstat(path, &info) == 0 else { throw Missing(path: path) }
            guard info.st_mode & S_IFMT != S_IFLNK else { throw Missing(path: path, isLink: true) }
            let isFolder = info.st_mode & S_IFMT == S_IFDIR
            let files = isFolder ? walk(path) : [path]
            for file in files {
                let absolute = absolutePath(file)
                guard seen.insert(absolute).inserted else { continue }
                let root = siteRoot.map(absolutePath) ?? (inside(absolute, absolutePath(manifestRoot))
                    ? absolutePath(manifestRoot) : isFolder ? absolutePath(path) : absolute.parentPath)
                let relative = inside(absolute, root) ? String(absolute.dropFirst(root.count + 1)) : absolute.lastPathPart
                pages.append(Page(path: file, relative: relative))
            }
        }
        return pages
    }

    /// `.html` and `.htm` files under `folder`, sorted, without hidden entries or links.
    private static func walk(_ folder: String) -> [String] {
        var found: [String] = []
        var pending = [folder]
        while let current = pending.popLast() {
            guard let directory = opendir(current) else { continue }
            defer { closedir(directory) }
            while let entry = readdir(directory) {
                let name = String(decoding: FolderEntry.nameBytes(entry), as: UTF8.self)
                guard !name.hasPrefix(".") else { continue }
                let path = current.hasSuffix("/") ? current + name : current + "/" + name
                var info = stat()
                guard lstat(path, &info) == 0 else { continue }
                switch info.st_mode & S_IFMT {
                case S_IFDIR: pending.append(path)
                case S_IFREG where name.lowercased().hasSuffix(".html") || name.lowercased().hasSuffix(".htm"): found.append(path)
                default: break
                }
            }
        }
        return found.sorted()
    }

    private static func inside(_ path: String, _ folder: String) -> Bool {
        path.hasPrefix(folder + "/")
    }

    /// An absolute path without `.` and `..` parts and without a trailing `/`; links are not
    /// resolved (a page is placed by the path it was named by).
    static func absolutePath(_ path: String) -> String {
        let full = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        var parts: [Substring] = []
        for part in full.split(separator: "/") where part != "." {
            if part == ".." { _ = parts.popLast() } else { parts.append(part) }
        }
        return "/" + parts.joined(separator: "/")
    }
}
