import Foundation
import TestSupport
import Raster
import Testing
@testable import ImageCodecs

/// `../shared/testdata/pngsuite` beside the repository, when the machine has it.
private let suiteFolder = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("shared/testdata/pngsuite").path
private let suiteFiles = (try? FileManager.default.contentsOfDirectory(atPath: suiteFolder))?.filter { $0.hasSuffix(".png") }.sorted() ?? []

/// The non-interlaced twin of an interlaced PngSuite file (basi0g01 → basn0g01).
private func twin(_ name: String) -> String {
    var characters = Array(name)
    characters[3] = "n"
    return String(characters)
}

// The PngSuite (Willem van Schaik's PNG test images) lives outside the repository; these tests
// skip, saying so, on a machine without it.
@Suite(.enabled(if: !suiteFiles.isEmpty, "PngSuite not found at \(suiteFolder)"))
struct PNGSuiteTests {
    /// Every valid file decoded at a scale (rows streamed through the box shrink, or an
    /// interlaced file held whole and shrunk) is its full decode shrunk by the same factors.
    @Test(arguments: suiteFiles.filter { !$0.hasPrefix("x") })
    func everyValidFileDecodesAtScaleAsItsFullDecodeShrunk(name: String) throws {
        let path = suiteFolder + "/" + name
        let header = try ImageHeader.read(path: path)
        let full = try PNGDecoder.decode(path: path, minimumScale: 1, pixelLimit: 1 << 28, memoryLimit: 1 << 30)
        #expect(full.pixels.size == header.size)
        for factor in [2, 3, 4] {
            let shrunk = try PNGDecoder.decode(path: path, minimumScale: 1 / Double(factor), pixelLimit: 1 << 28, memoryLimit: 1 << 30)
            let expected = full.pixels.boxShrunk(x: BoxShrink.factor(keeping: 1 / Double(factor), length: header.size.width),
                                                 y: BoxShrink.factor(keeping: 1 / Double(factor), length: header.size.height))
            #expect(shrunk.pixels.size == expected.size)
            #expect(maxDifference(shrunk.pixels, expected) == 0, "\(name) shrunk by \(factor)")
        }
    }

    /// Each interlaced file decodes to the pixels of its non-interlaced twin (within one level
    /// for 16-bit alpha, which an interlaced decode rounds to 8 bits before premultiplying).
    @Test(arguments: suiteFiles.filter { Array($0)[3] == "i" && suiteFiles.contains(twin($0)) })
    func interlacedFilesDecodeLikeTheirTwins(name: String) throws {
        let interlaced = try PNGDecoder.decode(path: suiteFolder + "/" + name, minimumScale: 1, pixelLimit: 1 << 28, memoryLimit: 1 << 30)
        let plain = try PNGDecoder.decode(path: suiteFolder + "/" + twin(name), minimumScale: 1, pixelLimit: 1 << 28, memoryLimit: 1 << 30)
        #expect(maxDifference(interlaced.pixels, plain.pixels) <= (name.contains("a16") ? 1 : 0))
    }

    /// The corrupted files (`x*`) are refused by the header reader or the decoder.
    @Test(arguments: suiteFiles.filter { $0.hasPrefix("x") })
    func everyCorruptFileIsRefused(name: String) {
        let path = suiteFolder + "/" + name
        var reason: String?
        do {
            let header = try ImageHeader.read(path: path)
            if header.format != .png { reason = "not a PNG" } else {
                _ = try PNGDecoder.decode(path: path, minimumScale: 0.5, pixelLimit: 1 << 28, memoryLimit: 1 << 30)
            }
        } catch {
            reason = error.description
        }
        #expect(reason != nil, "\(name) decoded")
    }
}
