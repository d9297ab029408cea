import Foundation
import TestSupport

@testable import ThumbgenKit

/// PyPI's jsonschema (draft 2020-12), run on YAML turned into JSON by PyYAML: the validator an
/// editor's language server stands for. `make test` installs both (scripts/install-deps.sh).
enum SchemaValidator {
    static let requirement = "python3 with the jsonschema and PyYAML modules (scripts/install-deps.sh --test)"
    static let script = ManifestSchemaTests.project.appendingPathComponent("Tests/SchemaValidation/validate.py").path

    /// The python3 that `python3 -m pip` installs for: the first on PATH.
    static let python = which("python3") ?? Subprocess.find(["/usr/bin/python3"])

    static let isAvailable: Bool = {
        guard let python else { return false }
        return (try? Subprocess.run(python, ["-c", "import jsonschema, yaml"]).status) == 0
    }()

    /// The validator's errors for each manifest, by name (none for a manifest it accepts).
    static func validate(_ manifests: [(name: String, yaml: String)]) throws -> [String: [String]] {
        let folder = ScratchFolder("thumbgen-schema")
        let schema = folder.write("manifest.schema.json", text: ManifestSchema.text)
        let cases = try JSONSerialization.data(withJSONObject: manifests.map { ["name": $0.name, "yaml": $0.yaml] })
        let input = folder.write("cases.json", [UInt8](cases))
        let python = Self.python ?? "python3"
        let run = try Subprocess.run("/bin/sh", ["-c", "\"$0\" \"$1\" \"$2\" < \"$3\"", python, script, schema, input])
        guard run.status == 0, let start = run.output.firstIndex(of: "{"),
              let verdicts = try JSONSerialization.jsonObject(with: Data(run.output[start...].utf8)) as? [String: [String]]
        else { throw ValidatorFailure(output: run.output) }
        return verdicts
    }

    /// The first `name` on PATH.
    static func which(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }
}

struct ValidatorFailure: Error, CustomStringConvertible {
    var output: String
    var description: String { "the validator failed: \(output)" }
}
