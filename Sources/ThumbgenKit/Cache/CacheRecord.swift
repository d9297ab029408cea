import FoundationEssentials
import LibCrypto
import Renditions

/// What the cache holds for one image recipe (`ac/<sha256 of the recipe>`): each rendition's
/// pixel size and the hash and size of its fallback and modern files, in the plan's order, the
/// placeholder, and what the decoder left out. No name: the same photo under another path, or
/// in another site, takes the same record, and its files get the names its own plan gives.
struct CacheRecord: Codable, Equatable {
    struct Blob: Codable, Equatable {
        var sha256: String
        var bytes: Int
    }

    struct Source: Codable, Equatable {
        var format: String
        var blob: Blob
    }

    struct Rendition: Codable, Equatable {
        var width: Int
        var height: Int
        var fallback: Blob
        var sources: [Source]
    }

    static let version = 1
    var version = Self.version
    /// The recipe's whole text, so that a record can be checked against the recipe it is for.
    var recipe: String
    var renditions: [Rendition]
    var placeholder: PlaceholderRecord?
    var warnings: [String]
    /// The point a `focus: auto` render placed its crops around, [x, y]; absent otherwise.
    var focus: [Double]? = nil

    /// The record as stored: the record's JSON (keys sorted: the same record, the same bytes),
    /// then, with a key, one line `hmac-sha256 <hex>` over those bytes.
    func encoded(key: [UInt8]?) -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        var bytes = (try? encoder.encode(self)).map { [UInt8]($0) } ?? []
        bytes.append(0x0A)
        if let key { bytes += Array("hmac-sha256 \(Self.signature(bytes, key: key))\n".utf8) }
        return bytes
    }

    enum Refusal: Error, Equatable {
        /// Not a record this thumbgen reads.
        case damaged
        /// A key is set and the record carries no signature, or a wrong one.
        case unsigned
    }

    /// The record in `bytes`, its signature checked with `key` when there is one.
    static func decode(_ bytes: [UInt8], key: [UInt8]?) throws(Refusal) -> CacheRecord {
        guard let end = bytes.firstIndex(of: 0x0A) else { throw .damaged }
        let body = Array(bytes[...end])
        if let key {
            let line = Array(bytes[(end + 1)...])
            let expected = Array("hmac-sha256 \(signature(body, key: key))\n".utf8)
            // Compared in constant time: how long a refusal takes says nothing of the signature.
            guard line.count == expected.count, CRYPTO_memcmp(line, expected, line.count) == 0 else { throw .unsigned }
        }
        guard let record = try? JSONDecoder().decode(CacheRecord.self, from: Data(body)), record.version == version else {
            throw .damaged
        }
        return record
    }

    /// HMAC-SHA-256 of `bytes` under `key`, lowercase hex.
    static func signature(_ bytes: [UInt8], key: [UInt8]) -> String {
        var digest = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
        var length: UInt32 = 0
        _ = key.withUnsafeBytes { keyBytes in
            bytes.withUnsafeBytes { data in
                HMAC(EVP_sha256(), keyBytes.baseAddress, Int32(keyBytes.count), data.baseAddress?.assumingMemoryBound(to: UInt8.self),
                     data.count, &digest, &length)
            }
        }
        return FileHash.hex(digest.prefix(Int(length)))
    }
}
