import ThumbgenKit

extension Request.Command {
    public static let schema = Self(SchemaCommand.self)
}

/// `thumbgen schema`: the manifest's JSON Schema on standard output, for editors' YAML
/// completion (`thumbgen schema > manifest.schema.json`).
enum SchemaCommand: Command {
    static let name = "schema"
    static let summary: String? = "print the manifest's JSON Schema, for editors' completion and checking"
    static let help = """
        thumbgen schema
        Prints the manifest's JSON Schema (draft 2020-12): every key with its description, default,
        range and allowed values. Save it beside the manifest and name it on the manifest's first
        line, and YAML editors (VS Code's YAML extension, any yaml-language-server client)
        complete and check the manifest as you type:
          thumbgen schema > manifest.schema.json
          # yaml-language-server: $schema=manifest.schema.json
        """

    static let readsSharedOptions = false

    static func parse(_ words: [String], options: [String: String], into request: inout Request) throws(UsageError) {
        guard words.isEmpty else { throw UsageError("schema takes no manifest: it describes every manifest; see 'thumbgen help schema'") }
    }

    static func run(_ request: Request, console: Console, diagnostics: DiagnosticsEngine) {
        console.out(ManifestSchema.text)
    }
}
