import FoundationEssentials

/// The lines of thumbgen's journals (`BuildJournal`, `CommandJournal`): `T <token>` for the token
/// that names a run's temporaries, and a letter, a space and a path as a JSON string for each
/// path written down (any name, newlines included, fits on one line). The one place that writes
/// and reads them.
enum JournalLine {
    /// `T 1234abcd` and a newline.
    static func token(_ token: String) -> String { "T \(token)\n" }

    /// `F "photos/a.Thumbnail(60x40).jpg"` and a newline, for `letter` F.
    static func path(_ letter: Character, _ path: String) -> String {
        let quoted = (try? JSONEncoder().encode(path)).map { String(decoding: $0, as: UTF8.self) } ?? "\"\""
        return "\(letter) \(quoted)\n"
    }

    /// The token on a `T` line, only of the form thumbgen makes (`TemporaryNames.isToken`): a
    /// journal from elsewhere (a repository) cannot name a user's `.thumbgen-notes-1` for removal.
    static func token(in line: Substring) -> String? {
        guard line.hasPrefix("T "), TemporaryNames.isToken(line.dropFirst(2)) else { return nil }
        return String(line.dropFirst(2))
    }

    /// The path on a line of `letter`, or nil for another line or a damaged one.
    static func path(in line: Substring, _ letter: Character) -> String? {
        guard line.hasPrefix("\(letter) ") else { return nil }
        return try? JSONDecoder().decode(String.self, from: Data(line.dropFirst(2).utf8))
    }
}
