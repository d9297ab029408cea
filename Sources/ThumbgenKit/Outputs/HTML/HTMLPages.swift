import FoundationEssentials
import Glibc

/// The pages `thumbgen html PATH…` rewrites, each placed in the built site.
///
/// A built site (Hugo's `public/`, MkDocs' `site/`) is a copy of the manifest's root: the index
/// and renditions sit at the same places under it. A page's links run from its place in the site
/// (`web.site`, or `--site-root`), never from the folder named on the command line. Every PATH
/// must be in the site; everything below the site's folder is reached with no link followed
/// (`RootDirectory`), a folder named with a trailing slash included.
package struct HTMLPages {
    package struct Page: Equatable {
        /// As the user named it (the PATH, or the PATH joined with the file's place under it).
        package var path: String
        /// The page's path relative to the site's folder, with `/`.
        package var relative: String
    }

    /// Why a PATH cannot be rewritten.
    package struct Problem: Error, Equatable, CustomStringConvertible {
        package var description: String
    }

    /// The pages of `paths` (files as they are, folders walked for `.html` and `.htm` files,
    /// hidden ones and symbolic links left out), in order, each once. `site` is the built site's
    /// folder, opened; `sitePath` how the user named it.
    package static func find(_ paths: [String], site: RootDirectory) throws(Problem) -> [Page] {
        var pages: [Page] = []
        var seen: Set<String> = []
        for path in paths {
            let relative = try place(path, in: site.path)
            switch site.entry(relative) {
            case .file:
                if seen.insert(relative).inserted { pages.append(Page(path: path, relative: relative)) }
            case .folder:
                for file in try walk(relative, in: site) where seen.insert(file).inserted {
                    let below = relative.isEmpty ? file : String(file.dropFirst(relative.count + 1))
                    pages.append(Page(path: path.hasSuffix("/") ? path + below : path + "/" + below, relative: file))
                }
            case .missing: throw Problem(description: "\(path): no such file or folder")
            case .link: throw linkProblem(path)
            case .blocked(let error) where error.cause == .linkOnTheWay || error.cause == .linkInTheWay: throw linkProblem(path)
            case .blocked(let error): throw Problem(description: "\(path): \(error.description)")
            case .special: throw Problem(description: "\(path): not a page or a folder")
            }
        }
        return pages
    }

    private static func linkProblem(_ path: String) -> Problem {
        Problem(description: "\(path): a symbolic link, or inside one; name the page itself (nothing is written through a link)")
    }

    /// Where `path` is in the site whose folder is `site`: by its path as written, else by the
    /// site folder's real path (the site may have been named through a link); an error naming
    /// `path` when it is in neither.
    static func place(_ path: String, in site: String) throws(Problem) -> String {
        let absolute = absolutePath(path)
        var roots = [absolutePath(site)]
        if let real = realpath(site, nil) {
            roots.append(String(cString: real))
            free(real)
        }
        for root in roots {
            if absolute == root { return "" }
            let prefix = root == "/" ? "/" : root + "/"
            if absolute.hasPrefix(prefix) { return String(absolute.dropFirst(prefix.count)) }
        }
        throw Problem(description: "\(path): not in the built site \(site); its links would have nowhere to start from (give --site-root, or web.site in the manifest)")
    }

    /// `.html` and `.htm` files under `folder` (relative to the site), sorted, without hidden
    /// entries or links.
    private static func walk(_ folder: String, in site: RootDirectory) throws(Problem) -> [String] {
        var found: [String] = []
        var pending = [folder]
        while let current = pending.popLast() {
            let listing: Listing
            do { listing = try site.list(current) } catch { throw Problem(description: error.description) }
            for name in listing.names where !name.hasPrefix(".") {
                let path = current.isEmpty ? name : current + "/" + name
                switch site.entry(path) {
                case .folder: pending.append(path)
                case .file where name.lowercased().hasSuffix(".html") || name.lowercased().hasSuffix(".htm"): found.append(path)
                default: break
                }
            }
        }
        return found.sorted()
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
