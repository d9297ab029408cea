import Testing
@testable import ThumbgenKit

/// Two originals whose names differ only in Unicode normalisation (`café` with `é` as one code
/// point, U+00E9, or as `e` and a combining accent, U+0301) are two files on disk but one String
/// to Swift. A glob must keep both, so that the manifest reports them as it does when both are
/// listed by path, rather than silently dropping one.
struct NormalisationGlobTests {
    static let composed = "caf\u{E9}", decomposed = "cafe\u{301}"

    static func glob(_ pattern: String) -> String {
        "version: 1\nslots:\n  thumb: { size: 60x60, scales: [1, 2, 3], fit: cover }\nimages:\n  - path: \"\(pattern)\"\n    slots: [thumb]\n"
    }

    /// The error for two originals, `first` (line 5) and `second` of one glob.
    static func collision(_ first: String, _ second: String) -> String {
        "manifest.yaml:5:11: error: '\(first)' and '\(second)' differ only in Unicode normalisation (an accent as one code point or two), so their renditions would overwrite each other on many disks; rename one"
    }

    static let cases: [ManifestCase] = [
        ManifestCase("a glob matching names differing in normalisation", glob("*.jpg"), files: [composed + ".jpg", decomposed + ".jpg"],
                     collision(composed + ".jpg", decomposed + ".jpg")),
        ManifestCase("** through folders differing in normalisation", glob("**/a.jpg"), files: [composed + "/a.jpg", decomposed + "/a.jpg"],
                     collision(composed + "/a.jpg", decomposed + "/a.jpg")),
        ManifestCase("a glob below folders differing in normalisation", glob("*/*.jpg"), files: [composed + "/a.jpg", decomposed + "/a.jpg"],
                     collision(composed + "/a.jpg", decomposed + "/a.jpg")),
        ManifestCase("alternatives naming folders differing in normalisation", glob("{\(composed),\(decomposed)}/*.jpg"),
                     files: [composed + "/a.jpg", decomposed + "/a.jpg"], collision(composed + "/a.jpg", decomposed + "/a.jpg")),
    ]

    @Test(arguments: cases)
    func isAManifestErrorNamingBoth(_ broken: ManifestCase) throws {
        let (lines, expected) = try broken.diagnostics()
        #expect(lines == expected)
    }

    /// The two names really are two files: both exist on disk with their own bytes.
    @Test func theFixtureHoldsTwoFiles() throws {
        let folder = try TemporaryFolder()
        try folder.write(Self.composed + ".jpg")
        try folder.write(Self.decomposed + ".jpg")
        var root = try #require(RootFolder(path: folder.path, indexPath: "renditions.json"))
        #expect(root.files(under: "").map { Array($0.utf8) }.count == 2)
    }
}
