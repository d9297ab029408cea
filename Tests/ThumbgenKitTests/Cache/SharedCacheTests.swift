import Foundation
import Renditions
import Testing
import TestSupport

@testable import ThumbgenCLI
@testable import ThumbgenKit

/// A second machine with a shared cache takes what the first built instead of decoding, byte for
/// byte; what the cache holds is checked before use, and a cache that fails costs time only.
@Suite struct SharedCacheTests {
    /// Two machines' clones of one site, and a cache folder they share.
    final class Machines {
        let cache = ScratchFolder("thumbgen-cache")
        let first = Site(manifest: Manifests.standard(images: "photos/*.jpg", formats: "[webp]"))
        let second = Site(manifest: Manifests.standard(images: "photos/*.jpg", formats: "[webp]"))
        /// The folder's file:// URL, or the server's given.
        let url: String

        init(photos: Int = 3, url: String? = nil) {
            self.url = url ?? "file://" + cache.path
            for number in 0..<photos {
                let bytes = JPEGFixtures.jpeg(Pictures.photo(width: 1400, height: 900, seed: UInt64(number)))
                first.original("site/photos/p\(number).jpg", bytes)
                second.original("site/photos/p\(number).jpg", bytes)
            }
        }

        /// `thumbgen build --json` on `site`: exit code, the summary's `cache` object, standard error.
        func build(_ site: Site, _ arguments: [String] = [], environment: [String: String] = [:])
            -> (code: ExitCode, cache: [String: Int], err: String) {
            let console = CapturedConsole()
            let code = console.run(["build", site.manifestPath, "--json", "--cache", url] + arguments, environment: environment)
            let json = (try? JSONSerialization.jsonObject(with: Data(console.out.utf8))) as? [String: Any]
            return (code, (json?["cache"] as? [String: Int]) ?? [:], console.err)
        }

        /// Every file under `site/` of a machine, by path, with its bytes.
        func files(_ site: Site) -> [String: [UInt8]] {
            Dictionary(uniqueKeysWithValues: site.folder.files().filter { $0.hasPrefix("site/") }.map { ($0, site.folder.read($0)!) })
        }
    }

    @Test func aSecondMachineTakesTheFilesByteForByte() throws {
        let machines = Machines()
        let first = machines.build(machines.first)
        #expect(first.code == .success, "\(first.err)")
        #expect(first.cache["misses"] == 3 && first.cache["uploaded"] == 3 && first.cache["hits"] == 0)
        let second = machines.build(machines.second)
        #expect(second.code == .success, "\(second.err)")
        #expect(second.cache["hits"] == 3 && second.cache["misses"] == 0 && second.cache["errors"] == 0)
        #expect((second.cache["bytes_down"] ?? 0) > 0)
        // The same files and the same index, byte for byte, as the machine that made them.
        #expect(machines.files(machines.first) == machines.files(machines.second))
        #expect(machines.first.folder.read("site/renditions.json") == machines.second.folder.read("site/renditions.json"))
    }

    @Test func theSamePhotoUnderAnotherNameTakesTheSameRecord() throws {
        let machines = Machines(photos: 1)
        #expect(machines.build(machines.first).code == .success)
        try FileManager.default.moveItem(atPath: machines.second.folder.path + "/site/photos/p0.jpg",
                                         toPath: machines.second.folder.path + "/site/photos/Beach 2024.jpg")
        let second = machines.build(machines.second)
        #expect(second.cache["hits"] == 1, "\(second.err)")
        let index = try machines.second.index("site/renditions.json")
        let files = index.images["photos/Beach 2024.jpg"]?.renditions.values.map(\.file) ?? []
        #expect(!files.isEmpty && files.allSatisfy { $0.hasPrefix("photos/Beach 2024.Thumbnail(") })
        for file in files { #expect(machines.second.folder.exists("site/" + file), "\(file)") }
    }

    @Test func aFileThatFailsItsHashIsNeverUsed() throws {
        let machines = Machines(photos: 2)
        #expect(machines.build(machines.first).code == .success)
        // Another writer replaced one file with other bytes under the same hash.
        let blobs = machines.cache.files().filter { $0.hasPrefix("cas/") }
        let victim = try #require(blobs.first)
        _ = machines.cache.write(victim, Array("not the file".utf8))
        let second = machines.build(machines.second, ["--strict"])
        #expect(second.code == .success, "a cache fault never fails a build, --strict or not: \(second.err)")
        #expect(second.cache["errors"] == 1 && second.cache["hits"] == 1)
        #expect(second.err.contains("the shared cache \(machines.url) failed 1 time (first: a file's bytes do not match their hash"))
        #expect(machines.files(machines.first) == machines.files(machines.second))
        #expect(!machines.files(machines.second).values.contains(Array("not the file".utf8)))
    }

    @Test func withAKeyOnlySignedRecordsAreTaken() throws {
        let machines = Machines(photos: 1)
        #expect(machines.build(machines.first).code == .success)  // no key: unsigned records
        let signed = ["THUMBGEN_CACHE_KEY": "s3cret"]
        let unsigned = machines.build(machines.second, environment: signed)
        #expect(unsigned.cache["hits"] == 0 && unsigned.cache["errors"] == 1, "\(unsigned.err)")
        #expect(unsigned.err.contains("a record without a valid signature (THUMBGEN_CACHE_KEY) was ignored"))
        // It made the image itself and signed what it put; a third machine with the key takes it.
        let third = Site(manifest: Manifests.standard(images: "photos/*.jpg", formats: "[webp]"))
        third.original("site/photos/p0.jpg", machines.first.folder.read("site/photos/p0.jpg")!)
        #expect(machines.build(third, environment: signed).cache["hits"] == 1)
        let wrong = Site(manifest: Manifests.standard(images: "photos/*.jpg", formats: "[webp]"))
        wrong.original("site/photos/p0.jpg", machines.first.folder.read("site/photos/p0.jpg")!)
        #expect(machines.build(wrong, environment: ["THUMBGEN_CACHE_KEY": "guess"]).cache["hits"] == 0)
    }

    @Test func readOnlyNeverWrites() throws {
        let machines = Machines(photos: 1)
        let run = machines.build(machines.first, ["--cache-read-only"])
        #expect(run.code == .success && run.cache["misses"] == 1 && run.cache["uploaded"] == 0)
        #expect(machines.cache.files().isEmpty)
        let fromEnvironment = machines.build(machines.second, environment: ["THUMBGEN_CACHE_READ_ONLY": "true"])
        #expect(fromEnvironment.cache["uploaded"] == 0 && machines.cache.files().isEmpty)
    }

    @Test func aCacheThatCannotBeReachedCostsTimeOnly() throws {
        let machines = Machines(photos: 4)
        let console = CapturedConsole()
        let code = console.run(["build", machines.first.manifestPath, "--strict", "--jobs", "1", "--cache", "file:///nonexistent/thumbgen-cache"])
        #expect(code == .success, "\(console.err)")
        // Asked until it had failed three times, then left alone for the rest of the build.
        #expect(console.err.contains("the shared cache file:///nonexistent/thumbgen-cache failed 3 times (first: the folder cannot be opened"))
        #expect(try machines.first.index("site/renditions.json").images.values.allSatisfy { $0.status == .resized })
    }

    @Test func noCacheAndTheManifestsOwn() throws {
        let machines = Machines(photos: 1)
        let off = CapturedConsole()
        #expect(off.run(["build", machines.first.manifestPath, "--json", "--no-cache"], environment: ["THUMBGEN_CACHE_URL": machines.url]) == .success)
        #expect(!off.out.contains("\"cache\"") && machines.cache.files().isEmpty)
        for (url, words) in [("http://user:pw@127.0.0.1:9/cache", "holds no user or password"),
                             ("https://cache.example/a?b", "no query or fragment"), ("http://127.0.0.1:99999", "not a host and port"), ("file://relative", "an absolute folder"),
                             ("s3://bucket", "starts with file://, http:// or https://")] {
            machines.second.folder.write("manifest.yaml", text: Manifests.standard(images: "photos/*.jpg", extra: "cache: { url: '\(url)' }"))
            let console = CapturedConsole()
            #expect(console.run(["build", machines.second.manifestPath]) == .usage)
            #expect(console.err.contains("cache.url '\(url)': ") && console.err.contains(words), "\(console.err)")
        }
    }

    /// A writer killed between its write and its rename leaves a temporary in the cache folder;
    /// the next build that writes removes one that is an hour old, and only thumbgen's own.
    @Test func abandonedTemporariesGoAndOnlyThumbgensOwn() throws {
        let machines = Machines(photos: 1)
        let hourAgo = Date(timeIntervalSinceNow: -7200)
        for name in ["cas/.tmp-4242-99", "ac/.tmp-7-1", "cas/.tmp-fresh-1", "cas/.tmp-notours"] {
            let path = machines.cache.write(name, Array("partial".utf8))
            if name != "cas/.tmp-fresh-1" { try FileManager.default.setAttributes([.modificationDate: hourAgo], ofItemAtPath: path) }
        }
        let young = machines.cache.write("cas/.tmp-4243-5", Array("in progress".utf8))
        #expect(machines.build(machines.first, ["--cache-read-only"]).code == .success)
        #expect(machines.cache.exists("cas/.tmp-4242-99"), "a read-only build changes nothing in the cache")
        #expect(machines.build(machines.second).code == .success)
        #expect(!machines.cache.exists("cas/.tmp-4242-99") && !machines.cache.exists("ac/.tmp-7-1"))
        #expect(machines.cache.exists("cas/.tmp-fresh-1") && machines.cache.exists("cas/.tmp-notours"), "not thumbgen's names")
        #expect(FileManager.default.fileExists(atPath: young), "another writer's temporary in progress")
    }

    /// What a record claims beyond its files is held to what thumbgen writes: a hash that is not
    /// one (here with a line break that would end a request line), a placeholder that is not a
    /// colour (here CSS that would leave the page's style), warnings that are not plain text.
    @Test(arguments: [("hash", "a record names a file by something that is not a SHA-256"),
                      ("color", "a record's placeholder is not a colour and a ThumbHash"),
                      ("warning", "a record's warnings are not plain text")])
    func aRecordsClaimsAreCheckedBeforeUse(_ claim: String, _ words: String) throws {
        let machines = Machines(photos: 1)
        #expect(machines.build(machines.first).code == .success)
        let recordName = try #require(machines.cache.files().first { $0.hasPrefix("ac/") && !$0.contains(".tmp") })
        let bytes = try #require(machines.cache.read(recordName))
        var record = try #require(try JSONSerialization.jsonObject(with: Data(bytes.prefix { $0 != 0x0A })) as? [String: Any])
        switch claim {
        case "hash":
            var renditions = try #require(record["renditions"] as? [[String: Any]])
            var fallback = try #require(renditions[0]["fallback"] as? [String: Any])
            fallback["sha256"] = String(repeating: "a", count: 40) + "\r\nHost: elsewhere\r\n\r\n"
            renditions[0]["fallback"] = fallback
            record["renditions"] = renditions
        case "color":
            record["placeholder"] = ["color": "red}</style><script>alert(1)</script>", "thumbhash": "AAAA"]
        default:
            record["warnings"] = ["\u{1B}]0;owned\u{07}"]
        }
        let changed = try JSONSerialization.data(withJSONObject: record, options: [.sortedKeys])
        _ = machines.cache.write(recordName, [UInt8](changed) + [0x0A])
        let second = machines.build(machines.second, ["--strict"])
        #expect(second.code == .success && second.cache["hits"] == 0 && second.cache["errors"] == 1, "\(second.err)")
        #expect(second.err.contains(words), "\(second.err)")
        #expect(machines.files(machines.first) == machines.files(machines.second))
    }
}
