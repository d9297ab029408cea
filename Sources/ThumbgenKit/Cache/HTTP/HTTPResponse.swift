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
    /// An error's body is read this far, to reuse the connection; past it the connection goes.
    static let errorBodyLimit = 64 << 10

    /// The answer to `method` (HEAD has no body). `limit`: the largest successful body taken.
    static func read(from connection: HTTPConnection, method: String, limit: Int, deadline: Deadline) throws(CacheFault) -> HTTPResponse {
        var input = Input(connection: connection, deadline: deadline)
        while true {
            let head = try Head(try input.head())
            if (100...199).contains(head.status) { continue }
            let successful = (200...299).contains(head.status)
            var response = HTTPResponse(status: head.status, body: [], closes: head.closes)
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
        }

        private mutating func take(_ name: String, _ value: String) throws(CacheFault) {
            switch name {
            case "content-length":
                guard !value.isEmpty, value.count <= 15, value.allSatisfy({ $0.isASCII && $0.isNumber }), let number = Int(value),
                      length == nil || length == number else {
                    throw CacheFault(reason: "the server sent a Content-Length of '\(value.prefix(20))'")
                }
                length = number
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
        var buffer: [UInt8] = []
        var start = 0

        init(connection: HTTPConnection, deadline: Deadline) {
            self.connection = connection
            self.deadline = deadline
        }

        /// Reads more; false when the server closed the connection.
        mutating func fill() throws(CacheFault) -> Bool {
            if start > 0, start == buffer.count {
                buffer.removeAll(keepingCapacity: true)
                start = 0
            }
            let old = buffer.count
            buffer.append(contentsOf: repeatElement(0, count: 64 << 10))
            let received = buffer.withUnsafeMutableBytes { raw in
                Result { () throws(CacheFault) -> Int in
                    try connection.receive(UnsafeMutableRawBufferPointer(rebasing: raw[old...]), deadline: deadline)
                }
            }
            let count = try received.get()
            buffer.removeLast(buffer.count - old - count)
            return count > 0
        }

        /// Through the empty line that ends a head; the slice excludes it.
        mutating func head() throws(CacheFault) -> ArraySlice<UInt8> {
            var searched = start
            while true {
                let ending: [UInt8] = [13, 10, 13, 10]
                if buffer.count - start >= 4, let end = Self.find(ending, in: buffer, from: max(start, searched - 3)) {
                    let head = buffer[start..<end]
                    start = end + 4
                    return head
                }
                searched = buffer.count
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
                guard !sizeText.isEmpty, sizeText.count <= 15, let size = Int(sizeText, radix: 16), size >= 0 else {
                    throw CacheFault(reason: "the server sent a chunk size of '\(sizeText.prefix(20))'")
                }
                if size == 0 { break }
                guard body.count + size <= limit else { throw CacheFault(reason: "the server sent more than the \(limit) bytes asked for") }
                body += try exactly(size)
                guard try line().isEmpty else { throw CacheFault(reason: "the server's chunk is longer than its size") }
            }
            while try !line().isEmpty {}  // trailers
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
