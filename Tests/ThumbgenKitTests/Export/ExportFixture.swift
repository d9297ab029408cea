import Foundation
import Glibc
import TestSupport

@testable import ThumbgenCLI
@testable import ThumbgenKit

/// A small site for the export tests: a photo, a PNG whose name needs making safe, an icon that
/// fits, an animated GIF and a truncated JPEG, in a thumb slot (1x–3x), a card slot (2x, 3x) and
/// a hero slot with a 1.5x scale.
enum ExportFixture {
    static func manifest(slots: String = "[thumb, card]", cardScales: String = "[2, 3]") -> String {
        """
        version: 1
        root: site
        slots:
          thumb: { size: 40x40, scales: [1, 2, 3], fit: cover }
          card: { size: 100x60, scales: \(cardScales) }
          hero: { size: 300x, scales: [1, 1.5] }
        output: { formats: [], placeholder: none }
        images:
          - path: photos/*
            slots: \(slots)
          - path: photos/a.jpg
            slots: [hero]
        """
    }

    static func site() throws -> Site {
        let site = Site(manifest: manifest())
        site.original("site/photos/a.jpg", JPEGFixtures.jpeg(Pictures.photo(width: 400, height: 300)))
        site.original("site/photos/b c (1).png", PhotoFixture.png(width: 200, height: 200).bytes)
        site.original("site/photos/icon.png", PhotoFixture.png(width: 30, height: 30).bytes)
        site.original("site/photos/spin.gif", AnimationFixtures.gif(frames: 2))
        let good = JPEGFixtures.jpeg(Pictures.photo(width: 300, height: 200, seed: 2))
        site.original("site/photos/broken.jpg", Array(good.prefix(good.count * 2 / 3)))
        try site.build()
        return site
    }

    /// Runs `thumbgen export xcassets <site>/<catalog> <manifest>`.
    static func export(_ site: Site, _ catalog: String = "App.xcassets", extra: [String] = []) -> (code: ExitCode, out: String, err: String) {
        site.run(["export", "xcassets", catalogPath(site, catalog), site.manifestPath] + extra)
    }

    static func catalogPath(_ site: Site, _ catalog: String = "App.xcassets") -> String {
        catalog.hasPrefix("/") ? catalog : site.folder.path + "/" + catalog
    }

    /// The notes every export of this site prints first.
    static func notes(_ site: Site) -> String {
        """
        thumbgen: note: slot 'hero' is left out of the catalog: an asset catalog holds scales 1, 2 and 3 only, and it also lists 1.5
        \(site.folder.path)/site/photos/broken.jpg: note: left out of the catalog: the index shows its original, which thumbgen could not read (an app would show a broken image)
        \(site.folder.path)/site/photos/spin.gif: note: left out of the catalog: it is animated, and an imageset shows one still picture

        """
    }

    /// Every entry below `folder` with what identifies its version: inode, size, modification
    /// time in nanoseconds, and the kind. Equal snapshots: nothing was written, replaced or removed.
    static func snapshot(_ folder: String) -> [String: String] {
        var found: [String: String] = [:]
        var pending = [""]
        while let relative = pending.popLast() {
            let path = relative.isEmpty ? folder : folder + "/" + relative
            var info = stat()
            guard lstat(path, &info) == 0 else { continue }
            let mtime = Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)
            found[relative] = "\(info.st_mode & S_IFMT) \(info.st_ino) \(info.st_size) \(mtime)"
            guard info.st_mode & S_IFMT == S_IFDIR else { continue }
            for name in (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? [] {
                pending.append(relative.isEmpty ? name : relative + "/" + name)
            }
        }
        return found
    }

    static func inode(_ path: String) -> UInt64? {
        var info = stat()
        return lstat(path, &info) == 0 ? UInt64(info.st_ino) : nil
    }
}
