import Foundation
import Raster

/// Pillow's decode of a file, the outside reference for what browsers show: Debian's
/// `python3-pil` in the system's `/usr/bin/python3` (scripts/install-deps.sh --test installs it).
/// Tests that need it are skipped, saying so, where it is missing; under `CI=true` they fail.
public enum PillowReference {
    public static let python = "/usr/bin/python3"
    public static let isAvailable: Bool = (try? Subprocess.run(python, ["-c", "import PIL.Image, PIL.ImageOps"]).status) == 0
    public static let missing = "Pillow in /usr/bin/python3 (Debian's python3-pil; scripts/install-deps.sh --test installs it)"

    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    /// The file at `path` as Pillow shows it, straight (not premultiplied) RGBA: turned upright
    /// by its EXIF orientation (`ImageOps.exif_transpose`), then resized with Lanczos to `size`
    /// when given. `truncated` lets Pillow keep what decoded of a file cut short
    /// (`ImageFile.LOAD_TRUNCATED_IMAGES`), the rest left as Pillow fills it.
    public static func decode(path: String, resizedTo size: PixelSize? = nil, truncated: Bool = false) throws -> PixelBuffer {
        let script = """
            import sys
            from PIL import Image, ImageFile, ImageOps
            ImageFile.LOAD_TRUNCATED_IMAGES = sys.argv[2] == "1"
            image = ImageOps.exif_transpose(Image.open(sys.argv[1])).convert("RGBA")
            if sys.argv[3] != "0":
                image = image.resize((int(sys.argv[3]), int(sys.argv[4])), Image.LANCZOS)
            out = open(sys.argv[5], "wb")
            out.write(b"%d %d\\n" % image.size)
            out.write(image.tobytes())
            """
        let output = NSTemporaryDirectory() + "pillow-\(UUID().uuidString).rgba"
        defer { try? FileManager.default.removeItem(atPath: output) }
        let result = try Subprocess.run(python, ["-c", script, path, truncated ? "1" : "0", "\(size?.width ?? 0)", "\(size?.height ?? 0)", output])
        guard result.status == 0, let bytes = FileManager.default.contents(atPath: output),
              let newline = bytes.firstIndex(of: 10) else { throw Failure(description: "Pillow cannot read \(path): \(result.output)") }
        let dimensions = String(decoding: bytes[..<newline], as: UTF8.self).split(separator: " ").compactMap { Int($0) }
        let pixels = [UInt8](bytes[(newline + 1)...])
        guard dimensions.count == 2, pixels.count == dimensions[0] * dimensions[1] * 4 else {
            throw Failure(description: "Pillow's output for \(path) is not \(dimensions) RGBA")
        }
        return PixelBuffer(width: dimensions[0], height: dimensions[1], hasAlpha: true, pixels: pixels)
    }
}
