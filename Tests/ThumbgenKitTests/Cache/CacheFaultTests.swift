import Foundation
import Testing
import TestSupport

@testable import ThumbgenCLI
@testable import ThumbgenKit

/// A cache server that fails, for real, costs time only: the build goes on locally, says once
/// what went wrong and names the cache, and `--strict` does not fail on it; nothing of a wrong
/// answer is written, and a record is never stored before its files.
@Suite struct CacheFaultTests {
    /// A site built with the cache failing as `mode` says: the build's outcome, and the files a
    /// build without any cache makes, to compare with.
    static func buildFailing(_ server: CacheServer?, url: String? = nil, photos: Int = 3, environment: [String: String] = [:])
        -> (run: (code: ExitCode, cache: [String: Int], err: String), machines: SharedCacheTests.Machines) {
        let machines = SharedCacheTests.Machines(photos: photos, url: url ?? server!.url)
        let run = machines.build(machines.second, ["--strict", "--jobs", "1"], environment: environment)
        return (run, machines)
    }

    /// The build succeeded on its own: every image made, one warning naming the cache.
    static func expectLocalBuild(_ run: (code: ExitCode, cache: [String: Int], err: String), _ machines: SharedCacheTests.Machines,
                                 url: String, saying words: String..., sourceLocation: SourceLocation = #_sourceLocation) throws {
        #expect(run.code == .success, "\(run.err)", sourceLocation: sourceLocation)
        #expect((run.cache["errors"] ?? 0) >= 1, sourceLocation: sourceLocation)
        let warnings = run.err.split(separator: "\n").filter { $0.contains("the shared cache") }
        #expect(warnings.count == 1 && warnings[0].contains(url) && words.contains { warnings[0].contains($0) }, "\(run.err)", sourceLocation: sourceLocation)
        let index = try machines.second.index("site/renditions.json")
        #expect(index.images.count == machines.first.folder.files().filter { $0.hasPrefix("site/photos/") }.count, sourceLocation: sourceLocation)
        #expect(index.images.values.allSatisfy { $0.status == .resized }, sourceLocation: sourceLocation)
        // Byte for byte what a build without a cache makes.
        let plain = CapturedConsole()
        #expect(plain.run(["build", machines.first.manifestPath, "--no-cache"]) == .success, sourceLocation: sourceLocation)
        #expect(machines.files(machines.first) == machines.files(machines.second), sourceLocation: sourceLocation)
    }

    /// A well-behaved server's folder after one build uploaded to it.
    static func filledFolder(photos: Int = 3) throws -> ScratchFolder {
        let good = try CacheServer(.fault("store"))
        defer { good.stop() }
        let machines = SharedCacheTests.Machines(photos: photos, url: good.url)
        #expect(machines.build(machines.first).cache["uploaded"] == photos)
        let copy = ScratchFolder("thumbgen-cache-copy")
        for file in good.folder.files() { copy.write(file, good.folder.read(file)!) }
        return copy
    }

    static func serve(_ folder: ScratchFolder, _ mode: String) throws -> CacheServer {
        let server = try CacheServer(.fault(mode))
        for file in folder.files() { server.folder.write(file, folder.read(file)!) }
        return server
    }

    @Test func aServerThatIsDown() throws {
        let port = try CacheServer.freePort()
        let (run, machines) = Self.buildFailing(nil, url: "http://127.0.0.1:\(port)/cache")
        try Self.expectLocalBuild(run, machines, url: "http://127.0.0.1:\(port)/cache", saying: "cannot connect to 127.0.0.1:\(port): Connection refused")
        #expect(run.cache["errors"] == RenditionCache.deadAfter, "a dead cache is left alone after a few faults")
    }

    @Test func aServerThatStallsPastTheTimeLimit() throws {
        let server = try CacheServer(.fault("stall"))
        defer { server.stop() }
        let started = Date()
        let (run, machines) = Self.buildFailing(server, photos: 4, environment: ["THUMBGEN_CACHE_TIMEOUT": "1"])
        let seconds = Date().timeIntervalSince(started)
        try Self.expectLocalBuild(run, machines, url: server.url, saying: "no answer in time (receiving)")
        #expect(run.cache["errors"] == RenditionCache.deadAfter)
        // Three requests of one second each, then no more: the wait is bounded.
        #expect(seconds < 30, "the build waited \(seconds) s on a stalled cache")
    }

    @Test(arguments: [("status", "500", "answered 500 to GET ac/"), ("status", "503", "answered 503 to GET ac/"),
                      ("full", "", "answered 507 to PUT cas/"), ("status", "302", "a redirect")])
    func aServerThatAnswersAnError(_ mode: String, _ argument: String, _ words: String) throws {
        let server = try CacheServer(.fault(mode, argument.isEmpty ? nil : argument))
        defer { server.stop() }
        let (run, machines) = Self.buildFailing(server)
        try Self.expectLocalBuild(run, machines, url: server.url, saying: words)
        #expect(run.cache["uploaded"] == 0 && run.cache["hits"] == 0)
        if mode == "full" { #expect(server.folder.files().isEmpty && run.err.contains("storage is full")) }
    }

    @Test(arguments: [("wrong-body", "a file's bytes do not match their hash"), ("truncate", "closed the connection")])
    func aServerThatSendsTheWrongBytes(_ mode: String, _ words: String) throws {
        let filled = try Self.filledFolder()
        let server = try Self.serve(filled, mode)
        defer { server.stop() }
        let (run, machines) = Self.buildFailing(server)
        try Self.expectLocalBuild(run, machines, url: server.url, saying: words)
        #expect(run.cache["hits"] == 0)
        // No file of the wrong answer is left beside the site's.
        #expect(!machines.second.folder.files().contains { $0.contains(".tmp") })
    }

    @Test func aServerKilledMidBuildLeavesNoRecordWithoutItsFiles() throws {
        // The server answers 9 requests and dies: uploads stop part way through an image.
        let server = try CacheServer(.fault("die-after", "9"))
        defer { server.stop() }
        let (run, machines) = Self.buildFailing(server, photos: 4)
        #expect(!server.isRunning)
        // The first fault is the request the server died on (reset, broken pipe or closed, as the
        // kernel ends its socket) or, when it died between two connections, the next connect
        // (refused): which one depends on timing.
        try Self.expectLocalBuild(run, machines, url: server.url,
                                  saying: "cannot connect to 127.0.0.1", "Connection reset by peer", "Broken pipe", "closed the connection")
        for record in server.folder.files().filter({ $0.hasPrefix("ac/") }) {
            let decoded = try CacheRecord.decode(server.folder.read(record)!, key: nil)
            for rendition in decoded.renditions {
                for blob in [rendition.fallback] + rendition.sources.map(\.blob) {
                    #expect(server.folder.exists("cas/" + blob.sha256), "\(record) names cas/\(blob.sha256), which was never stored")
                }
            }
        }
    }
}

/// Answers no server should give, read by the HTTP store itself: each is a fault with a reason,
/// never a crash, a hang or a body larger than asked for.
@Suite struct HostileCacheAnswerTests {
    static let key = String(repeating: "ab", count: 32)

    static func store(_ server: CacheServer, seconds: Double = 5) throws -> HTTPCacheStore {
        guard case .success(.server(let parsed)) = CacheURL.parse(server.url) else { throw CacheFault(reason: "not an HTTP URL: \(server.url)") }
        return HTTPCacheStore(server: parsed, token: nil, timing: CacheTiming(connectSeconds: 2, requestSeconds: seconds))
    }

    static func get(answer: String, limit: Int = 1 << 20) throws -> Result<[UInt8]?, CacheFault> {
        let file = ScratchFolder("thumbgen-answer")
        let path = file.write("answer", Array(answer.utf8))
        let server = try CacheServer(.fault("answer", path))
        defer { server.stop() }
        let store = try store(server)
        return Result { () throws(CacheFault) in try store.get("ac/" + key, limit: limit) }
    }

    /// An answer nobody asked for, sent after the real one on a kept connection, is never read
    /// as the next request's answer (here it would say the cache has a file it has not).
    @Test func aStrayAnswerOnAKeptConnectionIsNotTheNextOnes() throws {
        let server = try CacheServer(.fault("stray"))
        defer { server.stop() }
        let store = try Self.store(server)
        for _ in 0..<3 {
            #expect(try store.get("ac/" + Self.key, limit: 100) == nil)
            #expect(try store.contains("cas/" + Self.key) == false)
        }
    }

    /// The time limit is the whole request's, not each wait's: a server that answers a byte at a
    /// time is given up on when the request's time is over.
    @Test func aServerTricklingItsAnswerIsGivenUpOnInTime() throws {
        let server = try CacheServer(.fault("trickle"))
        defer { server.stop() }
        let store = try Self.store(server, seconds: 2)
        let started = Date()
        let result = Result { () throws(CacheFault) in try store.get("ac/" + Self.key, limit: 100) }
        let seconds = Date().timeIntervalSince(started)
        guard case .failure(let fault) = result else { Issue.record("a trickled answer was taken: \(result)"); return }
        #expect(fault.reason.contains("no answer in time"), "\(fault.reason)")
        #expect(seconds < 4, "gave up after \(seconds) s with a 2 s limit")
    }

    /// Names the store is asked for are cache keys only: never a path out of the folder, never
    /// bytes that would end a request line.
    @Test func namesThatAreNotCacheKeysAreNeverAsked() throws {
        let server = try CacheServer(.fault("store"))
        defer { server.stop() }
        let folder = ScratchFolder("thumbgen-cache-keys")
        let stores: [any CacheStore] = [try Self.store(server), FolderCacheStore(path: folder.path)]
        for store in stores {
            for key in ["ac/../../etc/passwd", "cas/" + Self.key + "\r\nHost: x", "cas/" + Self.key.uppercased(), "other/" + Self.key, "ac/" + Self.key.dropLast()] {
                let result = Result { () throws(CacheFault) in try store.put(key, [1]) }
                guard case .failure(let fault) = result else { Issue.record("\(store.name) took '\(key)'"); continue }
                #expect(fault.reason == "a name that is not a cache key was not asked for")
            }
        }
        #expect(server.folder.files().isEmpty && folder.files().isEmpty)
    }


    @Test(arguments: [
        ("HTTP/1.1 200 OK\r\nContent-Length: 1000000000000\r\n\r\nab", "sent 1000000000000 bytes where at most 1048576"),
        ("HTTP/1.1 200 OK\r\nContent-Length: 5\r\nContent-Length: 6\r\n\r\nabcdef", "Content-Length of '6'"),
        ("HTTP/1.1 200 OK\r\nContent-Length: -1\r\n\r\n", "Content-Length of '-1'"),
        ("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nffffffffffffffffff\r\n", "chunk size"),
        ("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabcdef\r\n0\r\n\r\n", "longer than its size"),
        ("HTTP/1.1 200 OK\r\nTransfer-Encoding: gzip\r\n\r\n", "other than chunked"),
        ("SSH-2.0-OpenSSH_9.2\r\n\r\n", "not HTTP/1.1"),
        ("HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\nabc", "closed the connection 3 bytes into a body of 10"),
        ("", "closed the connection before answering"),
    ])
    func aHostileAnswerIsAFault(_ answer: String, _ words: String) throws {
        let result = try Self.get(answer: answer)
        guard case .failure(let fault) = result else { Issue.record("taken: \(result)"); return }
        #expect(fault.reason.contains(words), "\(fault.reason)")
    }

    @Test func answersAServerMayGiveAreRead() throws {
        #expect(try Self.get(answer: "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n3;x=y\r\nabc\r\n2\r\nde\r\n0\r\nA: b\r\n\r\n").get()
                == Array("abcde".utf8))
        #expect(try Self.get(answer: "HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 200 OK\r\ncontent-length:  2 \r\n\r\nok").get() == Array("ok".utf8))
        #expect(try Self.get(answer: "HTTP/1.0 200 OK\r\n\r\nto the end").get() == Array("to the end".utf8))
        #expect(try Self.get(answer: "HTTP/1.1 404 Not Found\r\nContent-Length: 9\r\n\r\nnot found").get() == nil)
        guard case .failure(let fault) = try Self.get(answer: "HTTP/1.0 200 OK\r\n\r\n0123456789", limit: 4) else {
            Issue.record("a body over the limit was taken")
            return
        }
        #expect(fault.reason.contains("more than the 4 bytes asked for"))
    }
}
