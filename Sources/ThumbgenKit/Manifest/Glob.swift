import Glibc
import ImageCodecs

/// A relative path pattern: `*` and `?` within a segment, `[...]` sets, `{a,b}` alternatives and
/// `**` for any number of folders. Matching follows fnmatch(3) (a leading `.` must be matched
/// explicitly), but for a name's extension, which matches whatever its case: `*.jpg` takes
/// `Beach.JPG`.
struct Glob {
    /// The extensions of the image files globs match; any other file is skipped.
    static let imageExtensions = Set(Formats.inputs.flatMap(\.extensions))

    /// fnmatch's FNM_CASEFOLD (a GNU extension Swift does not import): 1 << 4.
    static let caseFold: Int32 = 1 << 4

    /// One pattern per brace alternative, each as segments.
    let alternatives: [[String]]

    init(_ pattern: String) {
        alternatives = Self.expandBraces(pattern).map { $0.split(separator: "/").map(String.init) }
    }

    /// True when any character would be a wildcard.
    static func hasWildcards(_ pattern: String) -> Bool {
        pattern.contains { $0 == "*" || $0 == "?" || $0 == "[" || $0 == "{" }
    }

    /// True for a name with one of the image extensions, in any case.
    static func isImageName(_ name: some StringProtocol) -> Bool {
        imageExtensions.contains(RenditionNaming.originalExtension(String(name)).lowercased())
    }

    /// The folders below which every match lies: the part of each alternative before its first wildcard.
    /// Told apart by bytes: `{café,café}/*` (one code point and two) names two folders.
    var bases: [String] {
        var seen: Set<[UInt8]> = []
        return alternatives.map { $0.dropLast().prefix { !Self.hasWildcards($0) }.joined(separator: "/") }
            .filter { seen.insert(Array($0.utf8)).inserted }
            .sorted(by: ImageResolver.byteOrdered)
    }

    /// Does a relative path (segments) match any alternative? Never inside an asset catalog.
    func matches(_ path: [Substring]) -> Bool {
        !AssetCatalogFolders.holds(path) && alternatives.contains { Self.match($0[...], path[...]) }
    }

    /// `a{b,c}d{e,f}` → `abde`, `abdf`, `acde`, `acdf`; a brace without its match is a character.
    static func expandBraces(_ pattern: String) -> [String] {
        let characters = Array(pattern)
        guard let open = characters.firstIndex(of: "{") else { return [pattern] }
        var depth = 0, parts: [String] = [], start = open + 1
        for index in (open + 1)..<characters.count {
            switch characters[index] {
            case "{": depth += 1
            case "}" where depth > 0: depth -= 1
            case "," where depth == 0:
                parts.append(String(characters[start..<index]))
                start = index + 1
            case "}":
                parts.append(String(characters[start..<index]))
                let before = String(characters[..<open]), after = String(characters[(index + 1)...])
                return parts.flatMap { part in expandBraces(before + part + after) }
            default: break
            }
        }
        // No closing brace: the `{` is taken as itself.
        return expandBraces(String(characters[(open + 1)...])).map { String(characters[...open]) + $0 }
    }

    private static func match(_ pattern: ArraySlice<String>, _ path: ArraySlice<Substring>) -> Bool {
        guard let first = pattern.first else { return path.isEmpty }
        if first == "**" {
            // Zero or more folders; `**` never crosses a hidden folder.
            if match(pattern.dropFirst(), path) { return true }
            guard let next = path.first, !next.hasPrefix(".") else { return false }
            return match(pattern, path.dropFirst())
        }
        guard let name = path.first else { return false }
        let matched = pattern.count == 1 && path.count == 1 ? matchesFileName(first, String(name)) : matches(segment: first, name: String(name))
        return matched && match(pattern.dropFirst(), path.dropFirst())
    }

    static func matches(segment pattern: String, name: String) -> Bool {
        fnmatch(pattern, name, FNM_PERIOD) == 0
    }

    /// A file name against the last segment: the stems as fnmatch has them, the extensions in any case.
    static func matchesFileName(_ pattern: String, _ name: String) -> Bool {
        if matches(segment: pattern, name: name) { return true }
        guard let patternDot = pattern.lastIndex(of: "."), let nameDot = name.lastIndex(of: ".") else { return false }
        let patternExtension = String(pattern[pattern.index(after: patternDot)...])
        // A dot inside a set (`[.]`) separates no extension.
        guard !patternExtension.contains("]") || patternExtension.contains("[") else { return false }
        return matches(segment: String(pattern[..<patternDot]), name: String(name[..<nameDot]))
            && fnmatch(patternExtension, String(name[name.index(after: nameDot)...]), Self.caseFold) == 0
    }
}
