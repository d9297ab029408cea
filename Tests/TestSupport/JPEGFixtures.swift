import ImageCodecs
import Raster

/// JPEG files made in code, with the markers a test needs.
public enum JPEGFixtures {
    public struct Options {
        public var quality = 92
        public var progressive = false
        public var chroma444 = false
        /// Chroma halved across only (4:2:2).
        public var chroma422 = false
        public var grey = false
        /// EXIF orientation value to write (nil: no EXIF block). Any 16-bit value, 0 and garbage too.
        public var orientation: Int?
        public var iccProfile: [UInt8]?
        /// Write the pixels as an Adobe CMYK file (inverted, as Adobe applications store it).
        public var cmyk = false
        /// A progressive scan script in place of libjpeg's (`progressiveScript(scans:components:)`).
        public var scanScript: [JPEGScan] = []
        public init() {}
    }

    /// The JPEG bytes of `pixels` (stored orientation).
    public static func jpeg(_ pixels: PixelBuffer, _ options: Options = Options()) -> [UInt8] {
        var encoder = JPEGEncoder.Options(quality: options.quality, progressive: options.progressive)
        encoder.grayscale = options.grey
        encoder.sourceIsChroma444 = options.chroma444
        encoder.chroma422 = options.chroma422
        encoder.iccProfile = options.iccProfile
        encoder.exif = options.orientation.map(exifPayload(orientation:))
        encoder.scanScript = options.scanScript
        var source = pixels
        if options.cmyk {
            encoder.inputIsCMYK = true
            source = invertedCMYK(pixels)
        }
        if options.chroma444 { encoder.quality = max(encoder.quality, 90) }
        return try! JPEGEncoder.encode(source, options: encoder)
    }

    /// A legal progressive script of exactly `scans` scans over `components` components (1 or
    /// 3): each component's DC, then every coefficient one at a time, each first sent at 10 bits
    /// of successive approximation and refined one bit a scan (the most libjpeg writes for
    /// 8-bit samples), component after component. Up to 704 scans a component.
    public static func progressiveScript(scans: Int, components: Int) -> [JPEGScan] {
        var script = (0..<components).map { JPEGScan(components: [$0], ss: 0, se: 0, ah: 0, al: 10) }
        var rest: [JPEGScan] = []
        for component in 0..<components {
            for bit in stride(from: 10, to: 0, by: -1) { rest.append(JPEGScan(components: [component], ss: 0, se: 0, ah: bit, al: bit - 1)) }
            for coefficient in 1...63 {
                rest.append(JPEGScan(components: [component], ss: coefficient, se: coefficient, ah: 0, al: 10))
                for bit in stride(from: 10, to: 0, by: -1) {
                    rest.append(JPEGScan(components: [component], ss: coefficient, se: coefficient, ah: bit, al: bit - 1))
                }
            }
        }
        precondition(scans >= components && scans - components <= rest.count, "\(scans) scans over \(components) components")
        return script + rest.prefix(scans - components)
    }

    /// An APP1 payload ("Exif\0\0" + TIFF) holding only an orientation, made with libexif.
    public static func exifPayload(orientation: Int) -> [UInt8] {
        EXIFOrientation.payload(value: orientation)
    }

    /// RGB to the inverted CMYK bytes an Adobe application writes (255 = no ink).
    static func invertedCMYK(_ rgb: PixelBuffer) -> PixelBuffer {
        var cmyk = rgb
        for index in stride(from: 0, to: rgb.pixels.count, by: 4) {
            let r = Int(rgb.pixels[index]), g = Int(rgb.pixels[index + 1]), b = Int(rgb.pixels[index + 2])
            let k = max(r, g, b)  // inverted black: 255 - (255 - max)
            let scale = k == 0 ? 0 : 255.0 / Double(k)
            cmyk.pixels[index] = UInt8((Double(r) * scale).rounded())
            cmyk.pixels[index + 1] = UInt8((Double(g) * scale).rounded())
            cmyk.pixels[index + 2] = UInt8((Double(b) * scale).rounded())
            cmyk.pixels[index + 3] = UInt8(k)
        }
        return cmyk
    }

    /// A made-up but well-formed ICC profile block (a test only checks it is carried byte for byte).
    public static func iccProfile(bytes count: Int = 560) -> [UInt8] {
        var profile = [UInt8](repeating: 0, count: count)
        let size = UInt32(count)
        profile[0] = UInt8(size >> 24); profile[1] = UInt8((size >> 16) & 255)
        profile[2] = UInt8((size >> 8) & 255); profile[3] = UInt8(size & 255)
        for (offset, byte) in Array("mntrRGB XYZ ".utf8).enumerated() { profile[12 + offset] = byte }
        for (offset, byte) in Array("acsp".utf8).enumerated() { profile[36 + offset] = byte }
        profile[8] = 2; profile[9] = 0x10  // version 2.1
        // A tag count of 0 at 128 keeps it a profile lcms2 reads; the rest is filler.
        for index in 132..<count { profile[index] = UInt8(index % 251) }
        return profile
    }
}
