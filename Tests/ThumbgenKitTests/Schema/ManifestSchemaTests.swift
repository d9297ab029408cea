import Foundation
import ImageCodecs
import Renditions
import Testing
import TestSupport
import YAML

@testable import ThumbgenKit

/// `thumbgen schema` describes what the loader accepts: the shipped file is what the binary
/// prints, its defaults and keys are the code's, a real validator (PyPI jsonschema) accepts every
/// manifest in the repository and rejects the broken ones the loader rejects.
@Suite struct ManifestSchemaTests {
    static let project = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    @Test func theShippedSchemaIsWhatThumbgenPrints() throws {
        let shipped = try String(contentsOf: Self.project.appendingPathComponent(ManifestSchema.shippedPath), encoding: .utf8)
        let captured = CapturedConsole()
        #expect(captured.run(["schema"]) == .success)
        #expect(captured.out == ManifestSchema.text)
        #expect(shipped == ManifestSchema.text,
                "\(ManifestSchema.shippedPath) is out of date: run '.build/release/thumbgen schema > \(ManifestSchema.shippedPath)'")
    }

    @Test func itsKeysDefaultsAndChoicesAreTheCodes() throws {
        let schema = try #require(JSONSerialization.jsonObject(with: Data(ManifestSchema.text.utf8)) as? [String: Any])
        func object(_ value: Any?, _ path: String...) -> [String: Any] {
            var current = value as? [String: Any] ?? [:]
            for key in path { current = current[key] as? [String: Any] ?? [:] }
            return current
        }
        let properties = object(schema, "properties")
        let slot = object(schema, "$defs", "slot", "properties"), image = object(schema, "$defs", "image", "properties")
        let output = object(properties, "output", "properties"), limits = object(properties, "limits", "properties")
        #expect(schema["$schema"] as? String == "https://json-schema.org/draft/2020-12/schema")
        #expect(Set(properties.keys) == Set(ManifestReader.topKeys))
        #expect(Set(slot.keys) == Set(ManifestReader.slotKeys))
        #expect(Set(image.keys) == Set(ManifestReader.imageKeys))
        #expect(Set(output.keys) == Set(ManifestReader.outputKeys))
        #expect(Set(limits.keys) == Set(ManifestReader.limitKeys))

        let defaults = OutputSettings(), bounds = Limits()
        #expect(object(output, "jpeg", "properties", "quality")["default"] as? Int == defaults.jpegQuality)
        #expect(object(output, "webp", "properties", "quality")["default"] as? Int == defaults.webpQuality)
        #expect(object(output, "avif", "properties", "quality")["default"] as? Int == defaults.avifQuality)
        #expect(object(output, "avif", "properties", "speed")["default"] as? Int == defaults.avifSpeed)
        #expect(object(output, "png", "properties", "compression")["maximum"] as? Int == Self.bounds(.png, "compression")?.upperBound)
        #expect(object(output, "formats")["default"] as? [String] == defaults.formats.map(\.name))
        #expect(object(output, "placeholder")["enum"] as? [String] == PlaceholderKind.allCases.map(\.rawValue))
        #expect(object(limits, "pixels")["default"] as? Int == bounds.pixels)
        #expect(object(limits, "memory_mb")["default"] as? Int == bounds.memoryMB)
        #expect(object(slot, "fit")["enum"] as? [String] == Fit.allCases.map(\.rawValue))
        #expect(object(slot, "fit")["default"] as? String == "inside")
        #expect(object(object(output, "formats"), "items")["enum"] as? [String] == Formats.modernNames)
    }

    /// Each manifest of the repository names the shipped schema on its first line, by a path
    /// that leads there from its own folder, as the starter manifest names the file beside it.
    @Test(arguments: ["manifest.yaml", "Tests/Sites/Hugo/manifest.yaml", "Tests/Sites/MkDocs/manifest.yaml", "Tests/Sites/Pelican/manifest.yaml"])
    func theFirstLineNamesTheShippedSchema(_ path: String) throws {
        let text = try String(contentsOf: Self.project.appendingPathComponent(path), encoding: .utf8)
        let prefix = "# yaml-language-server: $schema="
        let first = try #require(text.split(separator: "\n").first.map(String.init))
        #expect(first.hasPrefix(prefix), "\(path): \(first)")
        let named = Self.project.appendingPathComponent(path).deletingLastPathComponent()
            .appendingPathComponent(String(first.dropFirst(prefix.count))).standardizedFileURL
        #expect(named.path == Self.project.appendingPathComponent(ManifestSchema.shippedPath).standardizedFileURL.path)
        #expect(ManifestLoader.starterManifest.hasPrefix(prefix + ManifestLoader.schemaFileName + "\n"))
    }

    /// The manifests of this repository: the example site's, the generator sites', the starter, every
    /// manifest among the README's YAML examples, and one that gives every key.
    static func repositoryManifests() throws -> [(name: String, yaml: String)] {
        var manifests: [(String, String)] = []
        for path in ["manifest.yaml", "Tests/Sites/Hugo/manifest.yaml", "Tests/Sites/MkDocs/manifest.yaml", "Tests/Sites/Pelican/manifest.yaml"] {
            manifests.append((path, try String(contentsOf: project.appendingPathComponent(path), encoding: .utf8)))
        }
        let readme = try String(contentsOf: project.appendingPathComponent("README.md"), encoding: .utf8)
        for (number, block) in yamlBlocks(in: readme).enumerated() where block.split(separator: "\n").contains(where: { $0.hasPrefix("version:") }) {
            manifests.append(("README.md, YAML example \(number + 1)", block))
        }
        manifests.append(("the starter manifest", ManifestLoader.starterManifest))
        manifests.append(("every key", SchemaCases.everyKey))
        return manifests
    }

    /// The text of each ```yaml block of a Markdown file.
    static func yamlBlocks(in markdown: String) -> [String] {
        var blocks: [String] = [], current: [Substring]?
        for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
            if current == nil, line.trimmingCharacters(in: .whitespaces) == "```yaml" {
                current = []
            } else if current != nil, line.trimmingCharacters(in: .whitespaces) == "```" {
                blocks.append(current!.joined(separator: "\n") + "\n")
                current = nil
            } else {
                current?.append(line)
            }
        }
        return blocks
    }

    @Test(.needs(SchemaValidator.requirement) { SchemaValidator.isAvailable })
    func everyManifestInTheRepositoryIsValid() throws {
        let manifests = try Self.repositoryManifests()
        #expect(manifests.count >= 5, "the README's manifest example was not found")
        for manifest in manifests {
            #expect(SchemaCases.readerErrors(manifest.yaml) == [], "\(manifest.name): the loader refuses it")
        }
        let verdicts = try SchemaValidator.validate(manifests)
        for manifest in manifests {
            #expect(verdicts[manifest.name] == [], "\(manifest.name)")
        }
    }

    @Test(.needs(SchemaValidator.requirement) { SchemaValidator.isAvailable })
    func theSchemaAcceptsWhatTheLoaderAccepts() throws {
        let verdicts = try SchemaValidator.validate(SchemaCases.valid)
        for (name, yaml) in SchemaCases.valid {
            #expect(SchemaCases.loaderErrors(yaml) == [], "\(name): the loader refuses it")
            #expect(verdicts[name] == [], "\(name)")
        }
    }

    @Test(.needs(SchemaValidator.requirement) { SchemaValidator.isAvailable })
    func theSchemaRejectsWhatTheLoaderRejects() throws {
        let verdicts = try SchemaValidator.validate(SchemaCases.broken)
        for (name, yaml) in SchemaCases.broken {
            #expect(SchemaCases.loaderErrors(yaml) != [], "\(name): the loader accepts it")
            #expect(verdicts[name]?.isEmpty == false, "\(name): the schema accepts it")
        }
    }
}

extension ManifestSchemaTests {
    /// The range the registry gives an output format's setting.
    static func bounds(_ format: OutputFormat, _ key: String) -> ClosedRange<Int>? {
        guard case .integer(let range) = format.settings.first(where: { $0.key == key })?.kind else { return nil }
        return range
    }
}
