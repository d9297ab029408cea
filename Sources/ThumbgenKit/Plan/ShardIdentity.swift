import FoundationEssentials
import ImageCodecs
import Renditions

/// What a shard index must share with the manifest it is merged under, part by part: every
/// part of an image's recipe that comes from the manifest or from this machine (the rendering
/// version, formats, every encoder setting, placeholder, limits, codec library versions), and the
/// slots and images it was told to make. Each part is written with the recipe's own lines
/// (`Recipe`), so what merge trusts cannot drift from what a build keys its files on, and each is
/// hashed on its own, so that merge can say which part differs.
public struct ShardIdentity: Equatable, Sendable {
    /// Part names, in order, with the hash of each part's text.
    public var parts: [String: String]

    /// The parts, in the order they are written and compared: the output parts are the
    /// recipe's own (`Recipe.outputParts`).
    public static let names = ["index", "rendering"] + Recipe.outputParts.map(\.name) + ["limits", "libraries", "slots", "images"]

    public init(manifest: Manifest, libraries: CodecLibraries = .current) {
        var texts: [String: [String]] = [
            "index": ["index \(manifest.indexPath)"],
            "rendering": [Recipe.rendering],
            "limits": [Recipe.limits(manifest.limits)],
            "libraries": Recipe.libraries(libraries, CodecLibraries.Library.allCases),
            "slots": manifest.slots.map { slot in
                "slot \(slot.name) \(slot.size) \(slot.scales.map(\.description).joined(separator: ",")) \(slot.fit.rawValue)"
            },
            "images": manifest.images.map { image in
                "image \(image.path)\t\(image.slots.joined(separator: ","))\t\(image.focus?.text ?? "")"
            },
        ]
        for part in Recipe.outputParts { texts[part.name] = [part.line(manifest.output)] }
        parts = texts.mapValues { lines in String(FileHash.sha256(Array((lines.joined(separator: "\n") + "\n").utf8)).prefix(16)) }
    }

    /// `index=1a2b… rendering=…`: what a shard index records (`ShardRecord.manifest`).
    public var text: String {
        Self.names.map { "\($0)=\(parts[$0] ?? "")" }.joined(separator: " ")
    }

    /// The identity a shard index recorded; nil when it is not one (an older thumbgen's hash).
    public init?(text: String) {
        var parts: [String: String] = [:]
        for field in text.split(separator: " ") {
            let pair = field.split(separator: "=", maxSplits: 1).map(String.init)
            guard pair.count == 2, Self.names.contains(pair[0]), parts[pair[0]] == nil else { return nil }
            parts[pair[0]] = pair[1]
        }
        guard parts.count == Self.names.count else { return nil }
        self.parts = parts
    }

    /// The names of the parts in which `other` differs from this one, in order.
    public func differences(from other: ShardIdentity) -> [String] {
        Self.names.filter { parts[$0] != other.parts[$0] }
    }

    /// A part's name in words, for the message that names it.
    public static func words(_ name: String) -> String {
        if let part = Recipe.outputParts.first(where: { $0.name == name }) { return part.words }
        return switch name {
        case "index": "the index path"
        case "rendering": "the rendering version"
        case "limits": "limits"
        case "libraries": "codec library versions (see thumbgen --version)"
        case "slots": "slots"
        default: "images (their paths, slots or focus)"
        }
    }
}
