import Glibc

/// A relative path pattern with `*` and `?` within a segment, `[...]` sets, and `**` for any
/// number of folders. Matching follows fnmatch(3): a leading `.` must be matched explicitly.
struct Glob {
    let segments: [String]

    init(_ pattern: String) {
        segments = pattern.split(separator: "/").map(String.init)
    }

    /// True when any character would be a wildcard.
    static func hasWildcards(_ pattern: String) -> Bool {
        pattern.contains { $0 == "*" || $0 == "?" || $0 == "[" }
    }

    /// Does one path segment match one pattern segment?
    static func matches(segment pattern: String, name: String) -> Bool {
        fnmatch(pattern, name, FNM_PERIOD) == 0
    }

    /// Does a relative path (segments) match this pattern?
    func matches(_ path: [Substring]) -> Bool {
        Self.match(segments[...], path[...])
    }

    private static func match(_ pattern: ArraySlice<String>, _ path: ArraySlice<Substring>) -> Bool {
        guard let first = pattern.first else { return path.isEmpty }
        if first == "**" {
            // Zero or more folders; `**` never crosses a hidden folder.
            if match(pattern.dropFirst(), path) { return true }
            guard let next = path.first, !next.hasPrefix(".") else { return false }
            return match(pattern, path.dropFirst())
        }
        guard let name = path.first, matches(segment: first, name: String(name)) else { return false }
        return match(pattern.dropFirst(), path.dropFirst())
    }
}
