import Foundation
import ImageCodecs
import Testing
import TestSupport

@testable import ThumbgenKit

/// The codec libraries' versions are in the recipe of the files they shape, and in the verdict
/// on an original they decode: files made or judged by other libraries are not kept.
struct LibraryVersionTests {
    static let slots = [Slot(name: "thumb", size: SlotSize(width: ExactDecimal(60), height: ExactDecimal(60)),
                             scales: [ExactDecimal(1), ExactDecimal(2)], fit: .cover)]

    static func recipe(_ original: ImageFormat, _ fallback: OutputFormat, formats: [OutputFormat] = [.webp, .avif],
                       libraries: CodecLibraries = .current) -> Recipe {
        Recipe(sha256: String(repeating: "a", count: 64), original: original, fallback: fallback, slots: slots, focus: nil,
               output: OutputSettings(formats: formats), libraries: libraries)
    }

    static func with(_ library: CodecLibraries.Library, _ version: String) -> CodecLibraries {
        var libraries = CodecLibraries.current
        libraries.versions[library] = version
        return libraries
    }

    @Test func aRecipeMadeWithAnotherLibwebpIsStale() {
        let here = Self.recipe(.jpeg, .jpeg)
        let there = Self.recipe(.jpeg, .jpeg, libraries: Self.with(.libwebpEncoder, "1.3.2"))
        #expect(here.fingerprint != there.fingerprint)
        #expect(there.text.contains("library libwebp-encoder 1.3.2\n"))
        // No WebP written, no libwebp in the recipe: its version changes nothing.
        #expect(Self.recipe(.jpeg, .jpeg, formats: []).fingerprint
                == Self.recipe(.jpeg, .jpeg, formats: [], libraries: Self.with(.libwebpEncoder, "1.3.2")).fingerprint)
    }

    /// Exactly the libraries that decode the original and encode its files, with lcms2 where it
    /// makes the profile a file carries.
    @Test(arguments: [
        (ImageFormat.png, OutputFormat.jpeg, [OutputFormat](), ["libpng", "libjpeg-turbo"]),
        (.png, .png, [.webp], ["libpng", "libdeflate", "libwebp-encoder"]),
        (.jpeg, .jpeg, [.avif], ["libjpeg-turbo", "libavif", "libavif-av1-encoder"]),
        (.gif, .png, [], ["giflib", "libdeflate"]),
        (.webp, .jpeg, [.webp], ["libjpeg-turbo", "libwebp-decoder", "libwebp-encoder"]),
        (.heif, .jpeg, [], ["libjpeg-turbo", "libheif", "libheif-hevc-decoder", "lcms2"]),
        (.avif, .png, [.avif], ["libdeflate", "libheif", "libheif-av1-decoder", "libavif", "libavif-av1-encoder", "lcms2"]),
    ])
    func theRecipeNamesTheLibrariesThatShapeTheFiles(original: ImageFormat, fallback: OutputFormat, formats: [OutputFormat],
                                                      expected: [String]) {
        let recipe = Self.recipe(original, fallback, formats: formats)
        let names = recipe.libraries.map { $0.split(separator: " ")[1] }.map(String.init)
        #expect(Set(names) == Set(expected))
        for library in CodecLibraries.Library.allCases {
            let changed = Self.recipe(original, fallback, formats: formats, libraries: Self.with(library, "0.0.0-other"))
            #expect((changed.fingerprint != recipe.fingerprint) == expected.contains(library.rawValue), "\(library)")
        }
    }

    /// A verdict depends on the libraries that decode the original, not on the encoders.
    @Test func aVerdictFromAnotherLibheifIsTriedAgain() {
        let limits = Limits()
        let recipe = Self.recipe(.heif, .jpeg)
        #expect(recipe.verdictFingerprint(limits: limits)
                != Self.recipe(.heif, .jpeg, libraries: Self.with(.libheif, "1.17.6")).verdictFingerprint(limits: limits))
        #expect(recipe.verdictFingerprint(limits: limits)
                != Self.recipe(.heif, .jpeg, libraries: Self.with(.hevcDecoder, "none")).verdictFingerprint(limits: limits))
        #expect(recipe.verdictFingerprint(limits: limits)
                == Self.recipe(.heif, .jpeg, libraries: Self.with(.libavif, "1.0.0")).verdictFingerprint(limits: limits))
    }

    /// The versions read are the libraries' own, nothing made up: every one is known.
    @Test func everyLibraryHasAVersion() {
        for library in CodecLibraries.Library.allCases {
            let version = CodecLibraries.current.version(library)
            #expect(!version.isEmpty && version != "unknown" && !version.hasSuffix("none"), "\(library): \(version)")
        }
    }

    /// An index made on a machine with another libwebp: its renditions are made again here,
    /// and `check` says why.
    @Test func renditionsMadeWithAnotherLibwebpAreMadeAgain() throws {
        let site = Site(manifest: Manifests.standard(images: "photos/*.jpg", formats: "[webp]"))
        site.original("site/photos/a.jpg", JPEGFixtures.jpeg(Pictures.photo(width: 500, height: 400)))
        try site.build()
        var index = try site.index("site/renditions.json")
        let record = try #require(index.images["photos/a.jpg"])
        let manifest = try site.loadManifest()
        let slots = manifest.images[0].slots.compactMap(manifest.slot(named:))
        let recipe = { (libraries: CodecLibraries) in
            Recipe(sha256: record.sha256, original: .jpeg, fallback: .jpeg, slots: slots, focus: nil, output: manifest.output,
                   libraries: libraries).fingerprint
        }
        #expect(record.recipe == recipe(.current))
        index.images["photos/a.jpg"]?.recipe = recipe(Self.with(.libwebpEncoder, "1.3.2"))
        site.folder.write("site/renditions.json", Array(index.encoded()))

        let check = site.run(["check", site.manifestPath])
        #expect((check.out + check.err).contains("the codec libraries or the placeholder changed (see thumbgen --version)"), "\(check)")
        #expect(try site.build().written > 0)
        #expect(try site.index("site/renditions.json").images["photos/a.jpg"]?.recipe == recipe(.current))
    }
}
