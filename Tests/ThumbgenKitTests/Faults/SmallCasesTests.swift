import Foundation
import Glibc
import Testing
import TestSupport

@testable import ThumbgenCLI
@testable import ThumbgenKit

/// The smaller cases of "Own by construction": names that are not UTF-8, FIFOs, a state folder
/// that is a file, `-j1`, control characters in names, and `.thumbgen/` deleted mid-build.
@Suite struct SmallCasesTests {
    @Test func aNameThatIsNotUTF8IsSaidSo() throws {
        let site = Site(manifest: Manifests.standard(images: "\"photos/*\""))
        site.original("site/photos/a.jpg", JPEGFixtures.jpeg(Pictures.photo(width: 200, height: 100)))
        let path = Array((site.folder.path + "/site/photos/caf").utf8) + [0xE9] + Array(".jpg".utf8) + [0]
        let descriptor = path.withUnsafeBufferPointer { open(UnsafeRawPointer($0.baseAddress!).assumingMemoryBound(to: CChar.self), O_CREAT | O_WRONLY, 0o644) }
        #expect(descriptor >= 0)
        close(descriptor)
        let result = site.run(["build", site.manifestPath])
        #expect(result.code == .success)
        #expect(result.err.contains("\(site.manifestPath): warning: a file under 'site' whose name is not UTF-8 is left out: photos/caf\\xE9.jpg; rename it\n"))
    }

    @Test func aFIFOIsNamedAsOne() throws {
        let site = Site(manifest: Manifests.standard(images: "photos/pipe.jpg"))
        site.folder.write("site/photos/a.jpg", [1])
        #expect(mkfifo(site.folder.path + "/site/photos/pipe.jpg", 0o644) == 0)
        let result = site.run(["build", site.manifestPath])
        #expect(result.code == .usage)
        #expect(result.err.contains("error: 'photos/pipe.jpg' is a named pipe (FIFO), not an image file\n"))
    }

    @Test func aStateFolderThatIsAFileIsAClearError() throws {
        let site = Site(manifest: Manifests.standard(images: "photos/a.jpg"))
        site.original("site/photos/a.jpg", JPEGFixtures.jpeg(Pictures.photo(width: 200, height: 100)))
        site.folder.write(".thumbgen", text: "not a folder")
        let result = site.run(["build", site.manifestPath, "--quiet"])
        #expect(result.code == .ioFailure)
        #expect(result.err.hasPrefix("thumbgen: error: \(site.folder.path)/.thumbgen: is not a folder; thumbgen keeps its state there: remove or rename it\n"))
    }

    @Test(arguments: [["-j1"], ["-j", "1"], ["--jobs=1"], ["--jobs", "1"]])
    func oneJobIsAccepted(_ option: [String]) throws {
        #expect(try ArgumentParser.parse(["build"] + option).jobs == 1)
    }

    @Test func controlCharactersInNamesAreEscapedInLines() throws {
        let site = Site(manifest: Manifests.standard(images: "\"photos/*\""))
        site.original("site/photos/tab\there.jpg", JPEGFixtures.jpeg(Pictures.photo(width: 200, height: 100)))
        site.original("site/photos/new\nline.jpg", JPEGFixtures.jpeg(Pictures.photo(width: 200, height: 100, seed: 2)))
        let dry = site.run(["build", site.manifestPath, "--dry-run"])
        #expect(dry.out.contains("new\tphotos/tab\\there.Thumbnail(60x30).jpg\tphotos/tab\\there.jpg\n"))
        #expect(dry.out.contains("new\tphotos/new\\nline.Thumbnail(60x30).jpg\tphotos/new\\nline.jpg\n"))
        #expect(dry.out.split(separator: "\n").allSatisfy { $0.split(separator: "\t").count == 3 })
        let check = site.run(["check", site.manifestPath])
        #expect(check.out.contains("missing\tphotos/tab\\there.Thumbnail(60x30).jpg\ta new image, photos/tab\\there.jpg\n"))
    }

    /// `.thumbgen/` deleted while a build runs: the lock (on the root folder) still holds, so a
    /// second build waits, and both leave an index that lists only files that exist.
    @Test(.needsBinary)
    func deletingTheStateFolderMidBuildCostsOnlyTime() throws {
        let site = Site(manifest: Manifests.standard(images: "photos/*.jpg"))
        // Enough work that the first build is still running after 0.3 s: six photos took less
        // once JPEGs were decoded at DCT eighths and resampled in fixed point.
        for index in 0..<24 {
            site.original("site/photos/p\(index).jpg", JPEGFixtures.jpeg(Pictures.photo(width: 2400, height: 1600, seed: UInt64(index))))
        }
        let (first, _, _) = try Executable.start(["build", site.manifestPath, "--quiet", "--jobs", "1"])
        Thread.sleep(forTimeInterval: 0.3)
        try? FileManager.default.removeItem(atPath: site.folder.path + "/.thumbgen")
        let (second, _, secondErr) = try Executable.start(["build", site.manifestPath, "--jobs", "1"])
        first.waitUntilExit()
        second.waitUntilExit()
        #expect(first.terminationStatus == 0 && second.terminationStatus == 0)
        let err = String(decoding: secondErr.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(err.hasPrefix("thumbgen: another build over \(site.folder.path)/site is running; waiting for it to finish\n"))
        let index = try site.index("site/renditions.json")
        for record in index.images.values {
            for entry in record.renditions.values { #expect(site.folder.exists("site/" + entry.file), "\(entry.file)") }
        }
        #expect(site.run(["check", site.manifestPath]).code == .success)
    }
}
