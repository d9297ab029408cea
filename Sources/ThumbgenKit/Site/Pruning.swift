/// What a build prunes and `clean` deletes, decided in one place: of the files this manifest
/// owns, those with a rendition's name that are no original and that nothing staying lists.
/// Every comparison folds case: on a case-insensitive disk `A.Thumbnail(1x1).jpg` and
/// `a.Thumbnail(1x1).jpg` are one file, so a file kept under any case is never deleted.
enum Pruning {
    /// `owned` less what stays (root-relative paths), sorted.
    static func deletable(_ owned: Set<String>, keeping kept: Set<String>, originals: some Sequence<String>) -> [String] {
        let staying = Set(kept.map { $0.lowercased() }).union(originals.map { $0.lowercased() })
        return owned.filter { RenditionNaming.isRenditionName($0) && !staying.contains($0.lowercased()) }.sorted()
    }

    /// Says, about each file `deleted`, that it was deleted and `why`.
    static func narrate(_ deleted: [String], _ why: String, to narrator: Narrator?) {
        guard let narrator else { return }
        for path in deleted { narrator.say(path, "deleted: \(why)") }
    }
}
