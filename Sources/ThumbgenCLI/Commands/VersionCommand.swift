import ImageCodecs
import ThumbgenKit

extension Request.Command {
    public static let version = Self(VersionCommand.self)
}

/// `thumbgen --version`: thumbgen's version on the first line (scripts read it), then the
/// rendering version and the codec libraries' as this process loaded them: what a recipe holds.
enum VersionCommand: Command {
    static let name = "version"
    static let help = "thumbgen --version: print the version, then the rendering version and the codec libraries' versions that go into every recipe."
    static let readsSharedOptions = false

    static func parse(_ words: [String], options: [String: String], into request: inout Request) throws(UsageError) {}

    static func run(_ request: Request, console: Console, diagnostics: DiagnosticsEngine) {
        console.out(text)
    }

    static var text: String {
        (["thumbgen \(Thumbgen.version)", Recipe.rendering] + CodecLibraries.current.lines(CodecLibraries.Library.allCases))
            .joined(separator: "\n") + "\n"
    }
}
