import Synchronization

/// A cache on a server that speaks the HTTP cache layout Bazel, ccache and sccache use
/// (bazel-remote, nginx with WebDAV's PUT, any WebDAV server): GET, HEAD and PUT on
/// `<url>/cas/<sha256>` and `<url>/ac/<sha256>`. Connections are kept and reused between
/// requests (HTTP/1.1 keep-alive), each used by one request at a time. A request on a kept
/// connection that the server had closed is sent once more on a new one; anything else that
/// goes wrong is a fault for `RenditionCache` to count.
final class HTTPCacheStore: CacheStore {
    let server: CacheURL.Server
    private let token: String?
    private let timing: CacheTiming
    private let setup: Result<TLSContext?, CacheFault>
    private let idle = Mutex<[HTTPConnection]>([])
    /// Folders already made on a WebDAV server that wants them made (MKCOL) before a PUT.
    private let madeFolders = Mutex<Set<String>>([])
    var name: String { server.text }

    init(server: CacheURL.Server, token: String?, timing: CacheTiming) {
        self.server = server
        self.timing = timing
        if let token, !token.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) {
            self.token = nil
            setup = .failure(CacheFault(reason: "THUMBGEN_CACHE_TOKEN holds characters an HTTP header cannot carry"))
            return
        }
        self.token = token
        do {
            setup = .success(server.secure ? try TLSContext() : nil)
        } catch {
            setup = .failure(error)
        }
    }

    func get(_ key: String, limit: Int) throws(CacheFault) -> [UInt8]? {
        let response = try request("GET", key, limit: limit)
        switch response.status {
        case 200: return response.body
        case 404: return nil
        default: throw refusal(response.status, "GET", key)
        }
    }

    func contains(_ key: String) throws(CacheFault) -> Bool {
        let response = try request("HEAD", key, limit: 0)
        switch response.status {
        case 200: return true
        case 404: return false
        default: throw refusal(response.status, "HEAD", key)
        }
    }

    func put(_ key: String, _ bytes: [UInt8]) throws(CacheFault) {
        var status = try request("PUT", key, body: bytes).status
        if status == 409 {
            // A WebDAV server that makes no folders on a PUT: make them, then once more.
            try makeFolders(for: key)
            status = try request("PUT", key, body: bytes).status
        }
        guard (200...299).contains(status) else { throw refusal(status, "PUT", key) }
    }

    /// MKCOL on the folders above `key` that are missing: from the deepest up until one is made
    /// or there (a 409 says its parent is missing too), then down again. A folder above the URL's
    /// own path is never asked for first; one that exists answers 405, which is fine.
    private func makeFolders(for key: String) throws(CacheFault) {
        let parts = (server.path + "/" + key).split(separator: "/").dropLast()
        let folders = parts.indices.map { "/" + parts[parts.startIndex...$0].joined(separator: "/") + "/" }
        var deepestMade = folders.count
        for index in folders.indices.reversed() {
            guard !madeFolders.withLock({ $0.contains(folders[index]) }) else { break }
            let status = try makeFolder(folders[index])
            if (200...299).contains(status) || status == 405 {
                deepestMade = index
                break
            }
            guard status == 409 else { throw refusal(status, "MKCOL", folders[index]) }
            deepestMade = index
        }
        for index in folders.indices where index > deepestMade {
            let status = try makeFolder(folders[index])
            guard (200...299).contains(status) || status == 405 else { throw refusal(status, "MKCOL", folders[index]) }
        }
        madeFolders.withLock { $0.formUnion(folders) }
    }

    /// MKCOL once, and once more after a server error: two workers making the same folder at
    /// once can make a server fail the second (WsgiDAV answers 500), which then answers 405.
    private func makeFolder(_ path: String) throws(CacheFault) -> Int {
        let status = try request("MKCOL", path: path).status
        return (500...599).contains(status) ? try request("MKCOL", path: path).status : status
    }

    private func refusal(_ status: Int, _ method: String, _ key: String) -> CacheFault {
        let why: String
        switch status {
        case 401: why = " (not authorised: is THUMBGEN_CACHE_TOKEN set and right?)"
        case 403: why = method == "PUT" ? " (forbidden: a read-only token? set THUMBGEN_CACHE_READ_ONLY=1)" : " (forbidden)"
        case 413: why = " (the file is over the server's size limit)"
        case 507: why = " (the server's storage is full)"
        case 300...399: why = " (a redirect, which a cache is not expected to answer)"
        default: why = ""
        }
        return CacheFault(reason: "the server answered \(status) to \(method) \(key)\(why)")
    }

    private func request(_ method: String, _ key: String, body: [UInt8]? = nil, limit: Int = 0) throws(CacheFault) -> HTTPResponse {
        guard CacheKey.isValid(key) else { throw CacheFault(reason: "a name that is not a cache key was not asked for") }
        return try request(method, path: server.path + "/" + key, body: body, limit: limit)
    }

    /// One request and its answer.
    private func request(_ method: String, path: String, body: [UInt8]? = nil, limit: Int = 0) throws(CacheFault) -> HTTPResponse {
        let tls = try setup.get()
        let deadline = Deadline(seconds: timing.requestSeconds)
        let head = self.head(method, path: path, bodyLength: body?.count)
        var message = Array(head.utf8)
        if let body { message += body }
        // A kept connection the server closed since fails before any byte of an answer: that
        // request goes once more, on a new connection. Any other fault is the answer's.
        while let kept = idle.withLock({ $0.popLast() }) {
            guard kept.isQuiet else { continue }
            do {
                return finish(kept, try exchange(kept, message, method, limit, deadline))
            } catch where error.beforeAnswer {
                break
            }
        }
        let connection = try HTTPConnection(to: server, tls: tls, connectSeconds: timing.connectSeconds, deadline: deadline)
        return finish(connection, try exchange(connection, message, method, limit, deadline))
    }

    private func exchange(_ connection: HTTPConnection, _ message: [UInt8], _ method: String, _ limit: Int, _ deadline: Deadline) throws(CacheFault) -> HTTPResponse {
        do throws(CacheFault) {
            do throws(CacheFault) {
                try connection.send(message, deadline: deadline)
            } catch {
                var fault = error
                fault.beforeAnswer = !error.reason.hasPrefix("no answer in time")
                throw fault
            }
            return try HTTPResponse.read(from: connection, method: method, limit: limit, deadline: deadline)
        } catch {
            connection.reusable = false
            throw error
        }
    }

    private func finish(_ connection: HTTPConnection, _ response: HTTPResponse) -> HTTPResponse {
        if connection.reusable, !response.closes { idle.withLock { if $0.count < 16 { $0.append(connection) } } }
        return response
    }

    private func head(_ method: String, path: String, bodyLength: Int?) -> String {
        var head = "\(method) \(path) HTTP/1.1\r\nHost: \(server.authority)\r\nUser-Agent: thumbgen/\(GeneratorVersion.number)\r\n"
        if let token { head += "Authorization: Bearer \(token)\r\n" }
        if let bodyLength { head += "Content-Type: application/octet-stream\r\nContent-Length: \(bodyLength)\r\n" }
        return head + "\r\n"
    }
}

/// How long a cache may take: to connect, and for a whole request (connect, send, answer).
struct CacheTiming: Equatable, Sendable {
    var connectSeconds = 5.0
    var requestSeconds = 30.0
}
