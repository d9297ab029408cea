import FoundationEssentials
import Renditions

/// What stands at a manifest's index path before a command touches it. thumbgen owns the path
/// only when nothing is there, or the index thumbgen wrote (one that reads as an index; or,
/// damaged, one that still names thumbgen as its generator or that the registry of indexes
/// under root lists): a user's own `data.json` at
/// `index: data.json` is never replaced, and `clean` never deletes it.
struct IndexClaim {
    /// Why the path is not thumbgen's, or nil when it is.
    let refusal: String?
    /// The originals (root-relative) the index there lists: a path that names one of them and
    /// is gone was deleted or moved. Read only when a path matches nothing: an index of
    /// thumbgen's own is not decoded for the claim alone.
    let knownImages: () -> Set<String>

    init(root: String, indexPath: String) {
        let files = SiteFiles(root: root)
        let paths = IndexPaths(indexPath: indexPath)
        guard case .file = files.entry(indexPath) else {
            // Nothing there (the index is made), or a link, folder or FIFO, which every write
            // refuses with its own message.
            refusal = nil
            knownImages = { [] }
            return
        }
        let bytes = IndexStore(files: files).bytes(indexPath)
        let known = Once { () -> Set<String> in
            guard let bytes, let index = try? IndexStore.decode(bytes) else { return [] }
            return Set(index.images.keys.compactMap { paths.rootRelative($0) })
        }
        knownImages = { known.value }
        // An index that names its writer (even a damaged one: a merge conflict in it, say).
        let signed = bytes.map { String(decoding: $0.prefix(1 << 16), as: UTF8.self).contains(#""generator": "thumbgen "#) } ?? false
        if signed || bytes.map({ (try? IndexStore.decode($0)) != nil }) == true || IndexRegistry.load(files).indexes.contains(indexPath) {
            refusal = nil
        } else {
            refusal = "\(NameText.displayed(indexPath)) under root is a file thumbgen did not write (it is not a thumbgen index); thumbgen never replaces or deletes it: choose another index path, or move the file"
        }
    }
}

/// A value made the first time it is asked for, then kept (the index's images are decoded once,
/// however many paths match nothing).
private final class Once<Value> {
    private var made: Value?
    private let make: () -> Value

    init(_ make: @escaping () -> Value) {
        self.make = make
    }

    var value: Value {
        if let made { return made }
        let value = make()
        made = value
        return value
    }
}
