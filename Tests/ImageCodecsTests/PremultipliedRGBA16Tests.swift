import Testing
@testable import ImageCodecs

@Suite struct PremultipliedRGBA16Tests {
    func convert(_ pixel: [UInt16]) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: 4)
        pixel.withUnsafeBufferPointer { source in out.withUnsafeMutableBufferPointer { PremultipliedRGBA16.convert(source, into: $0) } }
        return out
    }

    @Test func opaqueAndTransparentPixels() {
        #expect(convert([65535, 32896, 0, 65535]) == [255, 128, 0, 255])
        #expect(convert([65535, 65535, 65535, 0]) == [0, 0, 0, 0])
    }

    @Test func colourIsPremultipliedBeforeRounding() {
        // Half alpha (32768): 65535 × 0.5 = 32768 → 128; 8-bit first would give the same, but
        // 257 × 0.5 = 128.5 → 0.5 of a level is kept until the one rounding at the end.
        #expect(convert([65535, 257, 514, 32768]) == [128, 1, 1, 128])
        #expect(convert([40000, 40000, 40000, 40000]) == [95, 95, 95, 156])
    }

    @Test func everyValueRoundsToTheNearestLevel() {
        for value in stride(from: 0, through: 65535, by: 97) {
            #expect(Int(PremultipliedRGBA16.to8Bits(UInt32(value))) == Int((Double(value) / 257).rounded()))
        }
    }

    @Test func premultipliedColourNeverExceedsAlpha() {
        for alpha in stride(from: 0, through: 65535, by: 1021) {
            let out = convert([65535, 65535, 65535, UInt16(alpha)])
            #expect(out[0] <= out[3])
        }
    }
}
