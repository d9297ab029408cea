import Glibc
import LibCrypto

/// One TCP connection to a cache server, TLS on top for https. The socket is non-blocking and
/// every wait is a poll(2) bounded by the request's deadline, so a server that stalls costs at
/// most the time limit. Used by one request at a time: the store's pool hands each connection
/// to one caller, which is why it may cross threads.
final class HTTPConnection: @unchecked Sendable {
    private let socket: Int32
    private let tls: OpaquePointer?
    /// False once anything went wrong or the server said it closes: the pool drops it.
    var reusable = true

    init(to server: CacheURL.Server, tls context: TLSContext?, connectSeconds: Double, deadline: Deadline) throws(CacheFault) {
        // Both made before any property is set: a failure closes the socket here, once, and
        // no deinit runs for a connection that never was.
        let socket = try Self.connect(server, deadline: deadline.capped(seconds: connectSeconds))
        var session: OpaquePointer?
        if let context {
            do {
                session = try context.handshake(socket: socket, host: server.host, deadline: deadline)
            } catch {
                close(socket)
                throw error
            }
        }
        self.socket = socket
        tls = session
    }

    /// Whether a kept connection can carry another request: nothing arrived since its last
    /// answer (a stray byte, or the server's close, would be read as the next answer).
    var isQuiet: Bool {
        if let tls, SSL_pending(tls) > 0 { return false }
        var entry = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
        return poll(&entry, 1, 0) == 0
    }

    deinit {
        if let tls { SSL_free(tls) }
        close(socket)
    }

    /// Sends all of `bytes`.
    func send(_ bytes: [UInt8], deadline: Deadline) throws(CacheFault) {
        var sent = 0
        while sent < bytes.count {
            let result = bytes.withUnsafeBytes { raw in
                Result { () throws(CacheFault) -> Int in
                    let start = raw.baseAddress! + sent
                    let left = raw.count - sent
                    if let tls { return try transfer(tls, deadline, "sending") { SSL_write(tls, start, Int32(min(left, 1 << 30))) } }
                    return try plain(deadline, "sending", events: Int16(POLLOUT)) { Glibc.send(socket, start, left, Int32(MSG_NOSIGNAL)) }
                }
            }
            sent += try result.get()
        }
    }

    /// Up to `count` bytes into `buffer`; 0 when the server closed the connection.
    func receive(_ buffer: UnsafeMutableRawBufferPointer, deadline: Deadline) throws(CacheFault) -> Int {
        if let tls {
            return try transfer(tls, deadline, "receiving") { SSL_read(tls, buffer.baseAddress, Int32(min(buffer.count, 1 << 30))) }
        }
        return try plain(deadline, "receiving", events: Int16(POLLIN)) { recv(socket, buffer.baseAddress, buffer.count, 0) }
    }

    /// A plain socket call, waiting while it would block.
    private func plain(_ deadline: Deadline, _ doing: String, events: Int16, _ call: () -> Int) throws(CacheFault) -> Int {
        while true {
            let result = call()
            if result >= 0 { return result }
            guard errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR else {
                throw CacheFault(reason: "the connection failed while \(doing): \(String(cString: strerror(errno)))")
            }
            try Self.wait(socket, events, deadline, doing)
        }
    }

    /// A TLS call, waiting for whichever way the TLS layer needs the socket.
    private func transfer(_ tls: OpaquePointer, _ deadline: Deadline, _ doing: String, _ call: () -> Int32) throws(CacheFault) -> Int {
        try TLSContext.withoutBrokenPipeSignal { () throws(CacheFault) -> Int in
            while true {
                ERR_clear_error()
                let result = call()
                if result > 0 { return Int(result) }
                switch SSL_get_error(tls, result) {
                case SSL_ERROR_WANT_READ: try Self.wait(socket, Int16(POLLIN), deadline, doing)
                case SSL_ERROR_WANT_WRITE: try Self.wait(socket, Int16(POLLOUT), deadline, doing)
                case SSL_ERROR_ZERO_RETURN: return 0
                default: throw CacheFault(reason: "the TLS connection failed while \(doing): \(TLSContext.lastError())")
                }
            }
        }
    }

    static func wait(_ socket: Int32, _ events: Int16, _ deadline: Deadline, _ doing: String) throws(CacheFault) {
        var entry = pollfd(fd: socket, events: events, revents: 0)
        while true {
            let ready = poll(&entry, 1, try deadline.milliseconds(doing))
            if ready > 0 || (ready < 0 && errno != EINTR) { return }
        }
    }

    /// A connected non-blocking socket to the first of the host's addresses that answers.
    private static func connect(_ server: CacheURL.Server, deadline: Deadline) throws(CacheFault) -> Int32 {
        var hints = addrinfo()
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        hints.ai_flags = AI_NUMERICSERV
        var found: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(server.host, String(server.port), &hints, &found)
        guard status == 0, let first = found else {
            throw CacheFault(reason: "the host \(server.host) was not found (\(String(cString: gai_strerror(status))))")
        }
        defer { freeaddrinfo(first) }
        var lastError = "no address"
        var address: UnsafeMutablePointer<addrinfo>? = first
        while let entry = address {
            address = entry.pointee.ai_next
            let socket = Glibc.socket(entry.pointee.ai_family, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
            guard socket >= 0 else { continue }
            var one: Int32 = 1
            // A request is one write and its answer one read: Nagle's wait would add a round trip.
            setsockopt(socket, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
            if Glibc.connect(socket, entry.pointee.ai_addr, entry.pointee.ai_addrlen) == 0 { return socket }
            if errno == EINPROGRESS {
                do {
                    try wait(socket, Int16(POLLOUT), deadline, "connecting")
                } catch {
                    close(socket)
                    throw error
                }
                var failure: Int32 = 0
                var length = socklen_t(MemoryLayout<Int32>.size)
                getsockopt(socket, SOL_SOCKET, SO_ERROR, &failure, &length)
                if failure == 0 { return socket }
                lastError = String(cString: strerror(failure))
            } else {
                lastError = String(cString: strerror(errno))
            }
            close(socket)
        }
        throw CacheFault(reason: "cannot connect to \(server.authority): \(lastError)")
    }
}
