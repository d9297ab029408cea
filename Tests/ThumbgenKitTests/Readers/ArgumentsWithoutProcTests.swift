import Foundation
import Glibc
import Testing
import TestSupport

@testable import ThumbgenCLI
@testable import ThumbgenKit

/// In a root without /proc (a minimal chroot), Swift's `CommandLine.arguments` is empty on Linux,
/// and the release binary took `thumbgen --version` and `thumbgen check` for a bare `thumbgen`: a
/// full build. Here the real binary runs with /proc hidden (a private mount namespace with an
/// empty tmpfs over it) and must do what it was asked, writing nothing.
struct ArgumentsWithoutProcTests {
    /// `unshare`, an empty /proc, then thumbgen run in `folder`; exit 97 if /proc could not be hidden.
    static func withoutProc(in folder: String) -> [String] {
        ["/usr/bin/unshare", "--mount", "--fork", "/bin/sh", "-c",
         "mount -t tmpfs none /proc && test ! -e /proc/self/cmdline || exit 97; cd \"$1\" && shift && exec \"$@\"", "sh", folder]
    }

    static func site() -> Site {
        let site = Site(manifest: Manifests.standard(images: "photos/*.jpg").replacingOccurrences(of: "root: site", with: "root: ."))
        site.original("photos/a.jpg", JPEGFixtures.jpeg(Pictures.photo(width: 400, height: 300, seed: 3)))
        return site
    }

    static func listing(_ site: Site) -> [String] {
        ((try? FileManager.default.subpathsOfDirectory(atPath: site.folder.path)) ?? []).sorted()
    }

    @Test(.needsBinary, .needs("root (to hide /proc in a mount namespace)") { getuid() == 0 },
          .needs("/usr/bin/unshare") { FileManager.default.isExecutableFile(atPath: "/usr/bin/unshare") })
    func versionPrintsTheVersionAndBuildsNothing() throws {
        let site = Self.site()
        let before = Self.listing(site)
        let result = try Executable.run(["--version"], through: Self.withoutProc(in: site.folder.path))
        #expect(result.status == 0, "\(result.err)")
        // The first line names thumbgen; the library versions follow.
        #expect(result.out.hasPrefix("thumbgen \(Thumbgen.version)\nrendering "), "\(result.out)")
        #expect(result.err == "")
        #expect(Self.listing(site) == before)
    }

    @Test(.needsBinary, .needs("root (to hide /proc in a mount namespace)") { getuid() == 0 },
          .needs("/usr/bin/unshare") { FileManager.default.isExecutableFile(atPath: "/usr/bin/unshare") })
    func checkListsWorkAndWritesNothing() throws {
        let site = Self.site()
        let before = Self.listing(site)
        let result = try Executable.run(["check", "manifest.yaml"], through: Self.withoutProc(in: site.folder.path))
        #expect(result.status == 1, "\(result.err)")
        #expect(result.out.hasPrefix("missing\trenditions.json\t"))
        #expect(Self.listing(site) == before)
    }

    /// In this process (which has /proc) the arguments kept before `main` are CommandLine's.
    @Test func theArgumentsKeptBeforeMainAreTheProcesss() throws {
        #expect(CommandLineArguments.fromCRuntime() == Array(CommandLine.arguments.dropFirst()))
        #expect(CommandLineArguments.read() == Array(CommandLine.arguments.dropFirst()))
    }
}
