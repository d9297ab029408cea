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
    public static func decode(_ data: Data, name: String = "index") throws -> RenditionIndex {
        struct SchemaOnly: Decodable { var schema: Int }
        let schema: Int
        do {
            schema = try JSONDecoder().decode(SchemaOnly.self, from: data).schema
        } catch {
            throw RenditionIndexError("\(name): not a thumbgen index (no \"schema\" number)")
        }
        guard schema <= currentSchema else {
            throw RenditionIndexError("\(name): index schema \(schema) is newer than this reader supports (\(currentSchema)); update the Renditions library")
        }
        do {
            return try JSONDecoder().decode(RenditionIndex.self, from: data)
        } catch {
            throw RenditionIndexError("\(name): the index is damaged: \(error)")
        }
    }

    /// The index as the generator writes it: UTF-8 JSON, sorted keys, no timestamps, one
    /// trailing newline. The same index always gives the same bytes.
    public func encoded() -> Data {
        let encoder = JSONEncoder()
        // `.sortedKeys` is in every system Package.swift names; slashes are unescaped by the layout.
        encoder.outputFormatting = [.sortedKeys]
        // Every member is a plain value type with a total encoding; failure is a programming error.
        let compact = try! encoder.encode(self)
        return IndexJSONLayout.pretty(compact)
    }
}
