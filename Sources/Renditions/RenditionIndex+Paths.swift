/// An index is untrusted input: anyone may have edited it. The paths it gives are relative to its
/// own folder, and a file thumbgen wrote lies beside its original, so a path that is absolute, has
/// an empty or `.` part, or climbs out of the index's folder further than its image's own path
/// does (`../../etc/passwd` for `photos/a.jpg`) is none thumbgen could have written.
extension RenditionIndex {
    /// Could the index hold `file` for `image`: relative, without empty or `.` parts, with `..`
    /// only leading and no more of them than the image's own path has? (An index in a folder of
    /// its own names the images above it `../photos/a.jpg`, and their files the same way.)
    public static func isContained(_ file: String, image: String) -> Bool {
        guard let climbs = leadingParents(file), let allowed = leadingParents(image) else { return false }
        return climbs <= allowed
    }

    /// The number of leading `..` parts of a well-formed relative path; nil for a path that is
    /// empty, absolute, has an empty, `.` or NUL-holding part, or a `..` after a name.
    /// Split by bytes, as the file system splits it: a `/` before a combining mark is a
    /// separator, though Swift's characters would join the two.
    static func leadingParents(_ path: String) -> Int? {
        let parts = path.utf8.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false)
        guard !path.isEmpty else { return nil }
        var parents = 0, named = false
        for part in parts {
            guard !part.isEmpty, !part.elementsEqual(".".utf8), !part.contains(0) else { return nil }
            if part.elementsEqual("..".utf8) {
                guard !named else { return nil }
                parents += 1
            } else {
                named = true
            }
        }
        return named ? parents : nil
    }

    /// The first path the index gives that it could not hold (`isContained`), with its image,
    /// images in order; nil when every path is one it could.
    public var firstUncontainedPath: (image: String, file: String)? {
        for image in images.keys.sorted() {
            guard let record = images[image] else { continue }
            guard Self.leadingParents(image) != nil else { return (image, image) }
            for key in record.renditions.keys.sorted() {
                guard let entry = record.renditions[key] else { continue }
                for file in [entry.file] + (entry.sources ?? []).map(\.file) where !Self.isContained(file, image: image) {
                    return (image, file)
                }
            }
        }
        return nil
    }
}
