import Foundation
import ImageCodecs
import Testing
import TestSupport

@testable import ThumbgenCLI
@testable import ThumbgenKit

/// `thumbgen --version` names every codec library that shapes a file, with the version the
/// library loaded at run time gives, as Debian's package database knows it.
@Suite(.serialized) struct VersionTextTests {
    /// The libraries and the Debian package that installs each (its upstream version is what
    /// the library must report).
    static let packages: [(CodecLibraries.Library, String)] = [
        (.libjpeg, "libjpeg62-turbo"), (.libpng, "libpng16-16"), (.libdeflate, "libdeflate0"), (.giflib, "libgif7"),
        (.libwebpDecoder, "libwebp7"), (.libwebpEncoder, "libwebp7"), (.libheif, "libheif1"), (.hevcDecoder, "libde265-0"),
        (.libavif, "libavif15"), (.av1Encoder, "libaom3"), (.lcms2, "liblcms2-2"),
    ]

    /// `1:2.1.5-2` → `2.1.5`; nil when dpkg does not know the package.
    static func upstreamVersion(_ package: String) throws -> String? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/dpkg-query")
        process.arguments = ["-W", "-f", "${Version}", package]
        let out = Pipe()
        process.standardOutput = out
        process.standardError = Pipe()
        try process.run()
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0, !text.isEmpty else { return nil }
        let noEpoch = text.split(separator: ":", maxSplits: 1).last.map(String.init) ?? text
        return String(noEpoch.split(separator: "-").first ?? "")
    }

    @Test func theVersionListsEveryLibraryAsItReportsItself() throws {
        let captured = CapturedConsole()
        #expect(captured.run(["--version"]) == .success)
        let lines = captured.out.split(separator: "\n").map(String.init)
        #expect(lines.first == "thumbgen \(Thumbgen.version)")
        #expect(lines.dropFirst().first == "rendering \(Recipe.renderingVersion)")
        for library in CodecLibraries.Library.allCases {
            #expect(lines.contains("\(library.rawValue) \(CodecLibraries.current.version(library))"), "\(library) in \(lines)")
        }
    }

    /// The binary's own answer, against the package database: a version read from somewhere
    /// else than the library in use would show here the day the two differ.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/dpkg-query"), "needs Debian's dpkg-query"))
    func theVersionsAgreeWithTheInstalledPackages() throws {
        try #require(Executable.exists, "build the thumbgen product first")
        let result = try Executable.run(["--version"])
        #expect(result.status == 0)
        var reported: [String: String] = [:]
        for line in result.out.split(separator: "\n") {
            let parts = line.split(separator: " ", maxSplits: 1).map(String.init)
            if parts.count == 2 { reported[parts[0]] = parts[1] }
        }
        var compared = 0
        for (library, package) in Self.packages {
            guard let upstream = try Self.upstreamVersion(package) else { continue }
            let version = try #require(reported[library.rawValue], "\(library) missing from --version")
            // aom reports itself as v3.6.0 through libavif.
            let number = version.split(separator: " ").first { $0.first?.isNumber == true || $0.hasPrefix("v") }
                .map { $0.hasPrefix("v") ? String($0.dropFirst()) : String($0) }
            let found = library == .hevcDecoder ? version.hasSuffix(upstream) : number == upstream
            #expect(found, "\(library): thumbgen says \(version), \(package) is \(upstream)")
            compared += 1
        }
        #expect(compared >= 8, "only \(compared) libraries could be compared with the package database")
    }
}
