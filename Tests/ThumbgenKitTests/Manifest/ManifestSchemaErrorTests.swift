import Testing
@testable import ThumbgenKit

/// Well-formed YAML that breaks schema 1: versions, keys, slots, sizes, scales, fits, output,
/// limits and the index path. The slot under test is always on line 3.
struct ManifestSchemaErrorTests {
    static let images = "images:\n  - path: a.jpg\n    slots: [thumb]\n"

    /// Line 1 `version: 1`, line 2 `slots:`, line 3 the given slot line, then the images.
    static func slot(_ line: String) -> String {
        "version: 1\nslots:\n" + line + "\n" + images
    }

    /// Line 1 `version: 1`, line 2 the given line, then a valid slot and the images.
    static func top(_ line: String) -> String {
        "version: 1\n" + line + "\nslots:\n  thumb: { size: 60x60, scales: [1] }\n" + images
    }

    static let versions: [ManifestCase] = [
        ManifestCase("missing version", "slots:\n  thumb: { size: 60x60, scales: [1] }\n" + images,
            "manifest.yaml:1:1: error: the manifest has no 'version'; add 'version: 1' at the top"),
        ManifestCase("newer version", "version: 2\nslots:\n  thumb: { size: 60x60, scales: [1] }\n" + images,
            "manifest.yaml:1:10: error: manifest version 2 is newer than this thumbgen understands (1); update thumbgen"),
        ManifestCase("fractional version", "version: 1.5\nslots:\n  thumb: { size: 60x60, scales: [1] }\n" + images,
            "manifest.yaml:1:10: error: version must be a whole number (1 for this schema), but it is '1.5'"),
        ManifestCase("version zero", "version: 0\nslots:\n  thumb: { size: 60x60, scales: [1] }\n" + images,
            "manifest.yaml:1:10: error: version must be a whole number (1 for this schema), but it is '0'"),
        ManifestCase("version as a word", "version: one\nslots:\n  thumb: { size: 60x60, scales: [1] }\n" + images,
            "manifest.yaml:1:10: error: version must be a whole number (1 for this schema), but it is 'one'"),
    ]

    static let topLevel: [ManifestCase] = [
        ManifestCase("unknown top-level key", top("ouput: { jpeg: { quality: 90 } }"),
            "manifest.yaml:2:1: error: unknown key 'ouput' in the manifest (did you mean 'output'?); known keys: version, root, index, output, limits, web, cache, slots, images"),
        ManifestCase("missing slots", "version: 1\n" + images,
            "manifest.yaml:1:1: error: the manifest has no 'slots'; declare at least one, like 'thumb: { size: 60x60, scales: [1, 2, 3] }'",
            "manifest.yaml:4:13: error: unknown slot 'thumb'"),
        ManifestCase("missing images", "version: 1\nslots:\n  thumb: { size: 60x60, scales: [1] }\n",
            "manifest.yaml:1:1: error: the manifest has no 'images'; list them, like '- path: photos/*.jpg' with 'slots: [thumb]'"),
        ManifestCase("empty slots", "version: 1\nslots: {}\n" + images,
            "manifest.yaml:2:8: error: slots is empty; declare at least one slot",
            "manifest.yaml:5:13: error: unknown slot 'thumb'"),
        ManifestCase("slots as a list", "version: 1\nslots: [thumb]\n" + images,
            "manifest.yaml:2:8: error: slots must be a mapping of slot names to sizes, like 'thumb: { size: 60x60, scales: [1, 2, 3] }', but it is a list",
            "manifest.yaml:5:13: error: unknown slot 'thumb'"),
        ManifestCase("quality out of range", top("output: { jpeg: { quality: 101 } }"),
            "manifest.yaml:2:28: error: output.jpeg.quality must be from 1 to 100, but it is 101"),
        ManifestCase("quality as a word", top("output: { jpeg: { quality: high } }"),
            "manifest.yaml:2:28: error: output.jpeg.quality must be a whole number from 1 to 100, but it is 'high'"),
        ManifestCase("png compression out of range", top("output: { png: { compression: 10 } }"),
            "manifest.yaml:2:31: error: output.png.compression must be from 0 to 9, but it is 10"),
        ManifestCase("progressive is not a boolean", top("output: { jpeg: { progressive: yes } }"),
            "manifest.yaml:2:32: error: output.jpeg.progressive must be true or false, but it is 'yes'"),
        ManifestCase("unknown output key", top("output: { gif: { quality: 80 } }"),
            "manifest.yaml:2:11: error: unknown key 'gif' in output (did you mean 'avif'?); known keys: formats, jpeg, png, webp, avif, placeholder, colour"),
        ManifestCase("unknown modern format", top("output: { formats: [avif, wepb] }"),
            "manifest.yaml:2:27: error: unknown format 'wepb' in output.formats (did you mean 'webp'?); thumbgen writes avif and webp beside each JPEG or PNG"),
        ManifestCase("zero pixel limit", top("limits: { pixels: 0 }"),
            "manifest.yaml:2:19: error: limits.pixels must be from 1 to 8589934588, but it is 0"),
        ManifestCase("misspelt limit", top("limits: { pixel: 5000 }"),
            "manifest.yaml:2:11: error: unknown key 'pixel' in limits (did you mean 'pixels'?); known keys: pixels, dimension, memory_mb, scans"),
        ManifestCase("limits as a number", top("limits: 100"),
            "manifest.yaml:2:9: error: limits must be a mapping of 'pixels', 'dimension', 'memory_mb', 'scans', but it is a value"),
        ManifestCase("index outside root", top("index: ../renditions.json"),
            "manifest.yaml:2:8: error: index '../renditions.json' must be a path under root, without '..' or a leading '/'"),
        ManifestCase("absolute index", top("index: /var/www/renditions.json"),
            "manifest.yaml:2:8: error: index '/var/www/renditions.json' must be a path under root, without '..' or a leading '/'"),
        ManifestCase("index not JSON", top("index: renditions.yaml"),
            "manifest.yaml:2:8: error: index 'renditions.yaml' must be a .json file name, like renditions.json"),
        ManifestCase("root that does not exist", top("root: nowhere"),
            "manifest.yaml:2:7: error: root 'nowhere' is not a folder (looked for {site}/nowhere)"),
        ManifestCase("root that is a file", top("root: a.jpg"),
            "manifest.yaml:2:7: error: root 'a.jpg' is not a folder (looked for {site}/a.jpg)"),
    ]

    static let slots: [ManifestCase] = [
        ManifestCase("misspelt slot key", slot("  thumb: { sise: 60x60, scales: [1] }"),
            "manifest.yaml:3:10: error: slot 'thumb' has no 'size'; give one in points, like 'size: 60x60' (or '390x', 'x200')",
            "manifest.yaml:3:12: error: unknown key 'sise' in slot 'thumb' (did you mean 'size'?); known keys: size, scales, fit, sizes"),
        ManifestCase("missing scales", slot("  thumb: { size: 60x60 }"),
            "manifest.yaml:3:10: error: slot 'thumb' has no 'scales'; list the screen scales it is shown at, like 'scales: [1, 2, 3]'"),
        ManifestCase("slot that is not a mapping", slot("  thumb: 60x60"),
            "manifest.yaml:3:10: error: slot 'thumb' must be a mapping of 'size', 'scales', 'fit', 'sizes', but it is a value"),
        ManifestCase("invalid slot name", slot("  thumb@2x: { size: 60x60, scales: [1] }"),
            "manifest.yaml:3:3: error: slot name 'thumb@2x' may use only letters, digits, '-' and '_'",
            "manifest.yaml:6:13: error: unknown slot 'thumb'"),
        ManifestCase("unknown fit", slot("  thumb: { size: 60x60, scales: [1], fit: cove }"),
            "manifest.yaml:3:43: error: unknown fit 'cove' (did you mean 'cover'?); use 'inside' or 'cover'"),
        ManifestCase("size with a star", slot("  thumb: { size: 60*60, scales: [1] }"),
            "manifest.yaml:3:18: error: size '60*60' of slot 'thumb' separates its sides with '*'; use a lowercase letter x: write 60x60"),
        ManifestCase("size with one number", slot("  thumb: { size: 60, scales: [1] }"),
            "manifest.yaml:3:18: error: size '60' of slot 'thumb' is not WIDTHxHEIGHT in points; write it like 60x60, 390x (width only) or x200 (height only)"),
        ManifestCase("size with no number", slot("  thumb: { size: x, scales: [1] }"),
            "manifest.yaml:3:18: error: size 'x' of slot 'thumb' is not WIDTHxHEIGHT in points; write it like 60x60, 390x (width only) or x200 (height only)"),
        ManifestCase("size as a list", slot("  thumb: { size: [60, 60], scales: [1] }"),
            "manifest.yaml:3:18: error: size of slot 'thumb' must be text, but it is a list"),
        ManifestCase("zero height", slot("  thumb: { size: 60x0, scales: [1] }"),
            "manifest.yaml:3:18: error: the height of slot 'thumb' must be more than 0, but it is 0"),
        ManifestCase("negative width", slot("  thumb: { size: -60x60, scales: [1] }"),
            "manifest.yaml:3:18: error: the width of slot 'thumb' must be more than 0, but it is -60"),
        ManifestCase("NaN width", slot("  thumb: { size: .nanx60, scales: [1] }"),
            "manifest.yaml:3:18: error: the width of slot 'thumb' must be a finite number more than 0, but it is .nan"),
        ManifestCase("infinite height", slot("  thumb: { size: 60x.inf, scales: [1] }"),
            "manifest.yaml:3:18: error: the height of slot 'thumb' must be a finite number more than 0, but it is .inf"),
        ManifestCase("width as a word", slot("  thumb: { size: wide x 60, scales: [1] }"),
            "manifest.yaml:3:18: error: the width of slot 'thumb' must be a number like 2 or 1.5 (at most 6 decimals), but it is 'wide'"),
        ManifestCase("too many decimals", slot("  thumb: { size: 60.1234567x60, scales: [1] }"),
            "manifest.yaml:3:18: error: the width of slot 'thumb' must be a number like 2 or 1.5 (at most 6 decimals), but it is '60.1234567'"),
        ManifestCase("width too large", slot("  thumb: { size: 100001x1, scales: [1] }"),
            "manifest.yaml:3:18: error: the width of slot 'thumb' must be at most 100000, but it is 100001"),
        ManifestCase("both sides wrong", slot("  thumb: { size: 0x-1, scales: [1] }"),
            "manifest.yaml:3:18: error: the width of slot 'thumb' must be more than 0, but it is 0",
            "manifest.yaml:3:18: error: the height of slot 'thumb' must be more than 0, but it is -1"),
        ManifestCase("zero scale", slot("  thumb: { size: 60x60, scales: [0] }"),
            "manifest.yaml:3:34: error: a scale of slot 'thumb' must be more than 0, but it is 0"),
        ManifestCase("negative scale", slot("  thumb: { size: 60x60, scales: [-2] }"),
            "manifest.yaml:3:34: error: a scale of slot 'thumb' must be more than 0, but it is -2"),
        ManifestCase("NaN scale", slot("  thumb: { size: 60x60, scales: [.NaN] }"),
            "manifest.yaml:3:34: error: a scale of slot 'thumb' must be a finite number more than 0, but it is .NaN"),
        ManifestCase("infinite scale", slot("  thumb: { size: 60x60, scales: [1, .inf] }"),
            "manifest.yaml:3:37: error: a scale of slot 'thumb' must be a finite number more than 0, but it is .inf"),
        ManifestCase("scale as a word", slot("  thumb: { size: 60x60, scales: [two] }"),
            "manifest.yaml:3:34: error: a scale of slot 'thumb' must be a number like 2 or 1.5 (at most 6 decimals), but it is 'two'"),
        ManifestCase("scale as a list", slot("  thumb: { size: 60x60, scales: [[2]] }"),
            "manifest.yaml:3:34: error: a scale of slot 'thumb' must be a number like 2 or 1.5, but it is a list"),
        ManifestCase("scale too large", slot("  thumb: { size: 60x60, scales: [101] }"),
            "manifest.yaml:3:34: error: a scale of slot 'thumb' must be at most 100, but it is 101"),
        ManifestCase("scale too small", slot("  thumb: { size: 60x60, scales: [0.005] }"),
            "manifest.yaml:3:34: error: a scale of slot 'thumb' must be at least 0.01, but it is 0.005"),
        ManifestCase("duplicate scale", slot("  thumb: { size: 60x60, scales: [1, 2, 2.0] }"),
            "manifest.yaml:3:40: error: scale 2 is listed twice in slot 'thumb'"),
        ManifestCase("empty scales", slot("  thumb: { size: 60x60, scales: [] }"),
            "manifest.yaml:3:33: error: scales of slot 'thumb' is empty; list at least one, like [1, 2, 3]"),
        ManifestCase("scales not a list", slot("  thumb: { size: 60x60, scales: 2 }"),
            "manifest.yaml:3:33: error: scales of slot 'thumb' must be a list, like [1, 2, 3], but it is a value"),
    ]

    @Test(arguments: versions + topLevel + slots)
    func reportsEveryProblemWithItsPlace(_ broken: ManifestCase) throws {
        let (lines, expected) = try broken.diagnostics()
        #expect(lines == expected)
    }
}
