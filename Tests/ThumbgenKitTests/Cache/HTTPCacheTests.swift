import Foundation
import Testing
import TestSupport

@testable import ThumbgenCLI
@testable import ThumbgenKit

/// The shared cache on real servers on 127.0.0.1: Debian's nginx with WebDAV's PUT and PyPI's
/// WsgiDAV (which makes no folders on a PUT) store what one machine built and serve it to the
/// next, byte for byte; the servers' own folders are the outside reference for what was stored.
@Suite(.needs("nginx (Debian) and wsgidav (scripts/install-deps.sh --test)") {
    FileManager.default.isExecutableFile(atPath: CacheServer.nginx) && FileManager.default.isExecutableFile(atPath: CacheServer.wsgidav)
})
struct HTTPCacheTests {
    enum Server: String, CaseIterable, Sendable {
        case nginx, wsgidav
        var kind: CacheServer.Kind { self == .nginx ? .nginx() : .wsgidav }
    }

    @Test(arguments: Server.allCases)
    func aSecondMachineTakesWhatTheServerStored(_ server: Server) throws {
        let running = try CacheServer(server.kind)
        defer { running.stop() }
        let machines = SharedCacheTests.Machines(url: running.url + "/thumbgen/v1")
        let first = machines.build(machines.first, ["--strict"])
        #expect(first.code == .success && first.cache["uploaded"] == 3 && first.cache["errors"] == 0, "\(first.err)")
        // What the server holds: each file under the hash of its bytes, one record per image.
        let stored = running.folder.files()
        let blobs = stored.filter { $0.hasPrefix("thumbgen/v1/cas/") }
        #expect(stored.filter { $0.hasPrefix("thumbgen/v1/ac/") }.count == 3)
        #expect(!blobs.isEmpty)
        for blob in blobs { #expect(FileHash.sha256(running.folder.read(blob)!) == String(blob.split(separator: "/").last!)) }
        #expect(first.cache["bytes_up"] == stored.reduce(0) { $0 + running.folder.read($1)!.count })

        let second = machines.build(machines.second, ["--strict"])
        #expect(second.code == .success && second.cache["hits"] == 3 && second.cache["misses"] == 0 && second.cache["errors"] == 0,
                "\(second.err)")
        #expect(machines.files(machines.first) == machines.files(machines.second))
        // A build that finds its files made asks nothing; one that makes them again (--force)
        // finds the files already there and sends only what is new.
        let forced = machines.build(machines.second, ["--force"])
        #expect(forced.cache["hits"] == 0 && forced.cache["uploaded"] == 3, "\(forced.err)")
        #expect(forced.cache["bytes_up"]! < first.cache["bytes_up"]! / 10, "the files were sent again")
    }

    @Test func aReadOnlyTokenCostsOnlyTheUpload() throws {
        let running = try CacheServer(.nginx(tokens: true))
        defer { running.stop() }
        let machines = SharedCacheTests.Machines(photos: 2, url: running.url)
        let anonymous = machines.build(machines.first, ["--strict"])
        #expect(anonymous.code == .success && anonymous.cache["errors"]! >= 1, "\(anonymous.err)")
        #expect(anonymous.err.contains("answered 401 to GET ac/") && anonymous.err.contains("THUMBGEN_CACHE_TOKEN"), "\(anonymous.err)")

        let reader = machines.build(machines.first, ["--strict", "--force"], environment: ["THUMBGEN_CACHE_TOKEN": "read-token"])
        #expect(reader.code == .success && reader.cache["uploaded"] == 0, "\(reader.err)")
        #expect(reader.err.contains("answered 403 to PUT cas/") && reader.err.contains("a read-only token?"), "\(reader.err)")
        #expect(running.folder.files().isEmpty)
        #expect(!reader.err.contains("read-token"), "a token is never printed")

        let writer = machines.build(machines.first, ["--force"], environment: ["THUMBGEN_CACHE_TOKEN": "write-token"])
        #expect(writer.cache["uploaded"] == 2 && writer.cache["errors"] == 0, "\(writer.err)")
        let pullRequest = machines.build(machines.second, environment: ["THUMBGEN_CACHE_TOKEN": "read-token", "THUMBGEN_CACHE_READ_ONLY": "1"])
        #expect(pullRequest.cache["hits"] == 2 && pullRequest.cache["errors"] == 0, "\(pullRequest.err)")
        #expect(machines.files(machines.first) == machines.files(machines.second))
    }

    @Test(.needsBinary) func httpsWithTheServersCertificateTrusted() throws {
        let running = try CacheServer(.nginx(tls: true))
        defer { running.stop() }
        let certificate = try #require(running.certificate)
        let machines = SharedCacheTests.Machines(photos: 2, url: running.url)
        func build(_ site: Site, _ environment: [String: String], _ extra: [String] = []) throws -> (status: Int32, cache: [String: Int], err: String) {
            let run = try Executable.run(["build", site.manifestPath, "--json", "--strict", "--cache", running.url] + extra, environment: environment)
            let json = (try? JSONSerialization.jsonObject(with: Data(run.out.utf8))) as? [String: Any]
            return (run.status, (json?["cache"] as? [String: Int]) ?? [:], run.err)
        }
        // Not trusted: the certificate is refused, the build goes on without the cache.
        let untrusted = try build(machines.first, ["SSL_CERT_FILE": "/nonexistent.pem", "SSL_CERT_DIR": "/nonexistent"])
        #expect(untrusted.status == 0 && untrusted.cache["errors"]! >= 1 && untrusted.cache["uploaded"] == 0, "\(untrusted.err)")
        #expect(untrusted.err.contains("the TLS handshake failed (the server's certificate: "), "\(untrusted.err)")
        let trusted = try build(machines.first, ["SSL_CERT_FILE": certificate], ["--force"])
        #expect(trusted.cache["uploaded"] == 2 && trusted.cache["errors"] == 0, "\(trusted.err)")
        let second = try build(machines.second, ["SSL_CERT_FILE": certificate])
        #expect(second.cache["hits"] == 2, "\(second.err)")
        #expect(machines.files(machines.first) == machines.files(machines.second))
    }

    /// A certificate the machine trusts, but for another host, is refused: the name is checked.
    @Test(.needsBinary) func aTrustedCertificateForAnotherHostIsRefused() throws {
        let running = try CacheServer(.nginx(tls: true, certifiedFor: "IP:127.0.0.2"))
        defer { running.stop() }
        let machines = SharedCacheTests.Machines(photos: 1, url: running.url)
        let run = try Executable.run(["build", machines.first.manifestPath, "--strict", "--cache", running.url],
                                     environment: ["SSL_CERT_FILE": try #require(running.certificate)])
        #expect(run.status == 0, "\(run.err)")
        #expect(run.err.contains("the TLS handshake failed (the server's certificate: IP address mismatch)"), "\(run.err)")
        #expect(running.folder.files().isEmpty)
    }

    /// CI's shape: `main` built once and filled the cache; then each of three shards runs on a
    /// fresh clone, downloads its images' files instead of decoding, and the merge of what the
    /// shards made (collected as CI collects artifacts) is byte for byte the whole build.
    @Test func shardsOnFreshClonesDownloadAndMergeToTheWholeBuild() throws {
        let running = try CacheServer(.nginx())
        defer { running.stop() }
        let photos = (0..<9).map { JPEGFixtures.jpeg(Pictures.photo(width: 900 + 40 * $0, height: 700, seed: UInt64($0))) }
        func clone() -> Site {
            let site = Site(manifest: Manifests.standard(images: "photos/**/*.jpg", formats: "[webp]"))
            for (number, bytes) in photos.enumerated() { site.original("site/photos/set\(number % 3)/p\(number).jpg", bytes) }
            return site
        }
        let main = clone()
        let machines = SharedCacheTests.Machines(photos: 0, url: running.url)
        #expect(machines.build(main).cache["uploaded"] == 9)
        let collected = clone()
        var hits = 0
        for k in 1...3 {
            let shard = clone()
            let console = CapturedConsole()
            #expect(console.run(["build", shard.manifestPath, "--json", "--verbose", "--shard", "\(k)/3", "--cache", running.url]) == .success,
                    "\(console.err)")
            let summary = try #require(try JSONSerialization.jsonObject(with: Data(console.out.utf8)) as? [String: Any])
            let cache = try #require(summary["cache"] as? [String: Int])
            #expect(cache["misses"] == 0 && cache["errors"] == 0 && cache["hits"]! > 0, "shard \(k): \(cache)")
            // --verbose says each decode's scale; a shard that downloads says none.
            #expect(!console.err.contains("decode at") && !console.err.contains("decoded "), "shard \(k) decoded an original:\n\(console.err)")
            #expect(console.err.components(separatedBy: "taken from the shared cache").count - 1 == cache["hits"])
            hits += cache["hits"] ?? 0
            for file in shard.folder.files() where file.hasPrefix("site/") && !collected.folder.exists(file) {
                collected.folder.write(file, shard.folder.read(file)!)
            }
        }
        #expect(hits == 9)
        #expect(collected.run(["merge", collected.manifestPath]).code == .success)
        let siteFiles = { (site: Site) in site.folder.files().filter { $0.hasPrefix("site/") } }
        #expect(siteFiles(collected) == siteFiles(main))
        for file in siteFiles(main) { #expect(collected.folder.read(file) == main.folder.read(file), "\(file)") }
    }
}
