import FoundationEssentials

/// What thumbgen wrote in an asset catalog, kept in the catalog itself as
/// `.thumbgen-xcassets.json` (hidden: Xcode shows no hidden file). An export replaces and
/// deletes only what this record lists, so an imageset a person made, or a file a person added
/// to one of thumbgen's, is never touched. Written atomically, and before any file it lists is
/// made, so a killed export leaves a record that covers everything it may have written.
struct CatalogRecord: Equatable {
    static let fileName = ".thumbgen-xcassets.json"
    static let schema = 1

    /// True when thumbgen wrote the catalog's own `Contents.json`.
    var contents = false
    /// Imageset name (without `.imageset`) → the names of the files thumbgen wrote in it.
    var imageSets: [String: Set<String>] = [:]
    /// Set only while an export runs: its temporary files are `.thumbgen-<token>-N`, so the
    /// next export can remove those a killed one left.
    var temporary: String?

    /// Both records' files: what must be covered while an export moves from one to the other.
    func union(_ other: CatalogRecord) -> CatalogRecord {
        var joined = self
        joined.contents = contents || other.contents
        joined.imageSets.merge(other.imageSets) { $0.union($1) }
        return joined
    }

    /// The record's bytes, laid out as the catalog's `Contents.json` files are.
    var bytes: [UInt8] {
        var members: [String: ContentsJSON.Value] = [
            "contents": .bool(contents),
            "imagesets": .object(imageSets.mapValues { files in
                .array(files.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }.map { .string($0) })
            }),
            "schema": .number(Self.schema),
        ]
        if let temporary { members["temporary"] = .string(temporary) }
        return ContentsJSON.bytes(.object(members))
    }

    /// Why a record cannot be trusted.
    struct Damaged: Error {
        var reason: String
    }

    /// Reads a record back. It is a file anyone may edit: every name must be a plain name in its
    /// folder, so that no entry can send a delete anywhere else.
    init(bytes: [UInt8]) throws(Damaged) {
        struct Stored: Decodable {
            var contents: Bool?
            var imagesets: [String: [String]]?
            var schema: Int
            var temporary: String?
        }
        let stored: Stored
        do {
            stored = try JSONDecoder().decode(Stored.self, from: Data(bytes))
        } catch {
            throw Damaged(reason: "it is not the JSON thumbgen writes")
        }
        guard stored.schema == Self.schema else {
            throw Damaged(reason: "it has schema \(stored.schema), and this thumbgen reads schema \(Self.schema); use a newer thumbgen")
        }
        for (name, files) in stored.imagesets ?? [:] {
            guard RelativePath.isPlainName(name + ".imageset"), !name.hasPrefix(".") else {
                throw Damaged(reason: "it lists '\(NameText.displayed(name))', which is not an imageset name")
            }
            for file in files where !RelativePath.isPlainName(file) || file.hasPrefix(".") {
                throw Damaged(reason: "it lists '\(NameText.displayed(file))' in '\(NameText.displayed(name)).imageset', which is not a file name")
            }
        }
        if let token = stored.temporary, !token.allSatisfy({ $0.isHexDigit }) || token.isEmpty {
            throw Damaged(reason: "its temporary token '\(NameText.displayed(token))' is not one thumbgen makes")
        }
        contents = stored.contents ?? false
        imageSets = (stored.imagesets ?? [:]).mapValues(Set.init)
        temporary = stored.temporary
    }

    init(contents: Bool = false, imageSets: [String: Set<String>] = [:], temporary: String? = nil) {
        self.contents = contents
        self.imageSets = imageSets
        self.temporary = temporary
    }
}
