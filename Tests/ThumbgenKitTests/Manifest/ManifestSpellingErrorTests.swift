import Testing
@testable import ThumbgenKit

/// Values written the way another tool would take them: a number in quotes, a size in CSS
/// pixels or with a multiplication sign. Each message says how to write it here.
struct ManifestSpellingErrorTests {
    /// Line 1 `version: 1`, line 2 `slots:`, line 3 the given slot line, then the images.
    static func slot(_ line: String) -> String {
        "version: 1\nslots:\n" + line + "\n" + ManifestSchemaErrorTests.images
    }

    static let quotedNumbers: [ManifestCase] = [
        ManifestCase("version in double quotes", "version: \"1\"\nslots:\n  thumb: { size: 60x60, scales: [1] }\n" + ManifestSchemaErrorTests.images,
            "manifest.yaml:1:10: error: version is a number, but it is written in quotes: write 'version: 1', without them"),
        ManifestCase("version in single quotes", "version: '1'\nslots:\n  thumb: { size: 60x60, scales: [1] }\n" + ManifestSchemaErrorTests.images,
            "manifest.yaml:1:10: error: version is a number, but it is written in quotes: write 'version: 1', without them"),
        ManifestCase("a quoted scale", slot("  thumb: { size: 60x60, scales: [1, \"2\"] }"),
            "manifest.yaml:3:37: error: a scale of slot 'thumb' is a number, but it is written in quotes: write 2, without them"),
        ManifestCase("a quoted quality", ManifestSchemaErrorTests.top("output: { jpeg: { quality: \"82\" } }"),
            "manifest.yaml:2:28: error: output.jpeg.quality is a number, but it is written in quotes: write 82, without them"),
    ]

    static let sizes: [ManifestCase] = [
        ManifestCase("a width in CSS pixels", slot("  thumb: { size: 1200px, scales: [1] }"),
            "manifest.yaml:3:18: error: size '1200px' of slot 'thumb' has a unit ('px'), but sizes are in points and take none: write 1200x (width only) or 1200x800 (width and height)"),
        ManifestCase("both sides in pixels", slot("  thumb: { size: 60px x 60px, scales: [1] }"),
            "manifest.yaml:3:18: error: size '60px x 60px' of slot 'thumb' has a unit ('px'), but sizes are in points and take none: write 60x60"),
        ManifestCase("a height in points", slot("  thumb: { size: x200pt, scales: [1] }"),
            "manifest.yaml:3:18: error: size 'x200pt' of slot 'thumb' has a unit ('pt'), but sizes are in points and take none: write x200 (height only)"),
        ManifestCase("a multiplication sign", slot("  thumb: { size: 60 × 60, scales: [1] }"),
            "manifest.yaml:3:18: error: size '60 × 60' of slot 'thumb' separates its sides with '×'; use a lowercase letter x: write 60x60"),
        ManifestCase("a capital X", slot("  thumb: { size: 320X180, scales: [1] }"),
            "manifest.yaml:3:18: error: size '320X180' of slot 'thumb' separates its sides with 'X'; use a lowercase letter x: write 320x180"),
        ManifestCase("a width only, with a unit and a separator", slot("  thumb: { size: 390px x, scales: [1] }"),
            "manifest.yaml:3:18: error: size '390px x' of slot 'thumb' has a unit ('px'), but sizes are in points and take none: write 390x (width only)"),
    ]

    @Test(arguments: quotedNumbers + sizes)
    func saysHowToWriteIt(_ broken: ManifestCase) throws {
        let (lines, expected) = try broken.diagnostics()
        #expect(lines == expected)
    }

    /// The sizes thumbgen takes are never mistaken for one of these spellings.
    @Test(arguments: ["60x60", "390x", "x200", "37.5x20", " 60 x 60 ", "1200x800"])
    func ordinarySizesNeedNoAdvice(_ size: String) {
        #expect(SizeSpelling.advice(for: size) == nil)
    }
}
