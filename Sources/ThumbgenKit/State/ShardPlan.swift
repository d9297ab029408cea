import FoundationEssentials
import Renditions

extension Shard {
    /// The shard (1-based) that owns an image among `count`: a stable hash of its root-relative
    /// path, so adding or removing one image moves no other.
    public static func owner(of path: String, count: Int) -> Int {
        let digest = FileHash.sha256(Array(path.utf8))
        let value = UInt64(digest.prefix(16), radix: 16) ?? 0
        return Int(value % UInt64(count)) + 1
    }

    public func owns(_ path: String) -> Bool {
        Self.owner(of: path, count: count) == index
    }

    /// `renditions.shard-2-of-3.json` for the index `renditions.json`.
    public func indexPath(for indexPath: String) -> String {
        let stem = indexPath.removingPathExtension
        return "\(stem).shard-\(index)-of-\(count).json"
    }
}

extension Manifest {
    /// A fingerprint of everything in the manifest that shapes the index: shards built from
    /// manifests with different fingerprints cannot be merged.
    public var fingerprint: String {
        var text = "index \(indexPath)\n"
        text += "output \(output.jpegQuality) \(output.jpegProgressive) \(output.pngCompression)\n"
        text += "limits \(limits.pixels) \(limits.dimension) \(limits.memoryMB)\n"
        for slot in slots {
            text += "slot \(slot.name) \(slot.size) \(slot.scales.map(\.description).joined(separator: ",")) \(slot.fit.rawValue)\n"
        }
        for image in images {
            text += "image \(image.path)\t\(image.slots.joined(separator: ","))\t\(image.focus.map { "\($0.x),\($0.y)" } ?? "")\n"
        }
        return FileHash.sha256(Array(text.utf8))
    }
}
