import Foundation

/// Limited-range AVIFs made by libavif's own `avifenc` (Debian's libavif-bin) from known pixels:
/// monochrome (`--range limited --yuv 400`) and limited-range alpha. avifenc 0.11 always codes
/// alpha full range, so the alpha fixture codes limited-range values losslessly and then
/// clears the alpha sequence header's `color_range` bit: the file then says what its samples are.
public enum AVIFRangeFixtures {
    public static let avifenc = "/usr/bin/avifenc"
    public static var isAvailable: Bool { FileManager.default.isExecutableFile(atPath: avifenc) }
    public static let requirement = "libavif's avifenc (libavif-bin): scripts/install-deps.sh --test"

    public struct Failure: Error, CustomStringConvertible {
        public var description: String
        public init(description: String) { self.description = description }
    }

    /// A full-range value as limited range codes it: 16 + v × 219 / 255, rounded.
    public static func limited(_ value: Int) -> Int { (16 * 255 + value * 219 + 127) / 255 }

    /// A grey AVIF of `grey(x, y)` (0…255), coded limited range at `depth` bits, near lossless.
    public static func monochrome(width: Int, height: Int, depth: Int, in folder: ScratchFolder, name: String,
                                  grey: @escaping (Int, Int) -> Int) throws -> String {
        let png = PNGFixture(width: width, height: height, colorType: 0, bitDepth: 8) { x, y in [grey(x, y)] }
        let source = folder.write("\(name).png", png.bytes)
        let target = folder.path + "/\(name).avif"
        try run(["--range", "limited", "--yuv", "400", "--depth", String(depth), "--min", "0", "--max", "0", "-s", "8", source, target])
        return target
    }

    /// An AVIF of `rgba(x, y)` whose alpha image is coded limited range (lossless) and says so.
    public static func limitedAlpha(width: Int, height: Int, in folder: ScratchFolder, name: String,
                                    rgba: @escaping (Int, Int) -> [Int]) throws -> String {
        let png = PNGFixture(width: width, height: height, colorType: 6, bitDepth: 8) { x, y in
            let pixel = rgba(x, y)
            return Array(pixel.prefix(3)) + [limited(pixel[3])]
        }
        let source = folder.write("\(name).png", png.bytes)
        let target = folder.path + "/\(name).avif"
        try run(["--min", "10", "--max", "10", "--minalpha", "0", "--maxalpha", "0", "-s", "8", source, target])
        var bytes = [UInt8](FileManager.default.contents(atPath: target) ?? Data())
        guard try clearAlphaRange(&bytes) > 0 else { throw Failure(description: "no monochrome sequence header in \(target)") }
        return folder.write("\(name).limited.avif", bytes)
    }

    /// Clears `color_range` in every monochrome reduced still-picture sequence header OBU (the
    /// alpha image's: the colour image here is not monochrome); how many it cleared.
    static func clearAlphaRange(_ bytes: inout [UInt8]) throws -> Int {
        var cleared = 0
        for offset in 0..<max(0, bytes.count - 8) where bytes[offset] == 0x0A {
            let length = Int(bytes[offset + 1])
            guard length >= 4, length < 64, offset + 2 + length <= bytes.count,
                  let bit = colourRangeBit(Array(bytes[offset + 2..<offset + 2 + length])) else { continue }
            let index = offset + 2 + bit / 8, mask = UInt8(0x80) >> UInt8(bit % 8)
            if bytes[index] & mask != 0 { bytes[index] &= ~mask; cleared += 1 }
        }
        return cleared
    }

    /// Where `color_range` is in a monochrome reduced still-picture sequence header (AV1 5.5.1).
    static func colourRangeBit(_ payload: [UInt8]) -> Int? {
        func bits(_ at: Int, _ count: Int) -> Int? {
            guard at + count <= payload.count * 8 else { return nil }
            return (at..<at + count).reduce(0) { $0 << 1 | Int(payload[$1 / 8] >> (7 - UInt8($1 % 8)) & 1) }
        }
        guard let profile = bits(0, 3), bits(3, 2) == 3, let widthBits = bits(10, 4), let heightBits = bits(14, 4) else { return nil }
        var at = 18 + widthBits + 1 + heightBits + 1 + 3 + 3  // sizes, superblock and intra tools, superres/cdef/restoration
        guard let high = bits(at, 1) else { return nil }
        at += 1 + (profile == 2 && high == 1 ? 1 : 0)
        guard profile != 1, bits(at, 1) == 1, let described = bits(at + 1, 1) else { return nil }  // mono_chrome
        at += 2 + (described == 1 ? 24 : 0)
        return at < payload.count * 8 ? at : nil
    }

    static func run(_ arguments: [String]) throws {
        let result = try Subprocess.run(avifenc, arguments)
        guard result.status == 0 else { throw Failure(description: "avifenc \(arguments.joined(separator: " ")): \(result.output)") }
    }
}
