/// Paths split and compared as a file system reads them: by their bytes. A `String` splits into
/// characters, and a `/` followed by a combining mark is one character, not a `/`; it compares
/// canonically, so `é` as one scalar equals `e` with a combining accent, where a file system sees
/// two names. An index's paths are untrusted input, and a Swift client must find the same files
/// as the JavaScript one (which splits by code units) and the file system.
package enum PathBytes {
    /// The parts of `path` between its `/` bytes; `omittingEmpty: false` keeps empty ones.
    package static func parts(_ path: String, omittingEmpty: Bool = true) -> [String] {
        path.utf8.split(separator: slash, omittingEmptySubsequences: omittingEmpty).map { String(decoding: $0, as: UTF8.self) }
    }

    /// `path` up to its last `/` byte (`photos` for `photos/a.jpg`); nil without one.
    package static func beforeLastSlash(_ path: String) -> String? {
        path.utf8.lastIndex(of: slash).map { String(decoding: path.utf8[..<$0], as: UTF8.self) }
    }

    /// `path` after its last `/` byte (`a.jpg` for `photos/a.jpg`); `path` without one.
    package static func afterLastSlash(_ path: String) -> String {
        guard let last = path.utf8.lastIndex(of: slash) else { return path }
        return String(decoding: path.utf8[path.utf8.index(after: last)...], as: UTF8.self)
    }

    /// The same bytes.
    package static func same(_ left: String, _ right: String) -> Bool {
        left.utf8.elementsEqual(right.utf8)
    }

    private static let slash = UInt8(ascii: "/")
}
