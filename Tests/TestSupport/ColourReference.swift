import Foundation
import Raster

/// Outside references for colour: lcms2 through Pillow's `ImageCms` (Debian's python3-pil, built
/// on the system's lcms2), and Chromium's reading of PNG `gAMA`/`cHRM` (Skia's PNG codec with
/// skcms) written out in Python, in doubles.
public enum ColourReference {
    public static var isAvailable: Bool { PillowReference.isAvailable }
    public static let missing = PillowReference.missing

    /// `pixels` (straight or opaque RGBA; grey when `grey`, its green channel taken) converted
    /// from `profile` to sRGB by lcms2 through Pillow's `ImageCms.profileToProfile` with its
    /// defaults (perceptual, no flags), as RGBA.
    public static func lcms2(_ pixels: PixelBuffer, profile: [UInt8], grey: Bool = false) throws -> PixelBuffer {
        let script = """
            import sys
            from PIL import Image, ImageCms
            w, h = int(sys.argv[3]), int(sys.argv[4])
            image = Image.frombytes("RGBA", (w, h), open(sys.argv[1], "rb").read())
            source = image.getchannel("G") if sys.argv[5] == "1" else image.convert("RGB")
            out = ImageCms.profileToProfile(source, ImageCms.getOpenProfile(sys.argv[2]), ImageCms.createProfile("sRGB"), outputMode="RGB")
            out = out.convert("RGBA")
            out.putalpha(image.getchannel("A"))
            open(sys.argv[6], "wb").write(out.tobytes())
            """
        return try run(script, pixels, extra: [grey ? "1" : "0"], profile: profile)
    }

    /// `pixels` of a PNG with `gAMA` `gamma` (×100000) and `cHRM` `chromaticities` (white, red,
    /// green, blue x, y ×100000), shown in sRGB as Chromium shows them: skcms's reading
    /// (`SkPngCodec`): a pure power of 100000/gAMA (the sRGB curve without gAMA); the primaries'
    /// matrix adapted to D50 with Bradford (`skcms_PrimariesToXYZD50`, sRGB's without cHRM);
    /// to sRGB's linear light through sRGB's own D50 matrix (skcms's sRGB profile), clipped to
    /// 0…1, the sRGB curve, rounded.
    public static func chromium(_ pixels: PixelBuffer, gamma: Int?, chromaticities: [Int]?) throws -> PixelBuffer {
        let script = """
            import sys
            w, h = int(sys.argv[3]), int(sys.argv[4])
            data = bytearray(open(sys.argv[1], "rb").read())
            gamma = float(sys.argv[5]); points = [float(v) / 1e5 for v in sys.argv[6].split(",")] if sys.argv[6] else None
            def mul(a, b): return [[sum(a[i][k] * b[k][j] for k in range(3)) for j in range(3)] for i in range(3)]
            def inv(m):
                a, b, c = m[0]; d, e, f = m[1]; g, h_, i = m[2]
                det = a * (e * i - f * h_) - b * (d * i - f * g) + c * (d * h_ - e * g)
                return [[(e * i - f * h_) / det, (c * h_ - b * i) / det, (b * f - c * e) / det],
                        [(f * g - d * i) / det, (a * i - c * g) / det, (c * d - a * f) / det],
                        [(d * h_ - e * g) / det, (b * g - a * h_) / det, (a * e - b * d) / det]]
            def apply(m, v): return [sum(m[i][k] * v[k] for k in range(3)) for i in range(3)]
            def to_xyz_d50(rx, ry, gx, gy, bx, by, wx, wy):
                prim = [[rx / ry, gx / gy, bx / by], [1, 1, 1], [(1 - rx - ry) / ry, (1 - gx - gy) / gy, (1 - bx - by) / by]]
                white = [wx / wy, 1, (1 - wx - wy) / wy]
                s = apply(inv(prim), white)
                m = [[prim[i][j] * s[j] for j in range(3)] for i in range(3)]
                bradford = [[0.8951, 0.2664, -0.1614], [-0.7502, 1.7135, 0.0367], [0.0389, -0.0685, 1.0296]]
                d50 = [0.96422, 1.0, 0.82521]
                src, dst = apply(bradford, white), apply(bradford, d50)
                scale = [[dst[0] / src[0], 0, 0], [0, dst[1] / src[1], 0], [0, 0, dst[2] / src[2]]]
                adapt = mul(inv(bradford), mul(scale, bradford))
                return mul(adapt, m)
            srgb = to_xyz_d50(0.64, 0.33, 0.30, 0.60, 0.15, 0.06, 0.3127, 0.3290)
            source = to_xyz_d50(points[2], points[3], points[4], points[5], points[6], points[7], points[0], points[1]) if points else srgb
            matrix = mul(inv(srgb), source)
            def decode(v):
                if gamma > 0: return v ** (1e5 / gamma)
                return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4
            def encode(v):
                v = min(1.0, max(0.0, v))
                return v * 12.92 if v <= 0.0031308 else 1.055 * v ** (1 / 2.4) - 0.055
            table = [decode(v / 255) for v in range(256)]
            out = bytearray(len(data))
            for p in range(0, len(data), 4):
                rgb = apply(matrix, [table[data[p]], table[data[p + 1]], table[data[p + 2]]])
                for c in range(3): out[p + c] = int(encode(rgb[c]) * 255 + 0.5)
                out[p + 3] = data[p + 3]
            open(sys.argv[7], "wb").write(out)
            """
        let points = chromaticities.map { $0.map(String.init).joined(separator: ",") } ?? ""
        return try run(script, pixels, extra: ["\(gamma ?? 0)", points])
    }

    /// The file at `path` as a colour-managed viewer shows it: decoded by Pillow, converted from
    /// its embedded ICC profile (if any) to sRGB by lcms2 (`ImageCms`, perceptual), as RGBA;
    /// and whether it had a profile.
    public static func shown(path: String) throws -> (pixels: PixelBuffer, hadProfile: Bool) {
        let script = """
            import io, sys
            from PIL import Image, ImageCms
            image = Image.open(sys.argv[1]); icc = image.info.get("icc_profile")
            rgba = image.convert("RGBA")
            if icc:
                source = image.convert("L" if image.mode in ("L", "LA") else "RGB")
                out = ImageCms.profileToProfile(source, ImageCms.ImageCmsProfile(io.BytesIO(icc)), ImageCms.createProfile("sRGB"), outputMode="RGB").convert("RGBA")
                out.putalpha(rgba.getchannel("A")); rgba = out
            open(sys.argv[2], "wb").write(b"%d %d %d\\n" % (rgba.size[0], rgba.size[1], 1 if icc else 0) + rgba.tobytes())
            """
        let output = NSTemporaryDirectory() + "shown-\(UUID().uuidString).rgba"
        defer { try? FileManager.default.removeItem(atPath: output) }
        let result = try Subprocess.run(PillowReference.python, ["-c", script, path, output])
        guard result.status == 0, let bytes = FileManager.default.contents(atPath: output), let newline = bytes.firstIndex(of: 10) else {
            throw PillowReference.Failure(description: "Pillow cannot show \(path): \(result.output)")
        }
        let numbers = String(decoding: bytes[..<newline], as: UTF8.self).split(separator: " ").compactMap { Int($0) }
        return (PixelBuffer(width: numbers[0], height: numbers[1], hasAlpha: true, pixels: [UInt8](bytes[(newline + 1)...])), numbers[2] == 1)
    }

    /// Mean CIE76 ΔE between two sRGB images (D65 Lab).
    public static func meanDeltaE(_ a: PixelBuffer, _ b: PixelBuffer) -> Double {
        precondition(a.size == b.size)
        var total = 0.0
        for index in stride(from: 0, to: a.pixels.count, by: 4) {
            let p = lab(a.pixels[index], a.pixels[index + 1], a.pixels[index + 2])
            let q = lab(b.pixels[index], b.pixels[index + 1], b.pixels[index + 2])
            total += ((p.0 - q.0) * (p.0 - q.0) + (p.1 - q.1) * (p.1 - q.1) + (p.2 - q.2) * (p.2 - q.2)).squareRoot()
        }
        return total / Double(a.width * a.height)
    }

    static func lab(_ r: UInt8, _ g: UInt8, _ b: UInt8) -> (Double, Double, Double) {
        func linear(_ v: UInt8) -> Double {
            let c = Double(v) / 255
            return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
        }
        let (lr, lg, lb) = (linear(r), linear(g), linear(b))
        let x = (0.4124 * lr + 0.3576 * lg + 0.1805 * lb) / 0.95047
        let y = 0.2126 * lr + 0.7152 * lg + 0.0722 * lb
        let z = (0.0193 * lr + 0.1192 * lg + 0.9505 * lb) / 1.08883
        func f(_ t: Double) -> Double { t > 216.0 / 24389 ? cbrt(t) : (24389.0 / 27 * t + 16) / 116 }
        return (116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z)))
    }

    /// Runs `script` with the pixels' file, the profile's, width, height, `extra`, and the
    /// output's path; reads back RGBA of the same size.
    static func run(_ script: String, _ pixels: PixelBuffer, extra: [String], profile: [UInt8] = []) throws -> PixelBuffer {
        let base = NSTemporaryDirectory() + "colour-\(UUID().uuidString)"
        defer { for suffix in [".in", ".icc", ".out"] { try? FileManager.default.removeItem(atPath: base + suffix) } }
        FileManager.default.createFile(atPath: base + ".in", contents: Data(pixels.unpremultiplied().pixels))
        FileManager.default.createFile(atPath: base + ".icc", contents: Data(profile))
        let arguments = ["-c", script, base + ".in", base + ".icc", "\(pixels.width)", "\(pixels.height)"] + extra + [base + ".out"]
        let result = try Subprocess.run(PillowReference.python, arguments)
        guard result.status == 0, let bytes = FileManager.default.contents(atPath: base + ".out"), bytes.count == pixels.pixels.count else {
            throw PillowReference.Failure(description: "the colour reference failed: \(result.output)")
        }
        return PixelBuffer(width: pixels.width, height: pixels.height, hasAlpha: pixels.hasAlpha, pixels: [UInt8](bytes))
    }
}

/// Ghostscript's real ICC profiles (Debian's libgs-common, `scripts/install-deps.sh --test`).
public enum GhostscriptProfiles {
    public static let folder = "/usr/share/color/icc/ghostscript/"
    /// Artifex's sGray (v2.1) and PS Gray (v4.2, linear light); Adobe RGB (1998); ROMM (ProPhoto).
    public static let sGray = folder + "sgray.icc", psGray = folder + "ps_gray.icc"
    public static let adobeRGB = folder + "a98.icc", proPhoto = folder + "rommrgb.icc"

    public static var isAvailable: Bool {
        [sGray, psGray, adobeRGB, proPhoto].allSatisfy { FileManager.default.fileExists(atPath: $0) }
    }

    public static func bytes(_ path: String) -> [UInt8] { [UInt8](FileManager.default.contents(atPath: path) ?? Data()) }
}
