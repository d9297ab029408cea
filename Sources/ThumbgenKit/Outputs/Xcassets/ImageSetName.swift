/// The name of the imageset one `(image, slot)` becomes in an asset catalog:
/// `<image path without its extension, '/' as '-'>-<slot>`, made safe for Xcode and for every
/// file system an app's sources live on. The one owner of that convention.
public enum ImageSetName {
    /// Longest name, in UTF-8 bytes. Room for `.imageset` (9 bytes) after it, and for a file
    /// `<name>@3x.heic` (8) inside it, under the 255 bytes ext4, APFS and NTFS take.
    static let maximumBytes = 200
    /// The hash that keeps a shortened name unique: 16 hex digits (64 bits) of a SHA-256.
    static let hashDigits = 16

    /// `images/lake.jpg` in slot `thumb` → `images-lake-thumb`. `image` is the index's key
    /// (relative to the index's folder).
    ///
    /// Kept: letters and digits of any script, `-`, `_` and `.`. Every run of other characters
    /// (spaces, parentheses, punctuation, symbols, control characters) becomes one `_`, so a name
    /// holds nothing Xcode's asset names or a file system refuse (`/`, `:`, `\`, `*`, `?`, `"`,
    /// `<`, `>`, `|`, NUL). A leading `.` (a hidden folder, which Xcode skips) becomes `_`.
    /// A name over `maximumBytes` keeps its start and ends in `-` and a hash of the whole,
    /// so two long names stay apart.
    public static func make(image: String, slot: String) -> String {
        let stem = image.removingPathExtension.replacing("/", with: "-")
        var name = sanitized(stem + "-" + slot)
        guard name.utf8.count > maximumBytes else { return name }
        let hash = FileHash.sha256(Array(image.utf8) + [0] + Array(slot.utf8)).prefix(hashDigits)
        let keep = maximumBytes - hashDigits - 1
        var kept = ""
        for character in name {
            guard kept.utf8.count + character.utf8.count <= keep else { break }
            kept.append(character)
        }
        name = kept + "-" + hash
        return name
    }

    /// What two names must differ in to be two imagesets everywhere: case (APFS and HFS+ fold
    /// it by default) and Unicode normalisation (Swift's `==` on strings already ignores it).
    static func collisionKey(_ name: String) -> String {
        name.lowercased()
    }

    private static func sanitized(_ text: String) -> String {
        var name = ""
        var replacing = false
        for character in text {
            if isKept(character) {
                name.append(character)
                replacing = false
            } else if !replacing {
                name.append("_")
                replacing = true
            }
        }
        if name.hasPrefix(".") { name = "_" + name.dropFirst() }
        return name.isEmpty ? "_" : name
    }

    private static func isKept(_ character: Character) -> Bool {
        // A combining accent belongs to the letter it follows (one Character), in either
        // normalisation form; emoji, symbols and punctuation are neither letters nor numbers.
        character == "-" || character == "_" || character == "." || character.isLetter || character.isNumber
    }
}
