import ImageCodecs
import Raster

/// Turns one streamed decode into every rendition of an image.
///
/// Renditions that cannot be made from a larger one (the largest, and crops reaching outside
/// every larger rendition) are "roots": they are resampled from the decoder's rows as they arrive,
/// so the decoded image is never held whole. Every other rendition is then made from the smallest
/// rendition at hand that covers it with `headroom` times its resolution.
final class RenditionMaker: RowConsumer {
    /// Resolution a rendition must have over another to be its source, per axis. A Lanczos-3
    /// step of 1.2× or more from a Lanczos-3 result stays above 50 dB from a one-step resize on
    /// photographs (measured on the benchmark corpus), at a fraction of the cost.
    static let headroom = 1.2
    /// A root more than this many times larger than its output is first shrunk by a whole factor
    /// with a box filter, as its rows arrive.
    static let boxThreshold = 3.0

    private struct Target {
        var rendition: PlannedRendition
        /// Stored orientation, full-size pixels.
        var rect: PixelRect
        var size: PixelSize
        /// Index of the target it is made from; nil for a root.
        var source: Int?
    }

    private struct Root {
        var target: Int
        var reducer: BoxReducer?
        var resampler: StreamingResampler
    }

    let orientation: Orientation
    private var targets: [Target]
    private var roots: [Root] = []
    private var made: [PixelBuffer?]
    private(set) var info: SourceInfo?

    /// `renditions` largest first, as `ImagePlan` gives them; `fullSize` is the stored size.
    init(renditions: [PlannedRendition], orientation: Orientation, fullSize: PixelSize, headroom: Double = RenditionMaker.headroom) {
        self.orientation = orientation
        var targets: [Target] = []
        for rendition in renditions {
            let rect = orientation.storedRect(rendition.geometry.crop, storedWidth: Double(fullSize.width), storedHeight: Double(fullSize.height))
            let size = orientation.swapsAxes ? rendition.geometry.size.transposed : rendition.geometry.size
            // The smallest earlier target that covers this one with enough resolution.
            let source = targets.indices.filter { index in
                let other = targets[index]
                return Self.contains(other.rect, rect)
                    && Double(other.size.width) / other.rect.width >= headroom * Double(size.width) / rect.width
                    && Double(other.size.height) / other.rect.height >= headroom * Double(size.height) / rect.height
            }.min { targets[$0].size.area < targets[$1].size.area }
            targets.append(Target(rendition: rendition, rect: rect, size: size, source: source))
        }
        self.targets = targets
        made = Array(repeating: nil, count: targets.count)
    }

    /// Output pixels per original pixel the roots need: the decoder may shrink the original this
    /// far before its rows arrive.
    var rootScale: Double {
        targets.filter { $0.source == nil }.map(\.rendition.geometry.scale).max() ?? 1
    }

    func begin(_ info: SourceInfo) {
        self.info = info
        let sx = Double(info.decodedSize.width) / Double(info.fullSize.width)
        let sy = Double(info.decodedSize.height) / Double(info.fullSize.height)
        for (index, target) in targets.enumerated() where target.source == nil {
            var rect = target.rect.scaled(x: sx, y: sy)
            var width = info.decodedSize.width, height = info.decodedSize.height
            let kx = rect.width >= Self.boxThreshold * Double(target.size.width) ? min(4096, Int(rect.width / Double(target.size.width) / 2)) : 1
            let ky = rect.height >= Self.boxThreshold * Double(target.size.height) ? min(4096, Int(rect.height / Double(target.size.height) / 2)) : 1
            if kx > 1 || ky > 1 {
                rect = rect.scaled(x: 1 / Double(kx), y: 1 / Double(ky))
                width = (width + kx - 1) / kx
                height = (height + ky - 1) / ky
            }
            let resampler = StreamingResampler(sourceWidth: width, sourceHeight: height, rect: rect, to: target.size, hasAlpha: info.hasAlpha)
            let reducer = kx > 1 || ky > 1
                ? BoxReducer(sourceWidth: info.decodedSize.width, sourceHeight: info.decodedSize.height, factorX: kx, factorY: ky) {
                    resampler.add(row: $0, pixels: $1)
                }
                : nil
            roots.append(Root(target: index, reducer: reducer, resampler: resampler))
        }
    }

    func consume(rows: UnsafeRawPointer, first: Int, count: Int) {
        let rowBytes = (info?.decodedSize.width ?? 0) * 4
        for root in roots {
            for offset in 0..<count {
                let pixels = rows + offset * rowBytes
                if let reducer = root.reducer {
                    reducer.add(row: pixels)
                } else {
                    root.resampler.add(row: first + offset, pixels: pixels)
                }
            }
        }
    }

    /// Every rendition, upright, in the order they were planned (largest first). Call once the
    /// decode has fed every row.
    func renditions() -> [(rendition: PlannedRendition, pixels: PixelBuffer)] {
        for root in roots { made[root.target] = root.resampler.finish() }
        roots = []
        var result: [(PlannedRendition, PixelBuffer)] = []
        for (index, target) in targets.enumerated() {
            if let sourceIndex = target.source, made[index] == nil {
                let source = targets[sourceIndex], pixels = made[sourceIndex]!
                let sx = Double(pixels.width) / source.rect.width, sy = Double(pixels.height) / source.rect.height
                let rect = PixelRect(x: (target.rect.x - source.rect.x) * sx, y: (target.rect.y - source.rect.y) * sy,
                                     width: target.rect.width * sx, height: target.rect.height * sy)
                made[index] = Resampler.resample(pixels, rect: rect, to: target.size)
            }
            result.append((target.rendition, made[index]!.oriented(orientation)))
        }
        return result
    }

    private static func contains(_ outer: PixelRect, _ inner: PixelRect) -> Bool {
        let epsilon = 1e-6
        return inner.x >= outer.x - epsilon && inner.y >= outer.y - epsilon
            && inner.x + inner.width <= outer.x + outer.width + epsilon
            && inner.y + inner.height <= outer.y + outer.height + epsilon
    }
}
