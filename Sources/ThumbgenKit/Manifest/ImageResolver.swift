import YAML

/// Turns the manifest's image rules (paths and globs) into originals under root, refusing paths
/// that leave root, names that are thumbgen's own, patterns that match nothing and originals
/// whose renditions would collide.
struct ImageResolver {
    var folder: RootFolder
    var reader: NodeReader
    /// Shown in messages as the root ("example-site").
    let rootName: String

    init(folder: RootFolder, rootName: String, file: String) {
        self.folder = folder
        self.rootName = rootName
        self.reader = NodeReader(file: file)
    }

    var diagnostics: [Diagnostic] { reader.diagnostics }

    mutating func resolve(_ rules: [ImageRule]) -> [ImageEntry] {
        var entries: [String: ImageEntry] = [:]
        var firstMark: [String: Mark] = [:]
        var byFoldedPath: [String: String] = [:]
        for rule in rules {
            guard let pattern = clean(rule.pattern, at: rule.mark) else { continue }
            for path in matches(pattern, at: rule.mark) {
                if var entry = entries[path] {
                    for slot in rule.slots where !entry.slots.contains(slot) { entry.slots.append(slot) }
                    if let focus = rule.focus {
                        if let earlier = entry.focus, earlier != focus {
                            reader.error(rule.mark, "'\(path)' is given two different focus points (the other at line \(firstMark[path]!.line)); give one")
                        }
                        entry.focus = focus
                    }
                    entries[path] = entry
                    continue
                }
                let folded = path.lowercased()
                if let other = byFoldedPath[folded] {
                    reader.error(rule.mark, "'\(path)' and '\(other)' differ only in case, so their renditions would overwrite each other on a case-insensitive disk; rename one")
                    continue
                }
                byFoldedPath[folded] = path
                firstMark[path] = rule.mark
                entries[path] = ImageEntry(path: path, slots: rule.slots, focus: rule.focus)
            }
        }
        return entries.values.sorted { $0.path < $1.path }
    }

    /// The pattern without `./` segments, or nil (with an error) when it leaves root.
    private mutating func clean(_ pattern: String, at mark: Mark) -> String? {
        if pattern.hasPrefix("/") {
            reader.error(mark, "path '\(pattern)' is absolute; image paths are relative to root ('\(rootName)')")
            return nil
        }
        let segments = pattern.split(separator: "/").filter { $0 != "." }
        if segments.contains("..") {
            reader.error(mark, "path '\(pattern)' leaves root; image paths are relative to root ('\(rootName)') and may not use '..'")
            return nil
        }
        guard !segments.isEmpty else {
            reader.error(mark, "path '\(pattern)' names root itself; give files or a glob such as '*.jpg'")
            return nil
        }
        return segments.joined(separator: "/")
    }

    private mutating func matches(_ pattern: String, at mark: Mark) -> [String] {
        guard Glob.hasWildcards(pattern) else { return literal(pattern, at: mark) }
        // A name that holds `[`, `*` or `?` itself (`photo [1].jpg`) is taken as it is.
        if case .file = folder.resolve(pattern), !folder.isGeneratorFile(pattern) { return [pattern] }
        let glob = Glob(pattern)
        let base = glob.segments.prefix { !Glob.hasWildcards($0) }.joined(separator: "/")
        var found: [String] = []
        var refused = false  // a match already reported is not "no match"
        for path in folder.files(under: base) where glob.matches(path.split(separator: "/")) {
            switch folder.resolve(path) {
            case .file: found.append(path)
            case .outside(let target):
                refused = true
                reader.error(mark, "'\(path)' (matched by '\(pattern)') leads outside root through a symlink, to \(target); thumbgen reads only files under root")
            case .brokenLink:
                refused = true
                reader.error(mark, "'\(path)' (matched by '\(pattern)') is a symlink to a file that does not exist")
            case .notAFile, .missing: break
            }
        }
        if found.isEmpty && !refused {
            reader.error(mark, "'\(pattern)' matches no file under '\(rootName)'\(closest(to: pattern))")
        }
        return found
    }

    private mutating func literal(_ path: String, at mark: Mark) -> [String] {
        if folder.isGeneratorFile(path) {
            reader.error(mark, "'\(path)' is a file thumbgen writes (a rendition, the index or the report), not an original")
            return []
        }
        switch folder.resolve(path) {
        case .file:
            return [path]
        case .notAFile:
            reader.error(mark, "'\(path)' is a folder, not an image; to take every image in it, write '\(path)/*'")
        case .missing:
            reader.error(mark, "no file '\(path)' under '\(rootName)'\(closest(to: path))")
        case .outside(let target):
            reader.error(mark, "'\(path)' leads outside root through a symlink, to \(target); thumbgen reads only files under root")
        case .brokenLink:
            reader.error(mark, "'\(path)' is a symlink to a file that does not exist")
        }
        return []
    }

    /// ` (closest: a.jpg, b.jpg)`: up to three existing files near the path, for a typo.
    private mutating func closest(to pattern: String) -> String {
        let candidates = folder.files(under: "")
        guard candidates.count <= 20_000 else { return "" }
        let limit = max(2, pattern.count / 4)
        let ranked = candidates
            .map { (path: $0, distance: Suggestion.globDistance(pattern.lowercased(), $0.lowercased())) }
            .filter { $0.distance <= limit }
            .sorted { ($0.distance, $0.path) < ($1.distance, $1.path) }
            .prefix(3)
        return ranked.isEmpty ? "" : " (closest: \(ranked.map(\.path).joined(separator: ", ")))"
    }
}
