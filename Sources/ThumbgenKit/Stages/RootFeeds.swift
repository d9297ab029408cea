import ImageCodecs
import Raster

/// The streaming half of `RenditionMaker`: for each decoded plane, the root resamplers its rows
/// feed (through a box pre-shrink when a root is much smaller than the decode).
struct RootFeeds {
    /// The planes an image is made in.
    enum Layout {
        /// R, G, B from opaque RGBA rows; R, G, B, A (premultiplied) from rows with alpha.
        case rgb, rgba
        /// A JPEG's own planes: Y, Cb, Cr (targets get 4:2:0 chroma), or Y alone.
        case ycbcr, grey
    }

    /// One root plane: the decoded plane's rows go through the reducer, if any, to the resampler.
    final class Feed {
        let target: Int
        let resampler: PlaneResampler
        let reducer: BoxReducer?

        init(target: Int, resampler: PlaneResampler, reducer: BoxReducer?) {
            self.target = target
            self.resampler = resampler
            self.reducer = reducer
        }

        func add(row: Int, bytes: UnsafePointer<UInt8>) {
            if let reducer { reducer.add(row: bytes) } else { resampler.add(row: row, bytes: bytes) }
        }
    }

    private(set) var layout = Layout.rgb
    /// By decoded plane, in target order.
    private var feeds: [[Feed]] = []
    /// One channel of an RGBA row.
    private var channel: [UInt8] = []
    private var rgbaWidth = 0

    /// Sets up every root target's planes (`roots`: each root's target index and what each of
    /// its planes shows) for a decode of `planes`.
    mutating func begin(layout: Layout, planes: [DecodedPlane], roots: [(target: Int, planes: [RenditionMaker.PlaneTarget])]) {
        self.layout = layout
        let weights = ResampleWeights()
        feeds = planes.indices.map { index in
            let decoded = planes[index]
            return roots.map { root in
                let target = root.target, wanted = root.planes[index]
                // Full-size coordinates to decoded ones by the plane's exact scale.
                var rect = wanted.rect.scaled(x: decoded.scaleX, y: decoded.scaleY)
                var width = decoded.size.width, height = decoded.size.height
                let kx = BoxShrink.factor(sourceLength: rect.width, outputLength: wanted.size.width)
                let ky = BoxShrink.factor(sourceLength: rect.height, outputLength: wanted.size.height)
                if kx > 1 || ky > 1 {
                    rect = rect.scaled(x: 1 / Double(kx), y: 1 / Double(ky))
                    width = (width + kx - 1) / kx
                    height = (height + ky - 1) / ky
                }
                let resampler = PlaneResampler(sourceWidth: width, sourceHeight: height, rect: rect, to: wanted.size, weights: weights)
                let reducer = kx > 1 || ky > 1
                    ? BoxReducer(sourceWidth: decoded.size.width, sourceHeight: decoded.size.height, channels: 1, factorX: kx, factorY: ky) {
                        resampler.add(row: $0, bytes: $1)
                    }
                    : nil
                return Feed(target: target, resampler: resampler, reducer: reducer)
            }
        }
        rgbaWidth = planes.first?.size.width ?? 0
        channel = [UInt8](repeating: 0, count: layout == .rgb || layout == .rgba ? rgbaWidth : 0)
    }

    /// RGBA rows, split into their channels' planes.
    mutating func add(rgba rows: UnsafeRawPointer, first: Int, count: Int) {
        let width = rgbaWidth, feeds = self.feeds
        channel.withUnsafeMutableBufferPointer { channel in
            for offset in 0..<count {
                let row = rows + offset * width * 4
                for plane in feeds.indices {
                    PixelBuffer.split(row, pixels: width, channel: plane, into: channel.baseAddress!)
                    for feed in feeds[plane] { feed.add(row: first + offset, bytes: channel.baseAddress!) }
                }
            }
        }
    }

    func add(plane: Int, row: Int, bytes: UnsafePointer<UInt8>) {
        for feed in feeds[plane] { feed.add(row: row, bytes: bytes) }
    }

    /// The roots' planes by target (nil for the rest); the feeds are spent.
    mutating func finish(targets count: Int) -> [[Plane]?] {
        var made = [[Plane]?](repeating: nil, count: count)
        for plane in feeds {
            for feed in plane { made[feed.target] = (made[feed.target] ?? []) + [feed.resampler.finish()] }
        }
        feeds = []
        return made
    }
}
