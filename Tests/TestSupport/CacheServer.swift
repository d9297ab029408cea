import Foundation
import Glibc

/// A real cache server on 127.0.0.1 for the shared-cache tests: Debian's nginx with WebDAV's PUT
/// (its own configuration, one process), PyPI's WsgiDAV, or Tests/CacheServers/fault_server.py,
/// which misbehaves on purpose. What it stores is a folder the test can read.
public final class CacheServer: @unchecked Sendable {
    public enum Kind: Sendable {
        /// nginx; with `tokens`, `Bearer write-token` may PUT, `Bearer read-token` may only read,
        /// anything else is 401. With `tls`, https with a certificate for 127.0.0.1 (`certificate`).
        /// `certifiedFor`: the certificate's subjectAltName (another name makes it a mismatch).
        case nginx(tokens: Bool = false, tls: Bool = false, certifiedFor: String = "IP:127.0.0.1")
        case wsgidav
        /// fault_server.py's MODE and ARGUMENT.
        case fault(String, String? = nil)
    }

    public let folder = ScratchFolder("thumbgen-cache-server")
    public let port: Int
    public let url: String
    /// With `.nginx(tls: true)`: the certificate to trust (SSL_CERT_FILE).
    public private(set) var certificate: String?
    private let process: Process
    private let input = Pipe()
    private let scratch = ScratchFolder("thumbgen-cache-server-run")
    private var stopped = false

    public static let nginx = "/usr/sbin/nginx"
    public static let wsgidav = "/opt/thumbgen-test-venv/bin/wsgidav"
    public static var faultServer: String {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<2 { url.deleteLastPathComponent() }
        return url.appendingPathComponent("CacheServers/fault_server.py").path
    }

    public init(_ kind: Kind) throws {
        process = Process()
        process.standardInput = input
        process.standardError = FileHandle.nullDevice
        var secure = false
        switch kind {
        case .fault(let mode, let argument):
            process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
            process.arguments = [Self.faultServer, folder.path, mode] + (argument.map { [$0] } ?? [])
            let out = Pipe()
            process.standardOutput = out
            try process.run()
            var line = Data()
            while let byte = try out.fileHandleForReading.read(upToCount: 1), !byte.isEmpty, byte != Data([0x0A]) { line += byte }
            guard let port = Int(String(decoding: line, as: UTF8.self)) else { throw Failure("fault_server.py did not start") }
            self.port = port
        case .wsgidav:
            port = try Self.freePort()
            process.executableURL = URL(fileURLWithPath: Self.wsgidav)
            process.arguments = ["--host", "127.0.0.1", "--port", String(port), "--root", folder.path, "--auth", "anonymous",
                                 "--no-config", "-q", "-q", "-q"]
            process.standardOutput = FileHandle.nullDevice
            try process.run()
        case .nginx(let tokens, let tls, let name):
            port = try Self.freePort()
            secure = tls
            if tls { certificate = try Self.makeCertificate(in: scratch, for: name) }
            let configuration = scratch.write("nginx.conf", text: Self.nginxConfiguration(port: port, root: folder.path, run: scratch.path,
                                                                                           tokens: tokens, tls: tls))
            process.executableURL = URL(fileURLWithPath: Self.nginx)
            process.arguments = ["-c", configuration, "-p", scratch.path, "-e", "stderr"]
            process.standardOutput = FileHandle.nullDevice
            try process.run()
        }
        url = (secure ? "https" : "http") + "://127.0.0.1:\(port)"
        try waitUntilListening()
    }

    deinit { stop() }

    /// Ends the server at once, as a crash or a kill would (SIGKILL cannot be blocked).
    public func stop() {
        guard !stopped else { return }
        stopped = true
        try? input.fileHandleForWriting.close()
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
    }

    public var isRunning: Bool { process.isRunning }

    public struct Failure: Error, CustomStringConvertible {
        public var description: String
        init(_ description: String) { self.description = description }
    }

    private func waitUntilListening() throws {
        for _ in 0..<200 {
            guard process.isRunning else { throw Failure("\(process.executableURL!.path) ended before it listened on \(port)") }
            if Self.accepts(port) { return }
            usleep(50_000)
        }
        throw Failure("\(process.executableURL!.path) is not listening on \(port) after 10 s")
    }

    private static func accepts(_ port: Int) -> Bool {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(socket) }
        var address = loopback(port)
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0 }
        }
    }

    /// A port nothing listens on now (the kernel's choice for a socket bound to port 0).
    public static func freePort() throws -> Int {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(socket) }
        var address = loopback(0)
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socket, $0, length) == 0 && getsockname(socket, $0, &length) == 0 }
        }
        guard bound else { throw Failure("no free port on 127.0.0.1") }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    private static func loopback(_ port: Int) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(port).bigEndian
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        return address
    }

    /// A self-signed certificate for `name` (`IP:127.0.0.1`, `DNS:cache.example`) and its key, made by the openssl command.
    private static func makeCertificate(in folder: ScratchFolder, for name: String) throws -> String {
        let result = try Subprocess.run("/usr/bin/openssl", ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2",
                                                            "-keyout", folder.path + "/key.pem", "-out", folder.path + "/cert.pem",
                                                            "-subj", "/CN=thumbgen test", "-addext", "subjectAltName=\(name)"])
        guard result.status == 0 else { throw Failure("openssl req failed: \(result.output)") }
        return folder.path + "/cert.pem"
    }

    /// One nginx process, nothing beyond 127.0.0.1, PUT making the folders it needs.
    static func nginxConfiguration(port: Int, root: String, run: String, tokens: Bool, tls: Bool) -> String {
        let access = tokens ? """
                if ($cache_access = none) { return 401; }
                set $check "$request_method:$cache_access";
                if ($check = "PUT:read") { return 403; }
        """ : ""
        return """
        daemon off;
        master_process off;
        \(getuid() == 0 ? "user root;" : "")
        pid \(run)/nginx.pid;
        error_log stderr;
        events { worker_connections 256; }
        http {
            access_log off;
            client_body_temp_path \(run)/body;
            proxy_temp_path \(run)/proxy;
            fastcgi_temp_path \(run)/fastcgi;
            uwsgi_temp_path \(run)/uwsgi;
            scgi_temp_path \(run)/scgi;
            map $http_authorization $cache_access {
                default none;
                "Bearer write-token" write;
                "Bearer read-token" read;
            }
            server {
                listen 127.0.0.1:\(port)\(tls ? " ssl" : "");
                \(tls ? "ssl_certificate \(run)/cert.pem; ssl_certificate_key \(run)/key.pem;" : "")
                root \(root);
                location / {
        \(access)
                    dav_methods PUT;
                    create_full_put_path on;
                    client_max_body_size 512m;
                }
            }
        }
        """
    }
}
