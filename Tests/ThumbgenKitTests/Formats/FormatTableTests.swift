import Foundation
import ImageCodecs
@testable import Renditions
import Testing

/// The clients ship without the generator, so each keeps its own table of the media types of
/// the formats thumbgen reads (Renditions' `MediaTypes`, the web client's `mediaTypes`), and
/// both name a modern file's type `image/` and its format's name. The generator's registry
/// (`Formats`) is the one that declares formats: these hold the clients to it, so a format
/// added there without them fails here.
@Suite struct FormatTableTests {
    static let project: URL = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<4 { url.deleteLastPathComponent() }  // Tests/ThumbgenKitTests/Formats/file → project
        return url
    }()

    /// `heic`: a name an index may give a HEIC original, which the clients also know.
    static let clientOnly: Set<String> = ["heic"]

    @Test func theSwiftClientKnowsEveryInputFormatsType() {
        for input in Formats.inputs {
            #expect(MediaTypes.original(format: input.format.rawValue) == input.mediaType, "\(input.format)")
        }
        #expect(Set(MediaTypes.originalFormats) == Set(Formats.inputs.map(\.format.rawValue)).union(Self.clientOnly))
        #expect(MediaTypes.original(format: ImageFormat.unknown.rawValue) == nil)
    }

    @Test func theWebClientsTableIsTheSwiftClients() throws {
        let script = try String(contentsOf: Self.project.appendingPathComponent("Clients/web/renditions.js"), encoding: .utf8)
        let line = try #require(script.split(separator: "\n").first { $0.hasPrefix("const mediaTypes = [") }, "renditions.js has no mediaTypes table")
        let names = line.split(separator: "[")[1].split(separator: "]")[0].split(separator: ",").map {
            $0.trimmingCharacters(in: CharacterSet(charactersIn: " '\""))
        }
        #expect(names == MediaTypes.originalFormats)
    }

    @Test func everyOutputFormatsTypeIsTheOneClientsDerive() {
        for output in Formats.outputs {
            #expect(output.mediaType == MediaTypes.modern(format: output.name), "\(output.name)")
            // A page gets only known types (RenditionIndex+Trust): every type a build writes is one.
            #expect(MediaTypes.isKnown(output.mediaType), "\(output.name)")
            #expect(Formats.input(output.format).map { $0.mediaType == output.mediaType } ?? true, "\(output.name)")
        }
    }

    @Test func eachFormatIsDeclaredOnce() {
        let inputs = Formats.inputs.map(\.format.rawValue), outputs = Formats.outputs.map(\.name)
        #expect(Set(inputs).count == inputs.count && Set(outputs).count == outputs.count)
        let extensions = Formats.inputs.flatMap(\.extensions)
        #expect(Set(extensions).count == extensions.count && extensions.allSatisfy { $0 == $0.lowercased() })
        // Every fallback an input names is an output fallback.
        for input in Formats.inputs {
            guard let fallback = input.fallback else { continue }
            #expect(Formats.output(fallback)?.role == .fallback, "\(input.format)")
        }
    }
}
