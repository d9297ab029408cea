/// `thumbgen schema`: the manifest's JSON Schema on standard output, for editors' YAML
/// completion (`thumbgen schema > manifest.schema.json`).
enum SchemaCommand {
    static func run(console: Console) {
        console.out(ManifestSchema.text)
    }
}
