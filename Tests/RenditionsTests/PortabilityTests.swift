import Foundation
import Testing

/// The client builds on every platform Swift runs on: it imports Foundation alone (no C library,
/// whose module is Darwin, Glibc, Musl, Android, ucrt or WASILibc, one per platform), uses no API
/// newer than the systems Package.swift names, and Package.swift names them. These read the
/// sources: no Apple, Musl or Android toolchain is on the machine the tests run on, so what this
/// cannot show (a build for each) is said in the README.
@Suite struct PortabilityTests {
    static let project: URL = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }  // Tests/RenditionsTests/file → project
        return url
    }()

    /// Every Swift file of a client module, with its code: the lines that are not comments.
    static func sources(_ module: String) throws -> [(name: String, text: String)] {
        let folder = project.appendingPathComponent("Sources/\(module)")
        return try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".swift") }.sorted().map {
            let text = try String(contentsOf: folder.appendingPathComponent($0), encoding: .utf8)
            let code = text.split(separator: "\n").filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("//") }
            return ($0, code.joined(separator: "\n"))
        }
    }

    /// The modules a file imports or asks about (`import X`, `@_exported import X`, `canImport(X)`).
    static func modules(in text: String) -> Set<String> {
        var found: Set<String> = []
        for line in text.split(separator: "\n") {
            let words = line.split(whereSeparator: { $0 == " " || $0 == "(" || $0 == ")" || $0 == "\t" })
            if let at = words.firstIndex(of: "import"), at + 1 < words.count,
               words[..<at].allSatisfy({ $0.hasPrefix("@") || ["public", "internal", "private"].contains($0) }) {
                found.insert(String(words[at + 1]))
            }
            if let at = words.firstIndex(where: { $0.hasSuffix("canImport") }), at + 1 < words.count { found.insert(String(words[at + 1])) }
        }
        return found
    }

    @Test func theClientImportsFoundationAlone() throws {
        let foundation: Set<String> = ["Foundation", "FoundationEssentials"]
        for (name, text) in try Self.sources("Renditions") {
            #expect(Self.modules(in: text).subtracting(foundation).isEmpty, "Renditions/\(name) imports \(Self.modules(in: text).subtracting(foundation).sorted())")
        }
        for (name, text) in try Self.sources("RenditionsBundle") {
            let others = Self.modules(in: text).subtracting(foundation.union(["Renditions"]))
            #expect(others.isEmpty, "RenditionsBundle/\(name) imports \(others.sorted())")
        }
    }

    /// APIs a client might reach for that Apple's systems have only since a version above the
    /// minimums (macOS 10.13, iOS 12, tvOS 12, watchOS 4): each would need `if #available` and
    /// another way for older systems, and the client has no need of any.
    static let newerAPIs = [
        ".withoutEscapingSlashes": "macOS 10.15, iOS 13", "URL(filePath:": "macOS 13, iOS 16", ".appending(path:": "macOS 13, iOS 16",
        "Regex": "macOS 13, iOS 16", "firstRange(of:": "macOS 13, iOS 16", "ranges(of:": "macOS 13, iOS 16",
        ".replacing(": "macOS 13, iOS 16", "trimmingPrefix(": "macOS 13, iOS 16", ".formatted(": "macOS 12, iOS 15",
        "AttributedString": "macOS 12, iOS 15", "String(localized:": "macOS 12, iOS 15", "Duration": "macOS 13, iOS 16",
        "ContinuousClock": "macOS 13, iOS 16", "async ": "macOS 10.15, iOS 13", "await ": "macOS 10.15, iOS 13",
        "String(unsafeUninitializedCapacity:": "macOS 11, iOS 14", "URL.homeDirectory": "macOS 13, iOS 16",
        "String(validating:": "macOS 15, iOS 18",
    ]

    @Test func theClientUsesNoAPINewerThanItsMinimums() throws {
        for module in ["Renditions", "RenditionsBundle"] {
            for (name, text) in try Self.sources(module) {
                for (api, since) in Self.newerAPIs.sorted(by: { $0.key < $1.key }) {
                    #expect(!text.contains(api), "\(module)/\(name) uses \(api), which needs \(since)")
                }
            }
        }
    }

    /// Package.swift states the minimum of every Apple system, so an app below them is told so
    /// by SwiftPM, not by a compile error inside the library.
    @Test func packageSwiftStatesTheMinimumVersions() throws {
        let manifest = try String(contentsOf: Self.project.appendingPathComponent("Package.swift"), encoding: .utf8)
        let line = try #require(manifest.split(separator: "\n").first { $0.trimmingCharacters(in: .whitespaces).hasPrefix("platforms:") },
                                "Package.swift declares no platforms")
        for platform in [".macOS(.v10_13)", ".iOS(.v12)", ".tvOS(.v12)", ".watchOS(.v4)", ".macCatalyst(.v13)", ".visionOS(.v1)"] {
            #expect(line.contains(platform), "Package.swift's platforms lack \(platform)")
        }
    }
}
