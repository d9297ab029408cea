import Raster
import Testing
import TestSupport

@Suite struct ResamplerTests {
    /// Every target size from a flat image stays flat: exact dimensions, and no dark or light
    /// row or column at any edge.
    @Test func sweepingTargetSizesGivesExactSizesAndNoEdges() {
        var source = PixelBuffer(width: 97, height: 61, hasAlpha: false)
        for index in stride(from: 0, to: source.pixels.count, by: 4) {
            source.pixels[index] = 128; source.pixels[index + 1] = 64; source.pixels[index + 2] = 200; source.pixels[index + 3] = 255
        }
        for width in 1...97 {
            for height in stride(from: 1, through: 61, by: 6) {
                let output = Resampler.resample(source, rect: PixelRect(size: source.size), to: PixelSize(width: width, height: height))
                #expect(output.size == PixelSize(width: width, height: height))
                #expect(Pictures.maxDifference(output, PixelBuffer(width: width, height: height, hasAlpha: false,
                                                                   pixels: Array(source.pixels.prefix(width * height * 4)))) == 0)
            }
        }
    }

    @Test func boxShrinkThenLanczosKeepsAFlatImageFlat() {
        var source = PixelBuffer(width: 1000, height: 10, hasAlpha: false)
        for index in source.pixels.indices { source.pixels[index] = index % 4 == 3 ? 255 : 77 }
        let shrunk = source.boxShrunk(x: 7, y: 3)
        #expect(shrunk.size == PixelSize(width: 143, height: 4))
        #expect(shrunk.pixels.enumerated().allSatisfy { $0.offset % 4 == 3 ? $0.element == 255 : $0.element == 77 })
    }

    @Test func boxShrinkAveragesBlocksAndPartialEdges() {
        var source = PixelBuffer(width: 3, height: 1, hasAlpha: false)
        source[0, 0] = [0, 0, 0, 255]; source[1, 0] = [100, 100, 100, 255]; source[2, 0] = [255, 255, 255, 255]
        let shrunk = source.boxShrunk(x: 2, y: 1)
        #expect(shrunk[0, 0] == [50, 50, 50, 255])
        #expect(shrunk[1, 0] == [255, 255, 255, 255])
    }

    /// Premultiplied alpha: opaque red stripes between fully transparent green ones must come
    /// out red, with no green and no darkening.
    @Test func premultipliedAlphaHasNoFringes() {
        var source = PixelBuffer(width: 64, height: 64, hasAlpha: true)
        for y in 0..<64 {
            for x in 0..<64 { source[x, y] = x % 2 == 0 ? [255, 0, 0, 255] : [0, 0, 0, 0] }  // transparent green premultiplies to 0
        }
        let output = Resampler.resample(source, rect: PixelRect(size: source.size), to: PixelSize(width: 21, height: 21)).unpremultiplied()
        for y in 0..<21 {
            for x in 0..<21 {
                let pixel = output[x, y]
                #expect(pixel[1] == 0 && pixel[2] == 0)
                #expect(pixel[0] >= 250, "dark at \(x),\(y): \(pixel)")
                #expect(pixel[3] >= 110 && pixel[3] <= 145)
            }
        }
    }

    /// A crop shows the part asked for. Like a crop of a larger picture, pixels just outside it
    /// feed the filter at its edges (3 output pixels at a 10× reduction); inside that, it is exact.
    @Test func cropTakesThePartAsked() {
        let source = Pictures.quadrants(width: 200, height: 100)
        let topRight = Resampler.resample(source, rect: PixelRect(x: 100, y: 0, width: 100, height: 50), to: PixelSize(width: 10, height: 5))
        for y in 0..<2 { for x in 3..<10 { #expect(topRight[x, y] == [30, 200, 40, 255]) } }
        for y in 0..<5 { for x in 0..<10 { #expect(abs(Int(topRight[x, y][1]) - 200) <= 15) } }
    }
}

@Suite struct OrientationPixelTests {
    /// `oriented` turns the stored pixels as EXIF says, and `storedRect` maps any upright
    /// rectangle to the stored pixels that show it.
    @Test(arguments: Orientation.allCases)
    func orientedAndStoredRectAgree(orientation: Orientation) {
        let upright = Pictures.quadrants(width: 6, height: 4)
        let stored = Pictures.stored(upright, for: orientation)
        #expect(stored.oriented(orientation) == upright)
        let rect = PixelRect(x: 1, y: 1, width: 3, height: 2)
        let mapped = orientation.storedRect(rect, storedWidth: Double(stored.width), storedHeight: Double(stored.height))
        let fromStored = Resampler.resample(stored, rect: mapped, to: orientation.swapsAxes ? PixelSize(width: 2, height: 3) : PixelSize(width: 3, height: 2))
            .oriented(orientation)
        let fromUpright = Resampler.resample(upright, rect: rect, to: PixelSize(width: 3, height: 2))
        #expect(fromStored == fromUpright)
    }

    /// An image's resamples share their axes' weights (`ResampleWeights`): through one shared
    /// store, in any order, each resample gives the bytes it gives alone, also where two differ
    /// only in the source's size (the same rect and output size over a wider or taller source
    /// take other taps at the edge) or in the axis (a square's rows and columns).
    @Test func sharedWeightsGiveTheBytesOfWeightsMadeAlone() {
        var random = SplitMix(seed: 5)
        func plane(_ width: Int, _ height: Int) -> Plane {
            Plane(width: width, height: height, bytes: (0..<(width * height)).map { _ in UInt8(random.unit() * 255) })
        }
        let wide = plane(120, 80), narrow = plane(100, 80), square = plane(90, 90)
        let jobs: [(Plane, PixelRect, PixelSize)] = [
            (wide, PixelRect(x: 10, y: 5, width: 90, height: 70), PixelSize(width: 31, height: 17)),
            (narrow, PixelRect(x: 10, y: 5, width: 90, height: 70), PixelSize(width: 31, height: 17)),
            (wide, PixelRect(x: 0, y: 0, width: 120, height: 80), PixelSize(width: 7, height: 5)),
            (narrow, PixelRect(x: 0, y: 0, width: 100, height: 80), PixelSize(width: 7, height: 5)),
            (square, PixelRect(x: 0, y: 0, width: 90, height: 90), PixelSize(width: 40, height: 40)),
            (square, PixelRect(x: 0.5, y: 0, width: 89.5, height: 90), PixelSize(width: 40, height: 40)),
            (wide, PixelRect(x: 10, y: 5, width: 90, height: 70), PixelSize(width: 31, height: 17)),
        ]
        let alone = jobs.map { Resampler.resample($0.0, rect: $0.1, to: $0.2) }
        for order in [Array(jobs.indices), Array(jobs.indices.reversed())] {
            let weights = ResampleWeights()
            for index in order {
                let job = jobs[index]
                #expect(Resampler.resample(job.0, rect: job.1, to: job.2, weights: weights).bytes == alone[index].bytes, "resample \(index)")
            }
        }
    }
}
