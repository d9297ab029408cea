/// One answer read from a cache server, believed only as far as it is checked: the head is at
/// most 64 KiB, a body at most what the caller asked for (a larger one is a fault, not a
/// download), lengths are digits and agree, and chunk sizes are bounded before use.
struct HTTPResponse {
    var status: Int
    var body: [UInt8]
    /// The connection cannot carry another request (the server closes it, or the body ran to
    /// the close, or an error body was left unread).
    var closes: Bool

    static let headLimit = 64 << 10
    /// Any other body is read this far, to reuse the connection; past it the connection goes.
    static let errorBodyLimit = 64 << 10

    /// The answer to `method` (HEAD has no body). `limit`: the largest successful body taken.
    static func read(from connection: HTTPConnection, method: String, limit: Int, deadline: Deadline) throws(CacheFault) -> HTTPResponse {
        // Everything read for one answer, framing included, is bounded by what it may hold.
        var input = Input(connection: connection, deadline: deadline, budget: limit + 4 * headLimit)
        do {
            var response = try answer(&input, method: method, limit: limit)
            // A byte past the answer belongs to no request: the connection is not used again.
            if input.start < input.buffer.count { response.closes = true }
            return response
        } catch {
            var fault = error
            fault.beforeAnswer = input.received == 0 && !error.reason.hasPrefix("no answer in time")
            throw fault
        }
    }

    private static func answer(_ input: inout Input, method: String, limit: Int) throws(CacheFault) -> HTTPResponse {
        var interim = 0
        while true {
            let head = try Head(try input.head())
            if (100...199).contains(head.status) {
                interim += 1
                guard interim <= 8 else { throw CacheFault(reason: "the server sent more than 8 interim answers") }
                continue
            }
            // Only a successful GET's body is what was asked for; any other body (an error page,
            // a PUT's or MKCOL's confirmation) is read at most this far and not kept.
            let successful = (200...299).contains(head.status) && method == "GET"
            var response = HTTPResponse(status: head.status, body: [], closes: head.closes)
            // A HEAD answer has no body, but some servers send one anyway (WsgiDAV's 404 page):
            // its bytes would be read as the next answer, so the connection is not used again.
            if method == "HEAD" { response.closes = true }
            guard method != "HEAD", head.status != 204, head.status != 304 else { return response }
            let cap = successful ? limit : errorBodyLimit
            do throws(CacheFault) {
                if head.chunked {
                    response.body = try input.chunked(limit: cap)
                } else if let length = head.length {
                    guard length <= cap else { throw CacheFault(reason: "the server sent \(length) bytes where at most \(cap) were asked for") }
                    response.body = try input.exactly(length)
                } else {
                    response.body = try input.untilClose(limit: cap)
                    response.closes = true
                }
            } catch where !successful {
                response.closes = true
            }
            return response
        }
    }

    /// The status line and the headers thumbgen reads.
    private struct Head {
        var status: Int
        var length: Int?
        var chunked = false
        var closes = false
        var hasLength = false

        init(_ bytes: ArraySlice<UInt8>) throws(CacheFault) {
            let text = String(decoding: bytes, as: UTF8.self)
            var lines = text.split(separator: "\r\n", omittingEmptySubsequences: false)[...]
            let statusLine = lines.popFirst() ?? ""
            let parts = statusLine.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: false)
            guard parts.count >= 2, parts[0] == "HTTP/1.1" || parts[0] == "HTTP/1.0",
                  parts[1].count == 3, parts[1].allSatisfy(\.isASCII), let status = Int(parts[1]) else {
                throw CacheFault(reason: "the server's answer is not HTTP/1.1")
            }
            self.status = status
            closes = parts[0] == "HTTP/1.0"
            for line in lines where !line.isEmpty {
                guard let colon = line.firstIndex(of: ":") else { throw CacheFault(reason: "the server sent a header line without a colon") }
                let name = line[..<colon].lowercased()
                let value = line[line.index(after: colon)...].trimmingSpaces().lowercased()
                try take(name, value)
            }
            // Both framings at once is how answers are smuggled: the chunks are read, the
            // connection is not trusted with another request.
            if chunked && hasLength {
                closes = true
                length = nil
            }
        }

        private mutating func take(_ name: String, _ value: String) throws(CacheFault) {
            switch name {
            case "content-length":
                guard !value.isEmpty, value.count <= 15, value.allSatisfy({ $0.isASCII && $0.isNumber }), let number = Int(value),
                      length == nil || length == number else {
                    throw CacheFault(reason: "the server sent a Content-Length of '\(value.prefix(20))'")
                }
                length = number
                hasLength = true
            case "transfer-encoding":
                let codings = value.split(separator: ",").map { $0.trimmingSpaces() }
                guard codings == ["chunked"] else { throw CacheFault(reason: "the server sent a transfer encoding other than chunked") }
                chunked = true
            case "connection":
                let options = value.split(separator: ",").map { $0.trimmingSpaces() }
                if options.contains("close") { closes = true }
                if options.contains("keep-alive") { closes = false }
            default:
                break
            }
        }
    }

    /// What has arrived and not been used yet, filled from the connection as needed.
    private struct Input {
        let connection: HTTPConnection
        let deadline: Deadline
        /// How many bytes the answer may take in all.
        let budget: Int
        var buffer: [UInt8] = []
        var start = 0
        private(set) var received = 0

        init(connection: HTTPConnection, deadline: Deadline, budget: Int) {
            self.connection = connection
            self.deadline = deadline
            self.budget = budget
        }

        /// Reads more; false when the server closed the connection.
        mutating func fill() throws(CacheFault) -> Bool {
            guard received <= budget else { throw CacheFault(reason: "the server sent more than \(budget) bytes for one answer") }
            if start > 0 {
                buffer.removeFirst(start)
                start = 0
            }
            let old = buffer.count
            buffer.append(contentsOf: repeatElement(0, count: 64 << 10))
            let outcome = buffer.withUnsafeMutableBytes { raw in
                Result { () throws(CacheFault) -> Int in
                    try connection.receive(UnsafeMutableRawBufferPointer(rebasing: raw[old...]), deadline: deadline)
                }
            }
            let count = try outcome.get()
            buffer.removeLast(buffer.count - old - count)
            received += count
            return count > 0
        }

        /// Through the empty line that ends a head; the slice excludes it.
        mutating func head() throws(CacheFault) -> ArraySlice<UInt8> {
            // How far past `start` has been searched (fill may move what is unread to the front).
            var searched = 0
            while true {
                let ending: [UInt8] = [13, 10, 13, 10]
                if buffer.count - start >= 4, let end = Self.find(ending, in: buffer, from: start + max(0, searched - 3)) {
                    let head = buffer[start..<end]
                    start = end + 4
                    return head
                }
                searched = buffer.count - start
                guard buffer.count - start < HTTPResponse.headLimit else { throw CacheFault(reason: "the server's answer has a head over 64 KiB") }
                guard try fill() else { throw CacheFault(reason: "the server closed the connection before answering") }
            }
        }

        mutating func exactly(_ count: Int) throws(CacheFault) -> [UInt8] {
            while buffer.count - start < count {
                guard try fill() else { throw CacheFault(reason: "the server closed the connection \(buffer.count - start) bytes into a body of \(count)") }
            }
            let body = Array(buffer[start..<(start + count)])
            start += count
            return body
        }

        mutating func untilClose(limit: Int) throws(CacheFault) -> [UInt8] {
            repeat {
                guard buffer.count - start <= limit else { throw CacheFault(reason: "the server sent more than the \(limit) bytes asked for") }
            } while try fill()
            defer { start = buffer.count }
            return Array(buffer[start...])
        }

        mutating func line() throws(CacheFault) -> String {
            while true {
                if let end = Self.find([13, 10], in: buffer, from: start) {
                    defer { start = end + 2 }
                    return String(decoding: buffer[start..<end], as: UTF8.self)
                }
                guard buffer.count - start < 4096 else { throw CacheFault(reason: "the server sent a chunk line over 4 KiB") }
                guard try fill() else { throw CacheFault(reason: "the server closed the connection inside a chunked body") }
            }
        }

        mutating func chunked(limit: Int) throws(CacheFault) -> [UInt8] {
            var body: [UInt8] = []
            while true {
                let sizeText = try line().prefix { $0 != ";" }.trimmingSpaces()
                guard !sizeText.isEmpty, sizeText.count <= 15, sizeText.allSatisfy(\.isHexDigit), let size = Int(sizeText, radix: 16) else {
                    throw CacheFault(reason: "the server sent a chunk size of '\(sizeText.prefix(20))'")
                }
                if size == 0 { break }
                guard body.count + size <= limit else { throw CacheFault(reason: "the server sent more than the \(limit) bytes asked for") }
                body += try exactly(size)
                guard try line().isEmpty else { throw CacheFault(reason: "the server's chunk is longer than its size") }
            }
            var trailers = 0
            while try !line().isEmpty {
                trailers += 1
                guard trailers <= 64 else { throw CacheFault(reason: "the server sent more than 64 trailer lines") }
            }
            return body
        }

        static func find(_ needle: [UInt8], in bytes: [UInt8], from: Int) -> Int? {
            guard bytes.count >= needle.count else { return nil }
            var index = from
            while index <= bytes.count - needle.count {
                if bytes[index] == needle[0], bytes[index..<(index + needle.count)].elementsEqual(needle) { return index }
                index += 1
            }
            return nil
        }
    }
}

extension StringProtocol {
    /// Without the spaces and tabs HTTP allows around a value.
    func trimmingSpaces() -> String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else { return "" }
        return String(self[first...last])
    }
}
