#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A ThumbHash decoded into a small picture to paint until the image loads: about 32 pixels on
/// its longer side, in the image's approximate aspect ratio, straight-alpha RGBA.
///
/// The arithmetic is the reference JavaScript decoder's, step for step; renditions.js decodes
/// with the same steps, and the shared client cases check that both give the same bytes.
public struct ThumbHashImage: Equatable, Sendable {
    /// Pixels.
    public var width: Int
    /// Pixels.
    public var height: Int
    /// R, G, B, A for each pixel, rows packed, alpha not premultiplied.
    public var rgba: [UInt8]

    /// Decodes the base64 text the index holds (padded or not). Nil for text that is not base64
    /// or bytes that are not a whole ThumbHash: an index is untrusted input.
    public init?(base64: String) {
        guard let bytes = ThumbHashImage.bytes(base64: base64) else { return nil }
        self.init(hash: bytes)
    }

    /// Decodes ThumbHash bytes; nil when they are too short for what their header announces.
    public init?(hash: [UInt8]) {
        guard let header = Header(hash), let terms = Terms(hash, header) else { return nil }
        let ratio = header.aspectRatio
        let w = Int(Self.jsRound(ratio > 1 ? 32 : 32 * ratio))
        let h = Int(Self.jsRound(ratio > 1 ? 32 / ratio : 32))
        self.init(width: w, height: h, rgba: Self.render(width: w, height: h, header, terms))
    }

    /// The varying terms of each channel, in the order the hash holds them.
    private struct Terms {
        var l: [Double], p: [Double], q: [Double], a: [Double]

        /// Nil when the hash ends before its last term.
        init?(_ hash: [UInt8], _ header: Header) {
            var acIndex = 0
            func channel(_ nx: Int, _ ny: Int, _ scale: Double) -> [Double]? {
                var terms: [Double] = []
                for cy in 0..<ny {
                    var cx = cy > 0 ? 0 : 1
                    while cx * ny < nx * (ny - cy) {
                        let byte = header.acStart + acIndex >> 1
                        guard byte < hash.count else { return nil }
                        let nibble = (hash[byte] >> ((acIndex & 1) << 2)) & 15
                        terms.append((Double(nibble) / 7.5 - 1) * scale)
                        acIndex += 1
                        cx += 1
                    }
                }
                return terms
            }
            // The chroma terms are boosted 1.25× to make up for quantisation, as the reference does.
            guard let l = channel(header.lx, header.ly, header.lScale),
                  let p = channel(3, 3, header.pScale * 1.25),
                  let q = channel(3, 3, header.qScale * 1.25),
                  let a = header.hasAlpha ? channel(5, 5, header.aScale) : [] else { return nil }
            (self.l, self.p, self.q, self.a) = (l, p, q, a)
        }
    }

    /// The picture, pixel by pixel: the channels summed at its centre, then LPQA to RGBA.
    private static func render(width w: Int, height h: Int, _ header: Header, _ terms: Terms) -> [UInt8] {
        var rgba = [UInt8](repeating: 0, count: w * h * 4)
        var fx = [Double](repeating: 0, count: max(header.lx, header.hasAlpha ? 5 : 3))
        var fy = [Double](repeating: 0, count: max(header.ly, header.hasAlpha ? 5 : 3))
        var i = 0
        for y in 0..<h {
            for x in 0..<w {
                for cx in fx.indices { fx[cx] = Cosine.cos(Double.pi / Double(w) * (Double(x) + 0.5) * Double(cx)) }
                for cy in fy.indices { fy[cy] = Cosine.cos(Double.pi / Double(h) * (Double(y) + 0.5) * Double(cy)) }
                let (l, p, q, a) = channels(header, terms, fx: fx, fy: fy)
                let b = l - 2 / 3 * p
                let r = (3 * l - b + q) / 2
                let g = r - q
                // The reference stores into a Uint8Array, which truncates.
                rgba[i] = Self.byte(r)
                rgba[i + 1] = Self.byte(g)
                rgba[i + 2] = Self.byte(b)
                rgba[i + 3] = Self.byte(a)
                i += 4
            }
        }
        return rgba
    }

    /// L, P, Q and A at the point whose cosines are `fx` and `fy`, summed in the reference's order.
    private static func channels(_ header: Header, _ terms: Terms, fx: [Double], fy: [Double]) -> (Double, Double, Double, Double) {
        var l = header.lDC, p = header.pDC, q = header.qDC, a = header.aDC
        var j = 0
        for cy in 0..<header.ly {
            let fy2 = fy[cy] * 2
            var cx = cy > 0 ? 0 : 1
            while cx * header.ly < header.lx * (header.ly - cy) {
                l += terms.l[j] * fx[cx] * fy2
                cx += 1
                j += 1
            }
        }
        j = 0
        for cy in 0..<3 {
            let fy2 = fy[cy] * 2
            for cx in (cy > 0 ? 0 : 1)..<(3 - cy) {
                let f = fx[cx] * fy2
                p += terms.p[j] * f
                q += terms.q[j] * f
                j += 1
            }
        }
        if header.hasAlpha {
            j = 0
            for cy in 0..<5 {
                let fy2 = fy[cy] * 2
                for cx in (cy > 0 ? 0 : 1)..<(5 - cy) {
                    a += terms.a[j] * fx[cx] * fy2
                    j += 1
                }
            }
        }
        return (l, p, q, a)
    }

    public init(width: Int, height: Int, rgba: [UInt8]) {
        self.width = width
        self.height = height
        self.rgba = rgba
    }

    /// The average colour a hash holds, each channel 0...1, straight alpha; nil for a hash too
    /// short to have a header.
    public static func averageColor(hash: [UInt8]) -> (red: Double, green: Double, blue: Double, alpha: Double)? {
        guard let header = Header(hash) else { return nil }
        let b = header.lDC - 2 / 3 * header.pDC
        let r = (3 * header.lDC - b + header.qDC) / 2
        let g = r - header.qDC
        func clamp(_ value: Double) -> Double { max(0, min(1, value)) }
        return (clamp(r), clamp(g), clamp(b), header.aDC)
    }

    /// The image's approximate width over height, from the hash's term counts; nil for a hash
    /// too short to have a header.
    public static func aspectRatio(hash: [UInt8]) -> Double? {
        Header(hash)?.aspectRatio
    }

    /// True when the hash says the image has transparent pixels.
    public static func hasAlpha(hash: [UInt8]) -> Bool {
        Header(hash)?.hasAlpha ?? false
    }

    /// Base64 (`+`, `/`), padded or not, to bytes; nil for any other character or a length no
    /// base64 text has.
    public static func bytes(base64 text: String) -> [UInt8]? {
        var values: [UInt8] = []
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): values.append(byte - UInt8(ascii: "A"))
            case UInt8(ascii: "a")...UInt8(ascii: "z"): values.append(byte - UInt8(ascii: "a") + 26)
            case UInt8(ascii: "0")...UInt8(ascii: "9"): values.append(byte - UInt8(ascii: "0") + 52)
            case UInt8(ascii: "+"): values.append(62)
            case UInt8(ascii: "/"): values.append(63)
            case UInt8(ascii: "="): continue
            default: return nil
            }
        }
        guard values.count % 4 != 1 else { return nil }
        var bytes: [UInt8] = []
        var index = 0
        while index < values.count {
            let group = values[index..<min(index + 4, values.count)]
            let value = group.enumerated().reduce(0) { $0 | Int($1.element) << (18 - 6 * $1.offset) }
            for position in 0..<(group.count - 1) { bytes.append(UInt8((value >> (16 - 8 * position)) & 255)) }
            index += 4
        }
        return bytes
    }

    /// The constant terms and sizes at the start of every hash.
    struct Header {
        var lDC, pDC, qDC, lScale, pScale, qScale, aDC, aScale: Double
        var hasAlpha: Bool
        var lx, ly: Int
        var acStart: Int
        var aspectRatio: Double

        init?(_ hash: [UInt8]) {
            guard hash.count >= 5 else { return nil }
            let header24 = Int(hash[0]) | Int(hash[1]) << 8 | Int(hash[2]) << 16
            let header16 = Int(hash[3]) | Int(hash[4]) << 8
            hasAlpha = header24 >> 23 != 0
            guard !hasAlpha || hash.count >= 6 else { return nil }
            lDC = Double(header24 & 63) / 63
            pDC = Double((header24 >> 6) & 63) / 31.5 - 1
            qDC = Double((header24 >> 12) & 63) / 31.5 - 1
            lScale = Double((header24 >> 18) & 31) / 31
            pScale = Double((header16 >> 3) & 63) / 63
            qScale = Double((header16 >> 9) & 63) / 63
            let isLandscape = header16 >> 15 != 0
            let limit = hasAlpha ? 5 : 7
            let shorter = header16 & 7
            // The reference's own aspect ratio uses the counts before they are raised to 3.
            let ratioX = isLandscape ? limit : shorter, ratioY = isLandscape ? shorter : limit
            guard ratioX > 0, ratioY > 0 else { return nil }
            aspectRatio = Double(ratioX) / Double(ratioY)
            lx = max(3, ratioX)
            ly = max(3, ratioY)
            aDC = hasAlpha ? Double(hash[5] & 15) / 15 : 1
            aScale = hasAlpha ? Double(hash[5] >> 4) / 15 : 0
            acStart = hasAlpha ? 6 : 5
        }
    }

    /// JavaScript's `Math.round`: the nearest integer, halves up.
    static func jsRound(_ value: Double) -> Double {
        let down = value.rounded(.down)
        return value - down >= 0.5 ? down + 1 : down
    }

    /// `max(0, 255 * min(1, v))` stored in a byte, as a Uint8Array stores it: truncated.
    static func byte(_ value: Double) -> UInt8 {
        let scaled = max(0, 255 * min(1, value))
        return scaled.isNaN ? 0 : UInt8(scaled.rounded(.towardZero))
    }
}
