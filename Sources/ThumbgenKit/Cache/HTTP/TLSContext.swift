import Glibc
import LibCrypto

/// OpenSSL's client settings for an https:// cache, made once per build: TLS 1.2 or newer, the
/// system's trusted certificates (or those `SSL_CERT_FILE` / `SSL_CERT_DIR` name), and the
/// server's certificate checked against the URL's host name or address.
final class TLSContext: @unchecked Sendable {
    private let context: OpaquePointer

    init() throws(CacheFault) {
        guard let context = SSL_CTX_new(TLS_client_method()) else {
            throw CacheFault(reason: "TLS cannot be set up: \(Self.lastError())")
        }
        self.context = context
        SSL_CTX_set_verify(context, SSL_VERIFY_PEER, nil)
        SSL_CTX_set_default_verify_paths(context)
        SSL_CTX_ctrl(context, SSL_CTRL_SET_MIN_PROTO_VERSION, Int(TLS1_2_VERSION), nil)
    }

    deinit { SSL_CTX_free(context) }

    /// A TLS session over `socket`, its handshake done and the certificate checked.
    func handshake(socket: Int32, host: String, deadline: Deadline) throws(CacheFault) -> OpaquePointer {
        guard let tls = SSL_new(context) else { throw CacheFault(reason: "TLS cannot be set up: \(Self.lastError())") }
        SSL_set_fd(tls, socket)
        var address = in6_addr()
        let isAddress = inet_pton(AF_INET, host, &address) == 1 || inet_pton(AF_INET6, host, &address) == 1
        // The name or address the certificate must carry; without it no handshake is tried.
        let named: Bool
        if isAddress {
            named = X509_VERIFY_PARAM_set1_ip_asc(SSL_get0_param(tls), host) == 1
        } else {
            // Server Name Indication, then the name.
            _ = host.withCString { SSL_ctrl(tls, SSL_CTRL_SET_TLSEXT_HOSTNAME, Int(TLSEXT_NAMETYPE_host_name), UnsafeMutableRawPointer(mutating: $0)) }
            named = SSL_set1_host(tls, host) == 1
        }
        guard named else {
            SSL_free(tls)
            throw CacheFault(reason: "TLS cannot check a certificate for \(host)")
        }
        do {
            try Self.withoutBrokenPipeSignal { () throws(CacheFault) in
                while true {
                    ERR_clear_error()
                    let result = SSL_connect(tls)
                    if result == 1 { return }
                    switch SSL_get_error(tls, result) {
                    case SSL_ERROR_WANT_READ: try HTTPConnection.wait(socket, Int16(POLLIN), deadline, "the TLS handshake")
                    case SSL_ERROR_WANT_WRITE: try HTTPConnection.wait(socket, Int16(POLLOUT), deadline, "the TLS handshake")
                    default:
                        let verdict = SSL_get_verify_result(tls)
                        let reason = verdict != X509_V_OK ? "the server's certificate: " + String(cString: X509_verify_cert_error_string(verdict))
                            : Self.lastError()
                        throw CacheFault(reason: "the TLS handshake failed (\(reason))")
                    }
                }
            }
        } catch {
            SSL_free(tls)
            throw error
        }
        return tls
    }

    /// OpenSSL's oldest queued error, in its words, and the queue emptied.
    static func lastError() -> String {
        let code = ERR_get_error()
        ERR_clear_error()
        guard code != 0 else { return errno != 0 ? String(cString: strerror(errno)) : "the connection closed" }
        var text = [CChar](repeating: 0, count: 256)
        ERR_error_string_n(code, &text, text.count)
        return String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Runs `body` with SIGPIPE held back on this thread: OpenSSL writes to its socket with
    /// write(2), which would end the process when a server closes the connection; the signal a
    /// write raised is taken before the mask is restored, so the error is only a fault.
    static func withoutBrokenPipeSignal<T>(_ body: () throws(CacheFault) -> T) throws(CacheFault) -> T {
        var pipeSignal = sigset_t()
        sigemptyset(&pipeSignal)
        sigaddset(&pipeSignal, SIGPIPE)
        var previous = sigset_t()
        pthread_sigmask(SIG_BLOCK, &pipeSignal, &previous)
        defer {
            var pending = sigset_t()
            sigpending(&pending)
            if sigismember(&pending, SIGPIPE) == 1, sigismember(&previous, SIGPIPE) == 0 {
                var now = timespec()
                _ = sigtimedwait(&pipeSignal, nil, &now)
            }
            pthread_sigmask(SIG_SETMASK, &previous, nil)
        }
        return try body()
    }
}
