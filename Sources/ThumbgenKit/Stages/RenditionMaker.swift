import ImageCodecs
import Raster

/// Turns one streamed decode into the pixels of every target geometry of an image.
///
/// Every channel is a plane of its own: a JPEG decoded planar keeps its Y, Cb and Cr (chroma
/// made at half the target's resolution, as the encoders take it), and RGBA rows are split into
/// planes on the way in and joined at the end. Targets that cannot be made from a larger one
/// (the largest, and crops reaching outside every larger target) are "roots": their planes are
/// resampled from the decoder's rows as they arrive, so the decoded image is never held whole.
/// Every other target is then made from the smallest target at hand that covers it with
/// `headroom` times its resolution, plane by plane. Which target comes from which depends on
/// the targets alone, so the same targets always give the same pixels.
final class RenditionMaker {
    /// Resolution a target must have over another to be its source, per axis. The quality test
    /// (Tests/ThumbgenKitTests/Render/RenditionQualityTests) holds every rendition of the cascade
    /// within its bar of a one-step resize from a full decode.
    static let headroom = 1.2

    /// What one plane of a target shows of the original (stored orientation, full-size pixels)
    /// and at what size (stored orientation).
    struct PlaneTarget {
        var rect: PixelRect
        var size: PixelSize
    }

    struct Target {
        var luma: PlaneTarget
        /// Chroma of a planar target: half the resolution each way, rounded up; its rect reaches
        /// past the luma's by what the rounding adds, so that each chroma pixel covers two luma
        /// pixels of the upright rendition exactly.
        var chroma: PlaneTarget
        /// Index of the target it is made from; nil for a root.
        var source: Int?
    }

    let orientation: Orientation
    private(set) var targets: [Target]
    private let scales: [Double]
    var feeds = RootFeeds()
    private(set) var info: SourceInfo?

    /// `geometries` upright, largest first (as `ImagePlan` lists its renditions); `fullSize` is
    /// the original's stored size.
    init(geometries: [RenditionGeometry], orientation: Orientation, fullSize: PixelSize, headroom: Double = RenditionMaker.headroom) {
        self.orientation = orientation
        func stored(_ crop: PixelRect, _ size: PixelSize) -> PlaneTarget {
            PlaneTarget(rect: orientation.storedRect(crop, storedWidth: Double(fullSize.width), storedHeight: Double(fullSize.height)),
                        size: orientation.swapsAxes ? size.transposed : size)
        }
        var targets: [Target] = []
        for geometry in geometries {
            let luma = stored(geometry.crop, geometry.size)
            let chromaSize = PlanarImage.chromaSize(geometry.size), crop = geometry.crop
            let chromaCrop = PixelRect(x: crop.x, y: crop.y,
                                       width: crop.width * Double(2 * chromaSize.width) / Double(geometry.size.width),
                                       height: crop.height * Double(2 * chromaSize.height) / Double(geometry.size.height))
            // The smallest earlier target that covers this one with enough resolution.
            let source = targets.indices.filter { index in
                let other = targets[index].luma
                return Self.contains(other.rect, luma.rect)
                    && Double(other.size.width) / other.rect.width >= headroom * Double(luma.size.width) / luma.rect.width
                    && Double(other.size.height) / other.rect.height >= headroom * Double(luma.size.height) / luma.rect.height
            }.min { (targets[$0].luma.size.area, $0) < (targets[$1].luma.size.area, $1) }
            targets.append(Target(luma: luma, chroma: stored(chromaCrop, chromaSize), source: source))
        }
        self.targets = targets
        scales = geometries.map(\.scale)
    }

    /// Output pixels per original pixel the roots need: the decoder may shrink the original this
    /// far before its rows arrive.
    var rootScale: Double {
        targets.indices.filter { targets[$0].source == nil }.map { scales[$0] }.max() ?? 1
    }

    /// The root that needs the most resolution (the one `rootScale` is for), by geometry index.
    var largestRoot: Int? {
        targets.indices.filter { targets[$0].source == nil }.max { scales[$0] < scales[$1] }
    }

    /// Bytes the targets' pixels take while they are made and turned upright.
    var pixelBytes: Int {
        targets.reduce(0) { total, target in
            let (bytes, overflow) = target.luma.size.width.multipliedReportingOverflow(by: target.luma.size.height * 8)
            return overflow || total > Int.max - bytes ? Int.max : total + bytes
        }
    }

    /// Plane `plane` of `target` in `layout`.
    static func planeTarget(_ target: Target, plane: Int, layout: RootFeeds.Layout) -> PlaneTarget {
        layout == .ycbcr && plane > 0 ? target.chroma : target.luma
    }

    /// Sets up the roots' feeds for a decode of `planes`.
    private func start(_ layout: RootFeeds.Layout, planes: [DecodedPlane]) {
        let roots = targets.indices.filter { targets[$0].source == nil }.map { index in
            (target: index, planes: planes.indices.map { Self.planeTarget(targets[index], plane: $0, layout: layout) })
        }
        feeds.begin(layout: layout, planes: planes, roots: roots)
    }

    /// Every target's pixels, upright, in the order of the geometries. Call once the decode has
    /// fed every row.
    func pixels() -> [RenditionPixels] {
        let planes = StageClock.measure(.resample) { madePlanes() }
        return planes.map { planes in
            let upright = StageClock.measure(.orient) { planes.map { $0.oriented(orientation) } }
            switch feeds.layout {
            case .ycbcr, .grey: return .planar(PlanarImage(planes: upright))
            case .rgb: return .rgba(PixelBuffer(joining: upright, hasAlpha: false))
            case .rgba: return .rgba(PixelBuffer(joining: upright, hasAlpha: true))
            }
        }
    }

    /// Every target's planes in stored orientation: the roots', then the rest from their sources.
    private func madePlanes() -> [[Plane]] {
        let layout = feeds.layout
        var made = feeds.finish(targets: targets.count)
        let weights = ResampleWeights()
        for (index, target) in targets.enumerated() where made[index] == nil {
            guard let sourceIndex = target.source, let sourcePlanes = made[sourceIndex] else { continue }
            made[index] = sourcePlanes.indices.map { plane in
                let wanted = Self.planeTarget(target, plane: plane, layout: layout)
                let from = Self.planeTarget(targets[sourceIndex], plane: plane, layout: layout)
                let pixels = sourcePlanes[plane]
                let sx = Double(pixels.width) / from.rect.width, sy = Double(pixels.height) / from.rect.height
                let rect = PixelRect(x: (wanted.rect.x - from.rect.x) * sx, y: (wanted.rect.y - from.rect.y) * sy,
                                     width: wanted.rect.width * sx, height: wanted.rect.height * sy)
                return Resampler.resample(pixels, rect: rect, to: wanted.size, weights: weights)
            }
        }
        return made.map { $0! }
    }

    private static func contains(_ outer: PixelRect, _ inner: PixelRect) -> Bool {
        let epsilon = 1e-6
        return inner.x >= outer.x - epsilon && inner.y >= outer.y - epsilon
            && inner.x + inner.width <= outer.x + outer.width + epsilon
            && inner.y + inner.height <= outer.y + outer.height + epsilon
    }
}

extension RenditionMaker: RowConsumer, PlaneConsumer {
    func begin(_ info: SourceInfo) {
        self.info = info
        let plane = DecodedPlane(size: info.decodedSize, scaleX: info.scaleX, scaleY: info.scaleY)
        start(info.hasAlpha ? .rgba : .rgb, planes: Array(repeating: plane, count: info.hasAlpha ? 4 : 3))
    }

    func begin(planes info: SourceInfo) {
        self.info = info
        let planes = info.planes ?? []
        start(planes.count == 1 ? .grey : .ycbcr, planes: planes)
    }

    func consume(rows: UnsafeRawPointer, first: Int, count: Int) {
        StageClock.measure(.resample) { feeds.add(rgba: rows, first: first, count: count) }
    }

    func consume(plane: Int, rows: UnsafePointer<UInt8>, stride: Int, first: Int, count: Int) {
        StageClock.measure(.resample) {
            for offset in 0..<count { feeds.add(plane: plane, row: first + offset, bytes: rows + offset * stride) }
        }
    }
}
