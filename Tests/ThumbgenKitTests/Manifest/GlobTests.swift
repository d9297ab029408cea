import Testing
@testable import ThumbgenKit

/// Globs resolved against a real folder: `*`, `?`, `[...]` and `**`, with hidden entries and
/// thumbgen's own files (renditions, index, shard indexes, report, temporary files) never matched.
struct GlobTests {
    static let tree = [
        "a.jpg", "b.png", "notes.txt", ".hidden.jpg", ".git/objects/x.jpg",
        "photos/beach.jpg", "photos/beach.Thumbnail(180x135).jpg", "photos/x1.jpg", "photos/x22.jpg",
        "photos/.cache/y.jpg", "photos/deep/sea/fish.jpg", "photos/report.html",
        "renditions.json", "renditions.shard-1-of-2.json", "report.html", ".thumbgen-1234.jpg",
        "photos/.thumbgen-99.jpg", "photos/a.Thumbnail(1x1)",
    ]

    static let deepJPEGs = ["photos/beach.jpg", "photos/deep/sea/fish.jpg", "photos/x1.jpg", "photos/x22.jpg"]

    @Test(arguments: [
        ("*.jpg", ["a.jpg"]),
        ("*", ["a.jpg", "b.png"]),
        ("?.*", ["a.jpg", "b.png"]),
        ("[ab].*", ["a.jpg", "b.png"]),
        ("photos/x?.jpg", ["photos/x1.jpg"]),
        ("photos/x*.jpg", ["photos/x1.jpg", "photos/x22.jpg"]),
        ("photos/*", ["photos/beach.jpg", "photos/x1.jpg", "photos/x22.jpg"]),
        ("**/*.jpg", ["a.jpg"] + deepJPEGs),
        ("photos/**/*.jpg", deepJPEGs),
        ("photos/**", ["photos/beach.jpg", "photos/deep/sea/fish.jpg", "photos/x1.jpg", "photos/x22.jpg"]),
        ("**/fish.jpg", ["photos/deep/sea/fish.jpg"]),
        ("photos/*/*/*.jpg", ["photos/deep/sea/fish.jpg"]),
        ("photos/deep/**/*.jpg", ["photos/deep/sea/fish.jpg"]),
        ("**", ["a.jpg", "b.png", "photos/beach.jpg", "photos/deep/sea/fish.jpg", "photos/x1.jpg", "photos/x22.jpg"]),
        ("*.JPG", ["a.jpg"]),
        ("*.{jpg,png}", ["a.jpg", "b.png"]),
        ("{a,b}.*", ["a.jpg", "b.png"]),
        ("photos/{x1,beach}.jpg", ["photos/beach.jpg", "photos/x1.jpg"]),
        ("photos/x*.J[Pp]G", ["photos/x1.jpg", "photos/x22.jpg"]),
        ("./photos/./x1.jpg", ["photos/x1.jpg"]),
        (".hidden.jpg", [".hidden.jpg"]),
    ])
    func matches(_ pattern: String, _ expected: [String]) throws {
        let folder = try TemporaryFolder()
        for file in Self.tree { try folder.write(file) }
        #expect(try loadManifest(minimalManifest(path: pattern), in: folder).images.map(\.path) == expected)
    }

    @Test func theIndexDecidesWhichSiblingsAreThumbgensOwn() throws {
        let folder = try TemporaryFolder()
        for file in ["out/idx.json", "out/idx.shard-2-of-3.json", "out/report.html", "out/a.jpg",
                     "out/renditions.json", "report.html", "renditions.json", "renditions.shard-1-of-2.json"] {
            try folder.write(file)
        }
        let paths = IndexPaths(indexPath: "out/idx.json")
        #expect(["out/idx.json", "out/idx.shard-2-of-3.json", "out/report.html", ".thumbgen.json", "photos/a.Thumbnail(1x1).jpg",
                 "photos/.thumbgen-0badcafe-1"].allSatisfy(paths.isGeneratorFile))
        #expect(!["out/a.jpg", "out/renditions.json", "renditions.json", "renditions.shard-1-of-2.json", "report.html",
                  "out/idx.shard-0-of-3.json", "out/other.shard-1-of-2.json"].contains(where: paths.isGeneratorFile))
    }

    @Test func doubleStarDoesNotFollowSymlinkedFolders() throws {
        let folder = try TemporaryFolder()
        try folder.write("photos/a.jpg")
        try folder.link("mirror", to: "photos")
        #expect(try loadManifest(minimalManifest(path: "**/*.jpg"), in: folder).images.map(\.path) == ["photos/a.jpg"])
    }

    @Test func aSymlinkInsideRootIsAnOriginal() throws {
        let folder = try TemporaryFolder()
        try folder.write("photos/a.jpg")
        try folder.link("b.jpg", to: "photos/a.jpg")
        #expect(try loadManifest(minimalManifest(path: "*.jpg"), in: folder).images.map(\.path) == ["b.jpg"])
    }

    @Test(arguments: [
        ("*.jpg", "a.jpg", true), ("*.jpg", ".a.jpg", false), ("?", "a", true), ("?", "ab", false),
        ("[a-c]1", "b1", true), ("[a-c]1", "d1", false), ("x*", "x", true), ("*", ".x", false),
    ])
    func matchesOneSegment(_ pattern: String, _ name: String, _ expected: Bool) {
        #expect(Glob.matches(segment: pattern, name: name) == expected)
    }

    @Test(arguments: [
        ("a/**/b", "a/b", true), ("a/**/b", "a/x/y/b", true), ("a/**/b", "a/.x/b", false),
        ("**", "a/b/c", true), ("a/*", "a/b/c", false), ("a/*/c", "a/b/c", true), ("**/c", "c", true),
    ])
    func matchesWholePaths(_ pattern: String, _ path: String, _ expected: Bool) {
        #expect(Glob(pattern).matches(path.split(separator: "/")) == expected)
    }
}
