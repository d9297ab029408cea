import Foundation
import Glibc
import Renditions
import Testing
import TestSupport

@testable import ThumbgenKit

/// Under `ulimit -n 8`, 18 of 20 originals were "cannot be read (removed, or no permission)" and
/// the build exited 0. Running out of file descriptors is a failure of the machine, not of the
/// images: it is named (the system's words), never kept as a verdict, and it stops the build
/// (exit 3), as a full disk does; the next build with descriptors to spare makes everything.
struct OutOfDescriptorsTests {
    static func site() -> Site {
        let site = Site(manifest: Manifests.standard(images: "photos/*.jpg"))
        for number in 0..<20 {
            site.original("site/photos/p\(number).jpg", JPEGFixtures.jpeg(Pictures.photo(width: 120, height: 90, seed: UInt64(number))))
        }
        return site
    }

    @Test(.needsBinary, .needs("/usr/bin/prlimit") { FileManager.default.isExecutableFile(atPath: "/usr/bin/prlimit") })
    func runningOutOfDescriptorsStopsTheBuildAndNamesWhy() throws {
        // Few enough that the originals cannot all be opened, enough for the build to start;
        // which number that is depends on what the runtime holds open, so a few are tried.
        var stopped = 0
        for limit in 8...16 {
            let site = Self.site()
            let result = try Executable.run(["build", "-j2", site.manifestPath], through: ["/usr/bin/prlimit", "--nofile=\(limit)", "--"])
            #expect(!result.err.contains("removed, or no permission"), "nofile=\(limit): \(result.err)")
            if result.status == 3, result.err.contains("Too many open files") {
                stopped += 1
                #expect(result.err.contains("raise the limit ('ulimit -n')"))
                #expect(result.err.contains("a failure of the machine, not of the image"))
                // Nothing was kept as a verdict: whatever the index lists as unreadable has no recipe.
                if let index = try? site.index("site/renditions.json") {
                    for (path, record) in index.images where record.status == .unreadable {
                        #expect(record.recipe == nil, "\(path) kept as a verdict: \(record.error ?? "")")
                    }
                }
                // With descriptors to spare, the next build makes every image.
                let again = try Executable.run(["build", site.manifestPath], in: site.folder.path)
                #expect(again.status == 0, "\(again.err)")
                let index = try site.index("site/renditions.json")
                #expect(index.images.values.filter { $0.status == .resized }.count == 20)
            } else {
                // Either every image was made or the build could not even start; never exit 0
                // with images the limit kept from being read.
                #expect(result.status == 0 ? !result.err.contains("Too many open files") : true, "nofile=\(limit): \(result.err)")
            }
        }
        #expect(stopped > 0, "no limit from 8 to 16 stopped the build on the originals")
    }

    @Test func machineFailuresAreToldFromFilesFailures() {
        for code in [EMFILE, ENFILE, EAGAIN, ENOMEM] {
            #expect(MachineFailure.isMachine(code))
            #expect(MachineFailure.advice(code) != nil)
        }
        for code in [EACCES, ENOENT, EIO, EISDIR] { #expect(!MachineFailure.isMachine(code)) }
        #expect(OriginalIdentity.ReadFailure(code: EACCES).reason == "the file cannot be read: Permission denied")
        #expect(OriginalIdentity.ReadFailure(code: ENOENT).reason == "the file cannot be read: it was removed")
        #expect(OriginalIdentity.ReadFailure(code: EMFILE).reason.hasPrefix("the file cannot be read: Too many open files; thumbgen may open"))
    }

    /// A removed original is named as such, with the system's error number kept.
    @Test func aRemovedOriginalSaysSo() throws {
        let site = Self.site()
        let opened = #expect(throws: OpenFailure.self) { _ = try SiteFiles(root: site.folder.path + "/site").openOriginal("photos/gone.jpg") }
        let failure = OriginalIdentity.ReadFailure(code: opened?.code ?? 0)
        #expect(failure.code == ENOENT)
        #expect(failure.reason == "the file cannot be read: it was removed")
    }
}
