import ImageCodecs
import Raster

/// Turns one streamed decode into the pixels of every target geometry of an image.
///
/// Targets that cannot be made from a larger one (the largest, and crops reaching outside every
/// larger target) are "roots": they are resampled from the decoder's rows as they arrive, so the
/// decoded image is never held whole. Every other target is then made from the smallest target
/// at hand that covers it with `headroom` times its resolution. Which target comes from which
/// depends on the targets alone, so the same targets always give the same pixels.
final class RenditionMaker: RowConsumer {
    /// Resolution a target must have over another to be its source, per axis. The quality test
    /// (Tests/ThumbgenKitTests/Render/RenditionQualityTests) holds every rendition of the cascade
    /// within its bar of a one-step resize from a full decode.
    static let headroom = 1.2

    private struct Target {
        /// Stored orientation, full-size pixels.
        var rect: PixelRect
        /// Stored orientation.
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
    private let scales: [Double]
    private var roots: [Root] = []
    private var made: [PixelBuffer?]
    private(set) var info: SourceInfo?

    /// `geometries` upright, largest first (as `ImagePlan` lists its renditions); `fullSize` is
    /// the original's stored size.
    init(geometries: [RenditionGeometry], orientation: Orientation, fullSize: PixelSize, headroom: Double = RenditionMaker.headroom) {
        self.orientation = orientation
        var targets: [Target] = []
        for geometry in geometries {
            let rect = orientation.storedRect(geometry.crop, storedWidth: Double(fullSize.width), storedHeight: Double(fullSize.height))
            let size = orientation.swapsAxes ? geometry.size.transposed : geometry.size
            // The smallest earlier target that covers this one with enough resolution.
            let source = targets.indices.filter { index in
                let other = targets[index]
                return Self.contains(other.rect, rect)
                    && Double(other.size.width) / other.rect.width >= headroom * Double(size.width) / rect.width
                    && Double(other.size.height) / other.rect.height >= headroom * Double(size.height) / rect.height
            }.min { (targets[$0].size.area, $0) < (targets[$1].size.area, $1) }
            targets.append(Target(rect: rect, size: size, source: source))
        }
        self.targets = targets
        scales = geometries.map(\.scale)
        made = Array(repeating: nil, count: targets.count)
    }

    /// Output pixels per original pixel the roots need: the decoder may shrink the original this
    /// far before its rows arrive.
    var rootScale: Double {
        targets.indices.filter { targets[$0].source == nil }.map { scales[$0] }.max() ?? 1
    }

    /// Bytes the targets' pixels take while they are made and turned upright.
    var pixelBytes: Int {
        targets.reduce(0) { total, target in
            let (bytes, overflow) = target.size.width.multipliedReportingOverflow(by: target.size.height * 8)
            return overflow || total > Int.max - bytes ? Int.max : total + bytes
        }
    }

    func begin(_ info: SourceInfo) {
        self.info = info
        for (index, target) in targets.enumerated() where target.source == nil {
            // Full-size coordinates to decoded ones by the decoder's exact scale.
            var rect = target.rect.scaled(x: info.scaleX, y: info.scaleY)
            var width = info.decodedSize.width, height = info.decodedSize.height
            let kx = BoxShrink.factor(sourceLength: rect.width, outputLength: target.size.width)
            let ky = BoxShrink.factor(sourceLength: rect.height, outputLength: target.size.height)
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
        StageClock.measure(.resample) { feed(rows: rows, first: first, count: count) }
    }

    private func feed(rows: UnsafeRawPointer, first: Int, count: Int) {
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

    /// Every target's pixels, upright, in the order of the geometries. Call once the decode has
    /// fed every row.
    func pixels() -> [PixelBuffer] {
        StageClock.measure(.resample) { storedPixels() }.map { pixels in StageClock.measure(.orient) { pixels.oriented(orientation) } }
    }

    /// Every target's pixels in stored orientation.
    private func storedPixels() -> [PixelBuffer] {
        for root in roots { made[root.target] = root.resampler.finish() }
        roots = []
        var result: [PixelBuffer] = []
        for (index, target) in targets.enumerated() {
            if let sourceIndex = target.source, made[index] == nil {
                let source = targets[sourceIndex], pixels = made[sourceIndex]!
                let sx = Double(pixels.width) / source.rect.width, sy = Double(pixels.height) / source.rect.height
                let rect = PixelRect(x: (target.rect.x - source.rect.x) * sx, y: (target.rect.y - source.rect.y) * sy,
                                     width: target.rect.width * sx, height: target.rect.height * sy)
                made[index] = Resampler.resample(pixels, rect: rect, to: target.size)
            }
            result.append(made[index]!)
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
