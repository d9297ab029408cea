import Foundation
import ImageCodecs
import Raster

/// CMYK JPEGs made by a colour-managed tool, and their reference conversions back to sRGB, both
/// by lcms2's own `jpgicc` (Debian's liblcms2-utils) with a real CMYK press profile, Ghostscript's
/// `default_cmyk.icc` (Debian's libgs-common, `scripts/install-deps.sh --test`): never by
/// thumbgen's own formula.
public enum CMYKFixtures {
    public static let jpgicc = "/usr/bin/jpgicc"
    public static let profilePath = "/usr/share/color/icc/ghostscript/default_cmyk.icc"

    public static var isAvailable: Bool {
        FileManager.default.isExecutableFile(atPath: jpgicc) && FileManager.default.fileExists(atPath: profilePath)
    }

    public static let requirement = "lcms2's jpgicc (liblcms2-utils) and Ghostscript's default_cmyk.icc (libgs-common): scripts/install-deps.sh --test"

    public static var profile: [UInt8] { [UInt8](FileManager.default.contents(atPath: profilePath) ?? Data()) }

    public struct Failure: Error, CustomStringConvertible {
        public var description: String
        public init(description: String) { self.description = description }
    }

    /// `rgb` (sRGB) as an Adobe CMYK JPEG with the profile embedded, converted by `jpgicc`
    /// (perceptual, at quality 100): its path in `folder`.
    public static func cmykJPEG(_ rgb: PixelBuffer, in folder: ScratchFolder, name: String) throws -> String {
        var options = JPEGFixtures.Options()
        options.quality = 100
        options.chroma444 = true
        let source = folder.write("\(name).srgb.jpg", JPEGFixtures.jpeg(rgb, options))
        let target = folder.path + "/\(name).jpg"
        try run(["-o\(profilePath)", "-e", "-q100", source, target])
        return target
    }

    /// `jpgicc`'s own conversion of the CMYK JPEG at `path` to sRGB through its embedded profile
    /// (its defaults: perceptual, no black point compensation), at quality 100, decoded.
    public static func reference(of path: String, in folder: ScratchFolder) throws -> PixelBuffer {
        try JPEGDecoder.decode(path: referenceJPEG(of: path, in: folder), minimumScale: 1, memoryLimit: 1 << 30).pixels
    }

    /// The same conversion as an sRGB JPEG file: its path in `folder`.
    public static func referenceJPEG(of path: String, in folder: ScratchFolder) throws -> String {
        let target = folder.path + "/reference-\(UUID().uuidString).jpg"
        try run(["-q100", path, target])
        return target
    }

    static func run(_ arguments: [String]) throws {
        let result = try Subprocess.run(jpgicc, arguments)
        guard result.status == 0 else { throw Failure(description: "jpgicc \(arguments.joined(separator: " ")): \(result.output)") }
    }
}
