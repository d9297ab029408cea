import Testing
@testable import ThumbgenKit

/// The `index:` key: a path, or `{ path, split }`; each mistake with its place. The key is on
/// line 2.
struct ManifestIndexTests {
    static func yaml(_ index: String) -> String {
        ManifestSchemaErrorTests.top(index)
    }

    @Test func aPathOrAPathAndASplit() throws {
        let folder = try TemporaryFolder()
        try folder.write("a.jpg")
        let plain = try loadManifest(Self.yaml("index: data/renditions.json"), in: folder)
        #expect(plain.indexPath == "data/renditions.json" && plain.indexSplit == .none)
        let split = try loadManifest(Self.yaml("index: { path: data/renditions.json, split: folder }"), in: folder)
        #expect(split.indexPath == "data/renditions.json" && split.indexSplit == .folder)
        let defaulted = try loadManifest(Self.yaml("index: { split: folder }"), in: folder)
        #expect(defaulted.indexPath == "renditions.json" && defaulted.indexSplit == .folder)
        #expect(try loadManifest(Self.yaml(""), in: folder).indexSplit == .none)
    }

    static let mistakes: [ManifestCase] = [
        ManifestCase("unknown split", yaml("index: { path: renditions.json, split: folders }"),
            "manifest.yaml:2:40: error: unknown index.split 'folders' (did you mean 'folder'?); use 'none' (one index) or 'folder' (also one small index per folder of originals)"),
        ManifestCase("split as a list", yaml("index: { split: [folder] }"),
            "manifest.yaml:2:17: error: index.split must be text, but it is a list"),
        ManifestCase("unknown index key", yaml("index: { path: renditions.json, splt: folder }"),
            "manifest.yaml:2:33: error: unknown key 'splt' in index (did you mean 'split'?); known keys: path, split"),
        ManifestCase("index as a list", yaml("index: [renditions.json]"),
            "manifest.yaml:2:8: error: index must be text, but it is a list"),
        ManifestCase("a slice's name as the index", yaml("index: { path: renditions.slice.json, split: folder }"),
            "manifest.yaml:2:16: error: index 'renditions.slice.json' is named like an index slice (name.slice.json), which thumbgen writes beside a split index; choose another name, like renditions.json"),
    ]

    @Test(arguments: mistakes)
    func reportsEveryProblemWithItsPlace(_ broken: ManifestCase) throws {
        let (lines, expected) = try broken.diagnostics()
        #expect(lines == expected)
    }
}
