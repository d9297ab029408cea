import Renditions

/// What `export xcassets` puts in a catalog, decided from the index alone (pure: no file is
/// read): one imageset per `(image, slot)` an asset catalog can hold, holding for screen scales
/// 1, 2 and 3 exactly the files `RenditionIndex.resolve(image:slot:screenScale:)` gives, and the
/// reasons the others are left out.
struct CatalogPlan: Equatable {
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
    }

    /// Something the catalog leaves out, for a note: about an image (then `slot` is nil, or the
    /// one slot concerned), or about a whole slot (`image` nil).
    struct LeftOut: Equatable {
        var image: String?
        var slot: String?
        var reason: String
    }

    /// Sorted by name.
    var imageSets: [ImageSet] = []
    var leftOut: [LeftOut] = []
    /// Pairs that would share one imageset: errors, each naming both.
    var collisions: [String] = []

    /// The only scales an asset catalog holds.
    static let catalogScales: Set<Double> = [1, 2, 3]

    /// Extensions for the media types an imageset holds (Apple's reference lists .png, .jpg,
    /// .heic, .heif, .avci and .pdf): a WebP, AVIF or GIF original cannot go in one.
    static let extensions = ["image/jpeg": "jpg", "image/png": "png", "image/heic": "heic", "image/heif": "heif"]

    init(index: RenditionIndex, paths: IndexPaths) {
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
                switch Self.files(record, slot: slot, scales: scales, name: name, paths: paths) {
                case .failure(let reason):
                    leftOut.append(LeftOut(image: image, slot: slot, reason: reason.text))
                case .success(let files):
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

    private static func files(_ record: ImageRecord, slot: String, scales: [Double], name: String,
                              paths: IndexPaths) -> Result<[File], Reason> {
        var files: [File] = []
        for scale in scales {
            let key = ScaleKey.entry(slot: slot, scale: scale)
            guard let entry = record.renditions[key] else {
                return .failure(Reason("the index has no entry '\(key)'; run the build again"))
            }
            guard let type = entry.type, let ext = extensions[type] else {
                return .failure(Reason("its \(ScaleKey.format(scale))x file '\(entry.file)' is \(entry.type ?? "of no known type"), and an imageset holds JPEG, PNG and HEIF files only"))
            }
            guard let source = paths.rootRelative(entry.file) else {
                return .failure(Reason("its \(ScaleKey.format(scale))x file '\(entry.file)' is not below the manifest's root"))
            }
            files.append(File(scale: Int(scale), name: "\(name)@\(Int(scale))x.\(ext)", source: source))
        }
        return .success(files)
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
