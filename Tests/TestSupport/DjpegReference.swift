import Foundation
import Raster

/// libjpeg-turbo's own `djpeg` (Debian's libjpeg-turbo-progs; scripts/install-deps.sh --test
/// installs it): what libjpeg makes of a file, the outside reference for JPEGs thumbgen's own
/// header reader walks. Tests that need it are skipped, saying so, where it is missing; under
/// `CI=true` they fail.
public enum DjpegReference {
    public static let path = Subprocess.find(["/usr/bin/djpeg", "/usr/local/bin/djpeg"])
    public static var isAvailable: Bool { path != nil }
    public static let missing = "djpeg (Debian's libjpeg-turbo-progs; scripts/install-deps.sh --test installs it)"

    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    /// The file at `path` decoded by djpeg (its defaults: islow DCT, fancy upsampling) as opaque
    /// RGBA, and the warnings it printed.
    public static func decode(path file: String) throws -> (pixels: PixelBuffer, warnings: String) {
        let output = NSTemporaryDirectory() + "djpeg-\(UUID().uuidString).ppm"
        defer { try? FileManager.default.removeItem(atPath: output) }
        let result = try Subprocess.run(path ?? "djpeg", ["-pnm", "-outfile", output, file])
        guard result.status == 0 || result.status == 2, let bytes = FileManager.default.contents(atPath: output) else {
            throw Failure(description: "djpeg cannot read \(file): \(result.output)")
        }
        return (try pnm([UInt8](bytes)), result.output)
    }

    /// A binary PPM (P6) or PGM (P5) of 8-bit samples as opaque RGBA.
    static func pnm(_ bytes: [UInt8]) throws -> PixelBuffer {
        var fields: [String] = [], index = 0
        while fields.count < 4, index < bytes.count {
            while index < bytes.count, bytes[index] == 32 || bytes[index] == 10 { index += 1 }
            let start = index
            while index < bytes.count, bytes[index] != 32, bytes[index] != 10 { index += 1 }
            fields.append(String(decoding: bytes[start..<index], as: UTF8.self))
        }
        index += 1
        guard fields.count == 4, let width = Int(fields[1]), let height = Int(fields[2]), fields[3] == "255" else {
            throw Failure(description: "djpeg wrote no 8-bit PNM")
        }
        let channels = fields[0] == "P6" ? 3 : 1
        guard bytes.count - index >= width * height * channels else { throw Failure(description: "djpeg's PNM is short") }
        var image = PixelBuffer(width: width, height: height, hasAlpha: false)
        for pixel in 0..<width * height {
            let source = index + pixel * channels
            let rgb = channels == 3 ? (bytes[source], bytes[source + 1], bytes[source + 2]) : (bytes[source], bytes[source], bytes[source])
            image[pixel % width, pixel / width] = SIMD4(rgb.0, rgb.1, rgb.2, 255)
        }
        return image
    }
}
