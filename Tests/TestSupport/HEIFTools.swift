import Foundation
import Raster

/// libheif's own command-line tools (Debian's `libheif-examples`, scripts/install-deps.sh --test
/// installs it): `heif-enc` to make files whose coding libheif's API does not expose (an alpha
/// image coded limited range), `heif-convert` as the outside reference decode of a primary image.
public enum HEIFTools {
    public static let heifEnc = "/usr/bin/heif-enc"
    public static let heifConvert = "/usr/bin/heif-convert"
    public static var isAvailable: Bool {
        FileManager.default.isExecutableFile(atPath: heifEnc) && FileManager.default.isExecutableFile(atPath: heifConvert)
            && PillowReference.isAvailable
    }
    public static let requirement = "libheif's heif-enc and heif-convert (libheif-examples) and Pillow: scripts/install-deps.sh --test"

    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    /// `heif-enc` of the PNG at `png` into `target`, with `arguments` before the file names.
    @discardableResult
    public static func encode(_ png: String, to target: String, _ arguments: [String]) throws -> [UInt8] {
        try run(heifEnc, arguments + ["-o", target, png])
        return [UInt8](FileManager.default.contents(atPath: target) ?? Data())
    }

    /// `heif-convert`'s decode of the file at `path` (through a PNG, read by Pillow), straight
    /// RGBA: of its top-level image number `image` (from 1, in item order) when it has more than
    /// one, which heif-convert then writes each to a file of its own (`name-1.png`, …).
    public static func referenceDecode(_ path: String, image: Int? = nil) throws -> PixelBuffer {
        try run(heifConvert, ["--quiet", path, path + ".reference.png"])
        return try PillowReference.decode(path: path + ".reference" + (image.map { "-\($0)" } ?? "") + ".png")
    }

    static func run(_ tool: String, _ arguments: [String]) throws {
        let result = try Subprocess.run(tool, arguments)
        guard result.status == 0 else {
            throw Failure(description: "\(tool) \(arguments.joined(separator: " ")): \(result.output)")
        }
    }

    /// A HEIC of the straight RGBA `rgba(x, y)` whose alpha image is coded limited range and says
    /// so in its SPS (`video_full_range_flag` 0), as x265 codes it with `range=limited`: the
    /// colour image and the alpha image (grey, alpha 0…255 coded as 16…235, lossless) are each
    /// made by heif-enc, then put together as one image and its alpha. Returns the file's path
    /// and the source PNG's. Sides must be multiples of 64: heif-enc 1.15 crops other sizes with
    /// a one-tile grid, whose tile is not the size of the image.
    public static func limitedAlpha(width: Int, height: Int, in folder: ScratchFolder, name: String,
                                    rgba: @escaping (Int, Int) -> [Int]) throws -> (heic: String, source: String) {
        let source = folder.write("\(name).png", PNGFixture(width: width, height: height, colorType: 6, bitDepth: 8) { rgba($0, $1) }.bytes)
        let colour = try encode(source, to: folder.path + "/\(name).colour.heic", ["-q", "90", "--no-alpha"])
        let grey = folder.write("\(name).alpha.png", PNGFixture(width: width, height: height, colorType: 0, bitDepth: 8) { x, y in
            [AVIFRangeFixtures.limited(rgba(x, y)[3])]
        }.bytes)
        let alpha = try encode(grey, to: folder.path + "/\(name).alpha.heic", ["-L", "-p", "x265:range=limited"])
        var file = HEIFItemAssembly()
        file.items = [HEIFItemAssembly.item(1, from: colour), HEIFItemAssembly.item(2, from: alpha, extra: [HEIFItemAssembly.alphaType])]
        file.references = [("auxl", 2, [1])]
        return (folder.write("\(name).heic", file.bytes()), source)
    }
}
