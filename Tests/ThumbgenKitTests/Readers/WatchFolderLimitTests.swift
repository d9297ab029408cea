import Foundation
import Glibc
import Testing
import TestSupport

@testable import ThumbgenCLI
@testable import ThumbgenKit

/// `watch` follows at most `WatchedSite.maxFolders` folders under root (each costs the kernel
/// memory); a root with more says so once, naming the limit and what to do, instead of leaving
/// the rest unwatched without a word.
struct WatchFolderLimitTests {
    /// A site whose root holds `photos/`, `many/` and `extra` folders in `many/`: `extra + 3`
    /// folders with root itself.
    static func site(extra: Int) throws -> Site {
        let site = Site(manifest: Manifests.standard(images: "photos/*.jpg"))
        site.original("site/photos/a.jpg", JPEGFixtures.jpeg(Pictures.photo(width: 80, height: 60, seed: 1)))
        try FileManager.default.createDirectory(atPath: site.folder.path + "/site/many", withIntermediateDirectories: true)
        for number in 0..<extra { mkdir(site.folder.path + "/site/many/\(number)", 0o755) }
        return site
    }

    static func session(_ site: Site, limit: Int? = nil, quiet: Bool = false) throws -> (WatchSession, CapturedConsole) {
        let request = try ArgumentParser.parse(["watch", site.manifestPath] + (quiet ? ["--quiet"] : []), environment: [:])
        let captured = CapturedConsole()
        let session = limit.map { WatchSession(request: request, console: captured.console, folderLimit: $0) }
            ?? WatchSession(request: request, console: captured.console)
        #expect(session.load() != nil)
        return (session, captured)
    }

    /// The warning, naming root as messages do (relative to the working folder).
    static func warning(_ limit: Int, _ session: WatchSession) throws -> String {
        let root = DisplayPaths(root: try #require(session.site.manifest).root.path).show("")
        return "thumbgen: warning: '\(root)' holds more than \(limit) folders; watch follows the first \(limit) only, so changes in the others go unnoticed: give the manifest a smaller root, or run 'thumbgen build' after changing them\n"
    }

    @Test func aRootOverTheLimitIsSaidOnce() throws {
        let site = try Self.site(extra: 3)
        let (session, captured) = try Self.session(site, limit: 5)
        #expect(captured.err == (try Self.warning(5, session)))
        #expect(session.site.folders.count == 5 + 1)  // and the manifest's folder
        #expect(session.load() != nil)  // the next round says nothing more
        #expect(captured.err == (try Self.warning(5, session)))
    }

    @Test func aRootAtTheLimitSaysNothing() throws {
        let site = try Self.site(extra: 3)
        let (session, captured) = try Self.session(site, limit: 6)
        #expect(captured.err == "")
        #expect(session.site.folders.count == 6 + 1)
    }

    @Test func quietSaysNothing() throws {
        let (_, captured) = try Self.session(try Self.site(extra: 3), limit: 5, quiet: true)
        #expect(captured.err == "")
    }

    /// The production limit: 10,001 folders under root are one too many, 10,000 are not.
    @Test func theRealLimitIsSaid() throws {
        #expect(WatchedSite.maxFolders == 10_000)
        let site = try Self.site(extra: 10_001 - 3)
        let (session, captured) = try Self.session(site)
        #expect(captured.err == (try Self.warning(10_000, session)))
        #expect(session.site.folders.count == 10_000 + 1)
        try FileManager.default.removeItem(atPath: site.folder.path + "/site/many/0")
        let (_, fits) = try Self.session(site)
        #expect(fits.err == "")
    }
}
