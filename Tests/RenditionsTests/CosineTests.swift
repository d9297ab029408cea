#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#elseif canImport(Android)
import Android
#elseif canImport(ucrt)
import ucrt
#elseif canImport(WASILibc)
import WASILibc
#endif
@testable import Renditions
import Testing

/// The ThumbHash decoder's own cosine (so that the client imports no C library) against the C
/// library's, for every argument the decoder can pass: π/w·(x + ½)·k for sides w up to 32,
/// x below w and terms k up to 6.
@Suite struct CosineTests {
    static var decoderArguments: [Double] {
        (1...32).flatMap { w in (0..<w).flatMap { x in (0...6).map { k in Double.pi / Double(w) * (Double(x) + 0.5) * Double(k) } } }
    }

    /// Within an ulp everywhere (an ulp is the most a picture byte can move by, and only where a
    /// value lies on a byte's edge; the shared client cases pin the bytes).
    @Test func withinAnUlpOfTheCLibraryForEveryArgumentTheDecoderPasses() {
        var exact = 0
        for argument in Self.decoderArguments {
            let mine = Cosine.cos(argument), theirs = cos(argument)
            if mine == theirs { exact += 1 }
            #expect(mine == theirs || mine.nextUp == theirs || mine.nextDown == theirs, "cos(\(argument)): \(mine), the C library \(theirs)")
        }
        // Glibc 2.36 agrees to the bit on 3578 of the 3696 (fdlibm and glibc round differently).
        #expect(exact * 10 > Self.decoderArguments.count * 9)
    }

    /// Near multiples of π/2, where reducing the argument cancels most bits, and at the edges.
    @Test func hardArguments() {
        for n in 1...16 {
            for argument in [Double(n) * Double.pi / 2, (Double(n) * Double.pi / 2).nextUp, (Double(n) * Double.pi / 2).nextDown] {
                let mine = Cosine.cos(argument), theirs = cos(argument)
                #expect(abs(mine - theirs) <= theirs.ulp.magnitude * 2 + 1e-300, "cos(\(argument)): \(mine), the C library \(theirs)")
            }
        }
        #expect(Cosine.cos(0) == 1 && Cosine.cos(-0.0) == 1 && Cosine.cos(1e-20) == 1)
        #expect(Cosine.cos(-2.5) == Cosine.cos(2.5))
        #expect(Cosine.cos(.nan).isNaN && Cosine.cos(.infinity).isNaN)
    }
}
