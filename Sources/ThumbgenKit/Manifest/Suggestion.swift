/// "Did you mean …?" for unknown names.
package enum Suggestion {
    /// The known name closest to `name`, when it is close enough to be a likely typo.
    static func closest(to name: String, among known: some Sequence<String>) -> String? {
        let lowered = name.lowercased()
        var best: (name: String, distance: Int)?
        for candidate in known {
            let distance = editDistance(lowered, candidate.lowercased())
            if distance < (best?.distance ?? Int.max) { best = (candidate, distance) }
        }
        guard let best, best.distance <= max(2, best.name.count / 3) else { return nil }
        return best.name
    }

    /// ` (did you mean 'thumb'?)`, or nothing.
    package static func hint(for name: String, among known: some Sequence<String>) -> String {
        closest(to: name, among: known).map { " (did you mean '\($0)'?)" } ?? ""
    }

    /// Levenshtein distance over characters.
    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
                current[j] = min(previous[j] + 1, current[j - 1] + 1, substitution)
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }

    /// Edits that turn `text` into a string the glob `pattern` matches: `*` absorbs any run of
    /// characters and `?` any one character for free. For a plain path it is the edit distance.
    static func globDistance(_ pattern: String, _ text: String) -> Int {
        let p = Array(pattern), t = Array(text)
        var previous = Array(0...t.count)  // row for an empty pattern prefix
        var current = [Int](repeating: 0, count: t.count + 1)
        for i in 1...max(p.count, 1) where !p.isEmpty {
            let wildcard = p[i - 1] == "*"
            current[0] = wildcard ? previous[0] : previous[0] + 1
            for j in stride(from: 1, through: t.count, by: 1) {
                if wildcard {
                    current[j] = min(previous[j], current[j - 1])
                } else {
                    let same = p[i - 1] == t[j - 1] || p[i - 1] == "?"
                    current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (same ? 0 : 1))
                }
            }
            swap(&previous, &current)
        }
        return previous[t.count]
    }
}
