/// A cache's URL taken apart: `file:///folder`, or `http(s)://host[:port][/path]`. Only what a
/// request needs is kept; anything a cache URL has no use for (a user name or password, a query,
/// a fragment) is refused, so no secret rides in a manifest and no two spellings name one cache.
public enum CacheURL: Equatable, Sendable {
    case folder(path: String)
    case server(Server)

    public struct Server: Equatable, Sendable {
        public var secure: Bool
        /// A name or an address (an IPv6 address without its brackets).
        public var host: String
        public var port: Int
        /// The path every key goes under, without a trailing slash ("" at the server's root).
        public var path: String

        /// `Host:`'s value.
        public var authority: String {
            let name = host.contains(":") ? "[\(host)]" : host
            return port == (secure ? 443 : 80) ? name : "\(name):\(port)"
        }

        /// The URL as messages name it.
        public var text: String { (secure ? "https://" : "http://") + authority + path }
    }

    /// The URL, or why it names no cache thumbgen can use.
    public static func parse(_ url: String) -> Result<CacheURL, Problem> {
        if url.hasPrefix("file://") {
            let path = String(url.dropFirst("file://".count))
            guard path.hasPrefix("/") else { return .failure(Problem("a file:// cache is an absolute folder, like file:///var/cache/thumbgen")) }
            return .success(.folder(path: path))
        }
        for (scheme, secure) in [("http://", false), ("https://", true)] where url.hasPrefix(scheme) {
            return server(String(url.dropFirst(scheme.count)), secure: secure).map { .server($0) }
        }
        return .failure(Problem("a cache URL starts with file://, http:// or https://"))
    }

    public struct Problem: Error, Equatable {
        public var reason: String
        init(_ reason: String) { self.reason = reason }
    }

    private static func server(_ rest: String, secure: Bool) -> Result<Server, Problem> {
        guard !rest.contains(where: { $0 == "?" || $0 == "#" }) else {
            return .failure(Problem("a cache URL has no query or fragment"))
        }
        let authority = String(rest.prefix { $0 != "/" })
        var path = String(rest.dropFirst(authority.count))
        while path.hasSuffix("/") { path.removeLast() }
        guard !authority.contains("@") else {
            return .failure(Problem("a cache URL holds no user or password: give a token in THUMBGEN_CACHE_TOKEN"))
        }
        guard path.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "\\") }) else {
            return .failure(Problem("a cache URL's path is printable ASCII without spaces (percent-encode the rest)"))
        }
        guard let (host, port) = hostAndPort(authority, defaultPort: secure ? 443 : 80) else {
            return .failure(Problem("'\(authority)' is not a host and port"))
        }
        return .success(Server(secure: secure, host: host, port: port, path: path))
    }

    private static func hostAndPort(_ authority: String, defaultPort: Int) -> (String, Int)? {
        var host = Substring(authority)
        var portText: Substring?
        if host.hasPrefix("[") {
            guard let close = host.firstIndex(of: "]") else { return nil }
            let after = host[host.index(after: close)...]
            host = host[host.index(after: host.startIndex)..<close]
            if !after.isEmpty {
                guard after.hasPrefix(":") else { return nil }
                portText = after.dropFirst()
            }
            guard host.contains(":"), host.allSatisfy({ $0.isHexDigit || $0 == ":" || $0 == "." }) else { return nil }
        } else {
            if let colon = host.lastIndex(of: ":") {
                portText = host[host.index(after: colon)...]
                host = host[..<colon]
            }
            let allowed = host.utf8.allSatisfy { byte in
                (byte >= 0x30 && byte <= 0x39) || ((byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A) || byte == 0x2D || byte == 0x2E
            }
            guard allowed else { return nil }
        }
        guard !host.isEmpty else { return nil }
        guard let text = portText else { return (String(host), defaultPort) }
        guard !text.isEmpty, text.count <= 5, text.allSatisfy(\.isASCII), let port = Int(text), (1...65535).contains(port) else { return nil }
        return (String(host), port)
    }
}
