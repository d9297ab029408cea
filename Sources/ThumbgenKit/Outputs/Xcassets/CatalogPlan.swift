import ImageCodecs
import Renditions

/// What `export xcassets` puts in a catalog, decided from the index alone (pure: no file is
/// read): one imageset per `(image, slot)` an asset catalog can hold, holding the files
/// `RenditionIndex.resolve(image:slot:screenScale:)` gives for screen scales 1, 2 and 3, each at
/// the scale it is shown at (an original that fits is shown at its own size: a 48-pixel icon in
/// a 96-point slot is one file, at 1×), and the reasons the others are left out.
package struct CatalogPlan: Equatable {
    /// One imageset: `<name>.imageset/` with a file per scale and its `Contents.json`.
    struct ImageSet: Equatable {
        /// The folder's name without `.imageset` (`ImageSetName`).
        var name: String
        /// The index's key of the original.
        var image: String
        var slot: String
        var files: [File]

        /// `images-lake-thumb.imageset`
        var folder: String { name + ".imageset" }
        /// The folder's file names: the scale files, then `Contents.json`.
        var fileNames: [String] { (files.map(\.name) + ["Contents.json"]).sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) } }
        var contents: [UInt8] { ContentsJSON.imageSet(files.map { ContentsJSON.Image(filename: $0.name, scale: $0.scale) }) }
    }

    /// One file of an imageset.
    struct File: Equatable {
        /// 1, 2 or 3.
        var scale: Int
        /// `images-lake-thumb@2x.jpg`
        var name: String
        /// The file the index shows at that scale, relative to the manifest's root.
        var source: String
        /// True when `source` is an original, not a rendition: the catalog gets a copy, since a
        /// hard link would make an edit of the catalog's file an edit of the original.
        var isOriginal = false
    }

    /// Something the catalog leaves out, for a note: about an image (then `slot` is nil, or the
    /// one slot concerned), or about a whole slot (`image` nil).
    package struct LeftOut: Equatable {
        package var image: String?
        package var slot: String?
        package var reason: String
    }

    /// Sorted by name.
    var imageSets: [ImageSet] = []
    package var leftOut: [LeftOut] = []
    /// Pairs that would share one imageset: errors, each naming both.
    var collisions: [String] = []

    /// The only scales an asset catalog holds.
    static let catalogScales: Set<Double> = [1, 2, 3]

    /// Extensions for the media types an imageset holds (Apple's reference lists .png, .jpg,
    /// .heic, .heif, .avci and .pdf): a WebP, AVIF or GIF original cannot go in one. Which formats
    /// and extensions is Apple's rule; their media types are the registry's (`Formats`), and
    /// `image/heic` a type an index may give a HEIC original.
    static let extensions: [String: String] = {
        var table = ["image/heic": "heic"]
        for (format, ext) in [(ImageFormat.jpeg, "jpg"), (.png, "png"), (.heif, "heif")] {
            if let type = format.mediaType { table[type] = ext }
        }
        return table
    }()

    package init(index: RenditionIndex, paths: IndexPaths) {
        let slotScales = Self.slotScales(index)
        for (slot, scales) in slotScales.sorted(by: { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }) {
            let others = scales.filter { !Self.catalogScales.contains($0) }
            guard !others.isEmpty else { continue }
            let listed = others.map(ScaleKey.format).joined(separator: ", ")
            leftOut.append(LeftOut(image: nil, slot: slot, reason: "an asset catalog holds scales 1, 2 and 3 only, and it also lists \(listed)"))
        }
        var names: [String: ImageSet] = [:]
        for image in index.images.keys.sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }) {
            let record = index.images[image]!
            if let reason = Self.reasonLeftOut(record.status) {
                leftOut.append(LeftOut(image: image, slot: nil, reason: reason))
                continue
            }
            let slots = Set(record.renditions.keys.map(Self.slot(ofKey:)))
            for slot in slots.sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }) {
                let scales = slotScales[slot] ?? []
                guard !scales.isEmpty, scales.allSatisfy(Self.catalogScales.contains) else { continue }
                let name = ImageSetName.make(image: image, slot: slot)
                switch Self.files(index, image: image, slot: slot, scales: scales, name: name, paths: paths) {
                case .failure(let reason):
                    leftOut.append(LeftOut(image: image, slot: slot, reason: reason.text))
                case .success(let (files, notes)):
                    leftOut += notes.map { LeftOut(image: image, slot: slot, reason: $0) }
                    let set = ImageSet(name: name, image: image, slot: slot, files: files)
                    let key = ImageSetName.collisionKey(name)
                    if let other = names[key] {
                        collisions.append(Self.collision(other, set))
                    } else {
                        names[key] = set
                    }
                }
            }
        }
        imageSets = names.values.sorted { $0.name.utf8.lexicographicallyPrecedes($1.name.utf8) }
    }

    /// The scales of every slot: as the index declares them, else as its entries' keys show.
    private static func slotScales(_ index: RenditionIndex) -> [String: [Double]] {
        var scales = index.slots.mapValues { Array(Set($0.scales)).sorted() }
        var seen: [String: Set<Double>] = [:]
        for record in index.images.values {
            for key in record.renditions.keys where index.slots[slot(ofKey: key)] == nil {
                guard let scale = Double(key[key.index(after: key.lastIndex(of: "@") ?? key.startIndex)...].dropLast()) else { continue }
                seen[slot(ofKey: key), default: []].insert(scale)
            }
        }
        for (slot, found) in seen { scales[slot] = found.sorted() }
        return scales
    }

    /// `thumb@2x` → `thumb`.
    static func slot(ofKey key: String) -> String {
        String(key[..<(key.lastIndex(of: "@") ?? key.endIndex)])
    }

    /// Why an image whose every entry is its original is not exported: its file either is no
    /// picture (unreadable, unsupported) or would lose what makes it one (animation).
    private static func reasonLeftOut(_ status: ImageStatus) -> String? {
        switch status {
        case .resized, .fits: nil
        case .animated: "it is animated, and an imageset shows one still picture"
        case .unreadable: "the index shows its original, which thumbgen could not read (an app would show a broken image)"
        case .unsupported: "the index shows its original, which is not an image thumbgen reads"
        }
    }

    /// The imageset's files, one a scale, each at the scale `resolve` says it is shown at, and
    /// notes on the files no catalog scale is true for; a failure when no file can go in.
    private static func files(_ index: RenditionIndex, image: String, slot: String, scales: [Double], name: String,
                              paths: IndexPaths) -> Result<([File], [String]), Reason> {
        var files: [File] = []
        var notes: [String] = []
        for scale in scales {
            let key = ScaleKey.entry(slot: slot, scale: scale)
            guard let entry = index.images[image]?.renditions[key] else {
                return .failure(Reason("the index has no entry '\(key)'; run the build again"))
            }
            guard let type = entry.type, let ext = extensions[type] else {
                return .failure(Reason("its \(ScaleKey.format(scale))x file '\(entry.file)' is \(entry.type ?? "of no known type"), and an imageset holds JPEG, PNG and HEIF files only"))
            }
            guard let source = paths.rootRelative(entry.file) else {
                return .failure(Reason("its \(ScaleKey.format(scale))x file '\(entry.file)' is not below the manifest's root"))
            }
            let shown = index.resolve(image: image, slot: slot, screenScale: scale).scale
            guard catalogScales.contains(shown) else {
                notes.append("its \(ScaleKey.format(scale))x file '\(entry.file)' is the original, shown at \(ScaleKey.format(shown))x, and an imageset holds files at 1x, 2x and 3x only; screens of \(ScaleKey.format(scale))x get the one below")
                continue
            }
            // The first file for a scale holds it: a rendition made for it comes before an
            // original shown at it, and an original that fits at every scale goes in once.
            guard !files.contains(where: { $0.scale == Int(shown) }) else { continue }
            files.append(File(scale: Int(shown), name: "\(name)@\(Int(shown))x.\(ext)", source: source, isOriginal: entry.file == image))
        }
        guard !files.isEmpty else {
            return .failure(Reason("the index shows its original, at no scale an imageset holds (1x, 2x, 3x)"))
        }
        return .success((files, notes))
    }

    private struct Reason: Error { var text: String; init(_ text: String) { self.text = text } }

    private static func collision(_ first: ImageSet, _ second: ImageSet) -> String {
        let pairs = "'\(first.image)' in slot '\(first.slot)' and '\(second.image)' in slot '\(second.slot)'"
        if first.name == second.name {
            return "\(pairs) would both be the imageset '\(first.name)'; rename one of the images (or slots)"
        }
        return "\(pairs) would be the imagesets '\(first.name)' and '\(second.name)', one folder where case is ignored (a Mac's default); rename one of the images (or slots)"
    }
}
