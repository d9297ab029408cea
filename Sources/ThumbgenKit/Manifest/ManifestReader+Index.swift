import YAML

/// The `index:` key: a path as in the first edition (`index: renditions.json`), or a mapping
/// with the path and how the index is split for clients (`index: { path: …, split: folder }`).
extension ManifestReader {
    static let indexKeys = ["path", "split"]

    mutating func readIndex(_ node: YAMLNode, into document: inout ManifestDocument) {
        guard case .mapping = node else {
            if let path = reader.string(node, "index") { document.index = (path, node.mark) }
            return
        }
        guard let values = reader.mapping(node, "index", keys: Self.indexKeys) else { return }
        if let path = values["path"], let text = reader.string(path, "index.path") { document.index = (text, path.mark) }
        if let split = values["split"], let name = reader.string(split, "index.split") {
            if let kind = IndexSplit(rawValue: name) {
                document.indexSplit = kind
            } else {
                let names = IndexSplit.allCases.map(\.rawValue)
                reader.error(split.mark, "unknown index.split '\(name)'\(Suggestion.hint(for: name, among: names)); use 'none' (one index) or 'folder' (also one small index per folder of originals)")
            }
        }
    }
}
