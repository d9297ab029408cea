import Foundation
import TestSupport
import YAML

@testable import ThumbgenKit

/// Manifests for the schema's agreement with the loader. Each uses `a.jpg` and `photos/b.jpg`,
/// which `loaderErrors` puts on disk, so that only what the case is about can be wrong.
enum SchemaCases {
    static let slot = "slots:\n  thumb: { size: 60x60, scales: [1, 2] }\n"
    static let image = "images:\n  - path: a.jpg\n    slots: [thumb]\n"

    /// `version: 1`, the given lines, and a valid slot and image unless the lines give their own.
    static func manifest(_ lines: String) -> String {
        "version: 1\n" + lines + "\n" + (lines.contains("slots:\n") || lines.hasPrefix("slots:") ? "" : slot)
            + (lines.contains("images:") ? "" : image)
    }

    /// A manifest with every key of schema 1.
    static let everyKey = """
        version: 1
        root: .
        index: out/renditions.json
        output:
          formats: [avif, webp]
          jpeg: { quality: 82, progressive: false }
          png: { compression: 6 }
          webp: { quality: 87, lossless: false }
          avif: { quality: 76, speed: 8 }
          placeholder: thumbhash
        limits: { pixels: 268402689, dimension: 65535, memory_mb: 1024, scans: 500 }
        slots:
          thumb: { size: 60x60, scales: [1, 2, 3], fit: cover }
          card: { size: 37.5x20, scales: [0.5, 1.5] }
          hero: { size: 1200x, scales: [1, 2], sizes: "(max-width: 1200px) 100vw, 1200px" }
          tall: { size: x200, scales: [1] }
        images:
          - path: photos/*.{jpg,heic}
            slots: [thumb, card]
          - path: a.jpg
            slots: [hero, tall]
            focus: [0.5, 0.3]
        """

    static let valid: [(String, String)] = [
        ("every key", everyKey),
        ("no modern formats", manifest("output: { formats: [], placeholder: none }")),
        ("a size with spaces", manifest("slots:\n  thumb: { size: 60 x 60, scales: [1] }")),
        ("the largest slot", manifest("slots:\n  thumb: { size: 100000x100000, scales: [0.01, 100] }")),
        ("a quoted glob", manifest("images:\n  - path: \"*.jpg\"\n    slots: [thumb]")),
        ("an index split by folder", manifest("index: { path: out/renditions.json, split: folder }")),
        ("an index not split, with the default path", manifest("index: { split: none }")),
    ]

    static let broken: [(String, String)] = [
        ("an unknown top-level key", manifest("ouput: { jpeg: { quality: 90 } }")),
        ("an unknown slot key", manifest("slots:\n  thumb: { size: 60x60, scales: [1], fits: cover }")),
        ("an unknown image key", manifest("images:\n  - path: a.jpg\n    slot: [thumb]")),
        ("an unknown fit", manifest("slots:\n  thumb: { size: 60x60, scales: [1], fit: contain }")),
        ("a size with a unit", manifest("slots:\n  thumb: { size: 1200px, scales: [1] }")),
        ("a size without an x", manifest("slots:\n  thumb: { size: \"60\", scales: [1] }")),
        ("a size of nothing", manifest("slots:\n  thumb: { size: x, scales: [1] }")),
        ("a zero width", manifest("slots:\n  thumb: { size: 0x60, scales: [1] }")),
        ("too many points", manifest("slots:\n  thumb: { size: 100001x, scales: [1] }")),
        ("a negative scale", manifest("slots:\n  thumb: { size: 60x60, scales: [-1] }")),
        ("a zero scale", manifest("slots:\n  thumb: { size: 60x60, scales: [0] }")),
        ("a scale too large", manifest("slots:\n  thumb: { size: 60x60, scales: [101] }")),
        ("a scale too small", manifest("slots:\n  thumb: { size: 60x60, scales: [0.001] }")),
        ("a scale listed twice", manifest("slots:\n  thumb: { size: 60x60, scales: [2, 2] }")),
        ("a quoted scale", manifest("slots:\n  thumb: { size: 60x60, scales: [\"2\"] }")),
        ("no scales", manifest("slots:\n  thumb: { size: 60x60, scales: [] }")),
        ("a slot without a size", manifest("slots:\n  thumb: { scales: [1] }")),
        ("a slot name with a space", manifest("slots:\n  my thumb: { size: 60x60, scales: [1] }")),
        ("an empty slots mapping", manifest("slots: {}")),
        ("an unknown format", manifest("output: { formats: [avif, wepb] }")),
        ("a format twice", manifest("output: { formats: [webp, webp] }")),
        ("an unknown placeholder", manifest("output: { placeholder: blurhash }")),
        ("a quality over 100", manifest("output: { jpeg: { quality: 101 } }")),
        ("a quoted quality", manifest("output: { webp: { quality: \"80\" } }")),
        ("a compression over 9", manifest("output: { png: { compression: 10 } }")),
        ("an AVIF speed over 10", manifest("output: { avif: { speed: 11 } }")),
        ("a zero pixel limit", manifest("limits: { pixels: 0 }")),
        ("an unknown limit", manifest("limits: { pixel: 5000 }")),
        ("version 2", "version: 2\n" + slot + image),
        ("a quoted version", "version: \"1\"\n" + slot + image),
        ("no version", slot + image),
        ("no images", "version: 1\n" + slot),
        ("an empty image list", manifest("images: []")),
        ("an image without slots", manifest("images:\n  - path: a.jpg")),
        ("an image with no slot listed", manifest("images:\n  - path: a.jpg\n    slots: []")),
        ("a focus out of range", manifest("images:\n  - path: a.jpg\n    slots: [thumb]\n    focus: [0.5, 1.5]")),
        ("a focus of one number", manifest("images:\n  - path: a.jpg\n    slots: [thumb]\n    focus: [0.5]")),
        ("an index that is not JSON", manifest("index: renditions.txt")),
        ("an index outside root", manifest("index: ../renditions.json")),
        ("an absolute index", manifest("index: /tmp/renditions.json")),
        ("an unknown index split", manifest("index: { path: renditions.json, split: folders }")),
        ("an unknown index key", manifest("index: { path: renditions.json, splits: folder }")),
        ("a split index outside root", manifest("index: { path: ../renditions.json, split: folder }")),
        ("sizes with a quote", manifest("slots:\n  thumb: { size: 60x60, scales: [1], sizes: '100vw\"' }")),
    ]

    /// What the loader says of `yaml`, read from a folder holding `a.jpg` and `photos/b.jpg`.
    static func loaderErrors(_ yaml: String) -> [String] {
        let folder = ScratchFolder("thumbgen-schema")
        folder.write("a.jpg", [])
        folder.write("photos/b.jpg", [])
        do {
            _ = try ManifestLoader.load(bytes: Array(yaml.utf8), file: "manifest.yaml", directory: folder.url)
            return []
        } catch {
            return error.diagnostics.map(\.description)
        }
    }

    /// What the schema-level reader says of `yaml`, with no disk behind it: for the repository's
    /// manifests, whose originals a test folder does not hold.
    static func readerErrors(_ yaml: String) -> [String] {
        do {
            var reader = ManifestReader(file: "manifest.yaml")
            _ = reader.read(try YAMLParser.parse(Array(yaml.utf8)))
            return reader.diagnostics.map(\.description)
        } catch {
            return ["\(error.mark): \(error.message)"]
        }
    }
}
