#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Why an index could not be loaded.
public struct RenditionIndexError: Error, Equatable, CustomStringConvertible, Sendable {
    public var description: String
    public init(_ description: String) { self.description = description }
}

extension RenditionIndex {
    /// Reads an index, refusing one written for a newer schema than this library knows.
    public static func load(from url: URL) throws -> RenditionIndex {
        guard let data = FileManager.default.contents(atPath: url.path) else {
            let reason = FileManager.default.fileExists(atPath: url.path) ? "it cannot be read (permission denied?)" : "there is no such file"
            throw RenditionIndexError("\(url.path): cannot read the index: \(reason)")
        }
        return try decode(data, name: url.path)
    }

    /// Decodes an index from its JSON bytes; `name` appears in errors.
    public static func decode(_ data: some ContiguousBytes, name: String = "index") throws -> RenditionIndex {
        let (schema, index) = data.withUnsafeBytes { IndexJSONReader.read($0.bindMemory(to: UInt8.self)) }
        guard let schema else {
            throw RenditionIndexError("\(name): not a thumbgen index (no \"schema\" number)")
        }
        guard schema <= currentSchema else {
            throw RenditionIndexError("\(name): index schema \(schema) is newer than this reader supports (\(currentSchema)); update the Renditions library")
        }
        switch index {
        case .success(let index): return index
        case .failure(.syntax(let reason)): throw RenditionIndexError("\(name): the index is damaged: \(reason)")
        case .failure(.shape(let reason, let path)):
            let place = path.isEmpty ? "" : IndexJSONReader.place(path) + ": "
            throw RenditionIndexError("\(name): the index is damaged: \(place)\(reason)")
        }
    }

    /// The index as the generator writes it (`IndexJSONWriter`): UTF-8 JSON, sorted keys, no
    /// timestamps, one trailing newline. The same index always gives the same bytes.
    public func encoded() -> Data {
        Data(IndexJSONWriter.encode(self))
    }

    /// The same bytes as `encoded()`, without Data's copy: an index of 100,000 images is some
    /// 75 MB.
    package func encodedBytes() -> [UInt8] {
        IndexJSONWriter.encode(self)
    }
}
