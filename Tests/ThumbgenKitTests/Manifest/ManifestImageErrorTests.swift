import Testing
@testable import ThumbgenKit

/// Broken `images:` entries: their shape, slots and focus, and paths checked against the disk
/// (`..`, absolute paths, symlinks, globs that match nothing, thumbgen's own files, collisions).
/// The manifest lives in `{site}`; `outside/` sits beside it.
struct ManifestImageErrorTests {
    /// Lines 1–4; the entries given start on line 5 (a path value at column 11).
    static func images(_ entries: String) -> String {
        "version: 1\nslots:\n  thumb: { size: 60x60, scales: [1, 2, 3], fit: cover }\nimages:\n" + entries + "\n"
    }

    /// One entry: `path` on line 5 (column 11) and `slots: [thumb]` on line 6.
    static func path(_ path: String) -> String {
        images("  - path: \(path)\n    slots: [thumb]")
    }

    static let entries: [ManifestCase] = [
        ManifestCase("unknown slot", images("  - path: a.jpg\n    slots: [thumbs]"),
            "manifest.yaml:6:13: error: unknown slot 'thumbs' (did you mean 'thumb'?)"),
        ManifestCase("unknown key in an entry", images("  - path: a.jpg\n    slots: [thumb]\n    focs: [0.5, 0.5]"),
            "manifest.yaml:7:5: error: unknown key 'focs' in an image entry (did you mean 'focus'?); known keys: path, slots, focus"),
        ManifestCase("missing path", images("  - slots: [thumb]"),
            "manifest.yaml:5:5: error: an image entry has no 'path'; give a file or glob relative to root, like 'path: photos/*.jpg'"),
        ManifestCase("empty path", path("\"\""),
            "manifest.yaml:5:11: error: path is empty; give a file or glob relative to root, like 'path: photos/*.jpg'"),
        ManifestCase("path as a list", path("[a.jpg]"),
            "manifest.yaml:5:11: error: path must be text, but it is a list"),
        ManifestCase("missing slots", images("  - path: a.jpg"),
            "manifest.yaml:5:5: error: an image entry has no 'slots'; list the slots it appears in, like 'slots: [thumb]'"),
        ManifestCase("empty slots", images("  - path: a.jpg\n    slots: []"),
            "manifest.yaml:6:12: error: slots of an image is empty; list at least one slot"),
        ManifestCase("entry that is only a path", images("  - a.jpg"),
            "manifest.yaml:5:5: error: an image entry must be a mapping of 'path', 'slots', 'focus', but it is a value"),
        ManifestCase("images not a list", "version: 1\nslots:\n  thumb: { size: 60x60, scales: [1] }\nimages: a.jpg\n",
            "manifest.yaml:4:9: error: images must be a list, like '- path: photos/*.jpg', but it is a value"),
        ManifestCase("no images", "version: 1\nslots:\n  thumb: { size: 60x60, scales: [1] }\nimages: []\n",
            "manifest.yaml:4:9: error: images is empty; list at least one image"),
        ManifestCase("a broken slot is reported once", """
            version: 1
            slots:
              thumb: { size: 0x60, scales: [1] }
            images:
              - path: a.jpg
                slots: [thumb]
            """,
            "manifest.yaml:3:18: error: the width of slot 'thumb' must be more than 0, but it is 0"),
        ManifestCase("focus out of range", images("  - path: a.jpg\n    slots: [thumb]\n    focus: [1.5, 0.5]"),
            "manifest.yaml:7:13: error: focus values must be numbers from 0 to 1, but this one is '1.5'"),
        ManifestCase("negative focus", images("  - path: a.jpg\n    slots: [thumb]\n    focus: [0.5, -0.1]"),
            "manifest.yaml:7:18: error: focus values must be numbers from 0 to 1, but this one is '-0.1'"),
        ManifestCase("focus with one number", images("  - path: a.jpg\n    slots: [thumb]\n    focus: [0.5]"),
            "manifest.yaml:7:12: error: focus must be auto or two numbers from 0 to 1, [x, y] from the top-left, like [0.5, 0.3]"),
        ManifestCase("focus as a word", images("  - path: a.jpg\n    slots: [thumb]\n    focus: center"),
            "manifest.yaml:7:12: error: focus must be auto or two numbers from 0 to 1, [x, y] from the top-left, like [0.5, 0.3]"),
        ManifestCase("conflicting focus", images("""
              - path: a.jpg
                slots: [thumb]
                focus: [0.5, 0.3]
              - path: "*.jpg"
                slots: [thumb]
                focus: [0.2, 0.2]
            """),
            "manifest.yaml:8:11: error: 'a.jpg' is given two different focus points (the other at line 5); give one"),
    ]

    static let paths: [ManifestCase] = [
        ManifestCase("parent folder", path("../b.jpg"), outside: ["b.jpg"],
            "manifest.yaml:5:11: error: path '../b.jpg' leaves root; image paths are relative to root ('.') and may not use '..'"),
        ManifestCase("parent folder inside a path", path("photos/../../b.jpg"), outside: ["b.jpg"],
            "manifest.yaml:5:11: error: path 'photos/../../b.jpg' leaves root; image paths are relative to root ('.') and may not use '..'"),
        ManifestCase("absolute path", path("/etc/hostname"),
            "manifest.yaml:5:11: error: path '/etc/hostname' is absolute; image paths are relative to root ('.')"),
        ManifestCase("root itself", path("./"),
            "manifest.yaml:5:11: error: path './' names root itself; give files or a glob such as '*.jpg'"),
        ManifestCase("symlinked file outside root", path("link.jpg"), outside: ["outside/secret.jpg"],
            links: ["link.jpg": "../outside/secret.jpg"],
            "manifest.yaml:5:11: error: 'link.jpg' leads outside root through a symlink, to {tmp}/outside/secret.jpg; thumbgen reads only files under root"),
        ManifestCase("symlinked file matched by a glob", path("\"*.jpg\""), outside: ["outside/secret.jpg"],
            links: ["link.jpg": "../outside/secret.jpg"],
            "manifest.yaml:5:11: error: 'link.jpg' (matched by '*.jpg') leads outside root through a symlink, to {tmp}/outside/secret.jpg; thumbgen reads only files under root"),
        ManifestCase("file in a symlinked folder", path("shared/secret.jpg"), outside: ["outside/secret.jpg"],
            links: ["shared": "../outside"],
            "manifest.yaml:5:11: error: 'shared/secret.jpg' leads outside root through a symlink, to {tmp}/outside/secret.jpg; thumbgen reads only files under root"),
        ManifestCase("glob in a symlinked folder", path("shared/*.jpg"), outside: ["outside/secret.jpg"],
            links: ["shared": "../outside"],
            "manifest.yaml:5:11: error: 'shared/secret.jpg' (matched by 'shared/*.jpg') leads outside root through a symlink, to {tmp}/outside/secret.jpg; thumbgen reads only files under root"),
        ManifestCase("dangling symlink", path("gone.jpg"), links: ["gone.jpg": "photos/gone.jpg"],
            "manifest.yaml:5:11: error: 'gone.jpg' is a symlink to a file that does not exist"),
        ManifestCase("glob matching nothing, with a hint", path("photo/*.jpg"), files: ["photos/beach.jpg", "photos/beech.jpg"],
            "manifest.yaml:5:11: error: 'photo/*.jpg' matches no image file under '.' (closest: photos/beach.jpg, photos/beech.jpg)"),
        ManifestCase("glob matching nothing", path("\"*.webp\""),
            "manifest.yaml:5:11: error: '*.webp' matches no image file under '.'"),
        ManifestCase("glob matching only renditions", path("\"*.jpg\""), files: ["a.Thumbnail(60x45).jpg"],
            "manifest.yaml:5:11: error: '*.jpg' matches no image file under '.'"),
        ManifestCase("glob matching only files that are not images", path("\"photos/*\""), files: ["photos/scan.tif", "photos/notes.txt"],
            "manifest.yaml:5:11: error: 'photos/*' matches no image file under '.' (it skipped photos/notes.txt, photos/scan.tif: globs take only image files, by extension: apng, avif, gif, heic, heif, hif, jfif, jpe, jpeg, jpg, png, webp; name such a file by its path to list it)"),
        ManifestCase("names differing in Unicode normalisation", images("  - path: \"caf\u{E9}.jpg\"\n    slots: [thumb]\n  - path: \"cafe\u{301}.jpg\"\n    slots: [thumb]"),
            files: ["caf\u{E9}.jpg", "cafe\u{301}.jpg"],
            "manifest.yaml:7:11: error: 'cafe\u{301}.jpg' and 'caf\u{E9}.jpg' differ only in Unicode normalisation (an accent as one code point or two), so their renditions would overwrite each other on many disks; rename one"),
        ManifestCase("missing file, with a hint", path("beach.jpeg"), files: ["beach.jpg"],
            "manifest.yaml:5:11: error: no file 'beach.jpeg' under '.' (closest: beach.jpg)"),
        ManifestCase("a folder as a path", path("photos"), files: ["photos/beach.jpg"],
            "manifest.yaml:5:11: error: 'photos' is a folder, not an image; to take every image in it, write 'photos/*'"),
        ManifestCase("a rendition as a path", path("x.Thumbnail(60x60).jpg"), files: ["x.Thumbnail(60x60).jpg"],
            "manifest.yaml:5:11: error: 'x.Thumbnail(60x60).jpg' is a file thumbgen writes (a rendition, the index or the report), not an original"),
        ManifestCase("a file inside an asset catalog", path("App.xcassets/a.imageset/a.png"), files: ["App.xcassets/a.imageset/a.png"],
            "manifest.yaml:5:11: error: 'App.xcassets/a.imageset/a.png' is inside an asset catalog (a folder named *.xcassets), which thumbgen export writes; list the original it came from"),
        ManifestCase("the index as a path", path("renditions.json"), files: ["renditions.json"],
            "manifest.yaml:5:11: error: 'renditions.json' is a file thumbgen writes (a rendition, the index or the report), not an original"),
        ManifestCase("names differing in case", images("  - path: a.jpg\n    slots: [thumb]\n  - path: a.JPG\n    slots: [thumb]"),
            files: ["a.jpg", "a.JPG"],
            "manifest.yaml:7:11: error: 'a.JPG' and 'a.jpg' differ only in case, so their renditions would overwrite each other on many disks; rename one"),
        ManifestCase("glob matching names differing in case", path("a.*"), files: ["a.jpg", "a.JPG"],
            "manifest.yaml:5:11: error: 'a.jpg' and 'a.JPG' differ only in case, so their renditions would overwrite each other on many disks; rename one"),
        ManifestCase("folders differing in case", images("  - path: Photos/a.jpg\n    slots: [thumb]\n  - path: photos/a.jpg\n    slots: [thumb]"),
            files: ["Photos/a.jpg", "photos/a.jpg"],
            "manifest.yaml:7:11: error: 'photos/a.jpg' and 'Photos/a.jpg' differ only in case, so their renditions would overwrite each other on many disks; rename one"),
    ]

    @Test(arguments: entries + paths)
    func reportsEveryProblemWithItsPlace(_ broken: ManifestCase) throws {
        let (lines, expected) = try broken.diagnostics()
        #expect(lines == expected)
    }
}
