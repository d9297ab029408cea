import YAML

/// Turns the manifest's image rules (paths and globs) into originals under root, refusing paths
/// that leave root, names that are thumbgen's own, patterns that match nothing and originals
/// whose renditions would collide.
struct ImageResolver {
    var folder: RootFolder
    var reader: NodeReader
    /// Shown in messages as the root ("example-site").
    let rootName: String
    /// Originals the previous index knew (root-relative): one that is gone was deleted or moved.
    /// The originals the last build's index lists, read when a path matches nothing.
    let known: () -> Set<String>

    init(folder: RootFolder, rootName: String, file: String, known: @escaping () -> Set<String> = { [] }) {
        self.folder = folder
        self.rootName = rootName
        self.known = known
        reader = NodeReader(file: file)
    }

    var diagnostics: [Diagnostic] { reader.diagnostics }
    /// Originals that share a rendition stem with an earlier one but differ in more than case or
    /// normalisation (`IMG_1.HEIC`, `IMG_1.JPG`): they collide only if they would write a
    /// rendition of the same name, which their headers decide (`RenditionCollisions`).
    private(set) var sharedStems: [(path: String, other: String, mark: Mark)] = []

    /// Warnings that do not stop the build: names left out because they are not UTF-8.
    var warnings: [Diagnostic] {
        folder.undecodable.map { name in
            Diagnostic(.warning, file: reader.file, message: "a file under '\(rootName)' whose name is not UTF-8 is left out: \(name); rename it",
                       category: .info)
        }
    }

    mutating func resolve(_ rules: [ImageRule]) -> [ImageEntry] {
        var entries: [String: ImageEntry] = [:]
        var firstMark: [String: Mark] = [:]
        /// Each original by the stem its renditions are named from, case and normalisation folded.
        var byStem: [String: String] = [:]
        for rule in rules {
            guard let pattern = clean(rule.pattern, at: rule.mark) else { continue }
            for path in matches(pattern, at: rule.mark) {
                if var entry = entries[path], Array(entry.path.utf8) == Array(path.utf8) {
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
                // Swift compares strings by canonical equivalence, so an `é` of one code point
                // and one of two fold here too, as they do on a normalising disk.
                let stem = RenditionNaming.stem(of: path).lowercased()
                if let other = byStem[stem] {
                    if path.lowercased() == other.lowercased() {
                        reader.error(rule.mark, Self.collision(path, other))
                        continue
                    }
                    sharedStems.append((path, other, rule.mark))
                } else {
                    byStem[stem] = path
                }
                firstMark[path] = rule.mark
                entries[path] = ImageEntry(path: path, slots: rule.slots, focus: rule.focus)
            }
        }
        return entries.values.sorted { $0.path < $1.path }
    }

    /// Why two originals whose paths differ only in case or normalisation cannot both be listed.
    static func collision(_ path: String, _ other: String) -> String {
        let how = path.lowercased().unicodeScalars.elementsEqual(other.lowercased().unicodeScalars)
            ? "differ only in case" : "differ only in Unicode normalisation (an accent as one code point or two)"
        return "'\(NameText.displayed(path))' and '\(NameText.displayed(other))' \(how), so their renditions would overwrite each other on many disks; rename one"
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
        // A name that holds `[`, `*`, `?` or `{` itself (`photo [1].jpg`) is taken as it is.
        if case .file = folder.resolve(pattern), !folder.isGeneratorFile(pattern) { return [pattern] }
        let glob = Glob(pattern)
        var found: [String] = []
        // By bytes, not String ==: `café` as one code point and as two are two files on disk,
        // and dropping one silently would hide the collision `resolve` reports.
        var seen: Set<[UInt8]> = []
        var skipped: [String] = []
        var refused = false  // a match already reported is not "no match"
        for base in glob.bases {
            let listed = folder.files(under: base), plain = folder.isPlain(base)
            // One base lists each path once: only overlapping bases need the paths seen.
            let overlapping = glob.bases.count > 1
            for path in listed where glob.matches(path.split(separator: "/")) && !(overlapping && seen.contains(Array(path.utf8))) {
                guard Glob.isImageName(path.lastPathPart) else {
                    skipped.append(path)
                    continue
                }
                switch folder.resolve(listed: path, plainBase: plain) {
                case .file:
                    found.append(path)
                    if overlapping { seen.insert(Array(path.utf8)) }
                case .outside(let target):
                    refused = true
                    reader.error(mark, "'\(path)' (matched by '\(pattern)') leads outside root through a symlink, to \(target); thumbgen reads only files under root")
                case .brokenLink:
                    refused = true
                    reader.error(mark, "'\(path)' (matched by '\(pattern)') is a symlink to a file that does not exist")
                case .folder, .missing, .special: break
                }
            }
        }
        if found.isEmpty && !refused {
            let hint = skipped.isEmpty ? closest(to: pattern)
                : " (it skipped \(skipped.prefix(3).map(NameText.displayed).joined(separator: ", "))\(skipped.count > 3 ? " and \(skipped.count - 3) more" : ""): globs take only image files, by extension: \(Glob.imageExtensions.sorted().joined(separator: ", ")); name such a file by its path to list it)"
            reader.error(mark, "'\(pattern)' matches no image file under '\(rootName)'\(hint)")
        }
        return found.sorted(by: Self.byteOrdered)
    }

    /// String order, and byte order between names that String calls equal (an accent as one
    /// code point or two), so that which one a message names first never depends on the disk.
    static func byteOrdered(_ a: String, _ b: String) -> Bool {
        a != b ? a < b : Array(a.utf8).lexicographicallyPrecedes(Array(b.utf8))
    }

    private mutating func literal(_ path: String, at mark: Mark) -> [String] {
        if folder.isGeneratorFile(path) {
            reader.error(mark, "'\(path)' is a file thumbgen writes (a rendition, the index or the report), not an original")
            return []
        }
        if AssetCatalogFolders.holds(path.split(separator: "/")) {
            reader.error(mark, "'\(path)' is inside an asset catalog (a folder named *.xcassets), which thumbgen export writes; list the original it came from")
            return []
        }
        switch folder.resolve(path) {
        case .file:
            return [path]
        case .folder:
            reader.error(mark, "'\(path)' is a folder, not an image; to take every image in it, write '\(path)/*'")
        case .special(let kind):
            reader.error(mark, "'\(path)' is \(kind.rawValue), not an image file")
        case .missing where known().contains(path):
            reader.error(mark, "'\(path)' was in the last build but is gone: deleted or moved? remove it from the manifest, or give its new path")
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
        return ranked.isEmpty ? "" : " (closest: \(ranked.map { NameText.displayed($0.path) }.joined(separator: ", ")))"
    }
}
