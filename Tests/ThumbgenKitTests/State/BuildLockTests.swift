import Foundation
import Testing
import TestSupport

@testable import ThumbgenKit

@Suite struct BuildLockTests {
    /// A second build of the same manifest waits for the first, saying so.
    @Test(.enabled(if: Executable.exists, "needs the thumbgen binary beside the tests"))
    func aSecondBuildWaitsForTheFirst() throws {
        let site = Site(manifest: Manifests.standard(images: "photos/*.jpg"))
        site.original("site/photos/a.jpg", JPEGFixtures.jpeg(Pictures.photo(width: 600, height: 400)))
        var lock: BuildLock? = try BuildLock(root: site.folder.path + "/site",
                                             state: StateFolder(manifestDirectory: site.folder.path, shard: nil), shard: nil) {}
        let (process, _, err) = try Executable.start(["build", site.manifestPath])
        Thread.sleep(forTimeInterval: 1.0)
        #expect(process.isRunning)
        #expect(!site.folder.exists("site/renditions.json"))
        lock = nil
        _ = lock
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(stderr.hasPrefix("thumbgen: another build over \(site.folder.path)/site is running; waiting for it to finish\n"))
        #expect(site.folder.exists("site/renditions.json"))
    }
}
