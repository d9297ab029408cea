/// A separable Lanczos-3 resampler: any part of an image (fractional rectangle) to any size,
/// from a whole image held in memory. See `PlaneResampler` for how.
public enum Resampler {
    /// `rect` is in `source`'s pixel coordinates; pixels around it (inside the image) feed the
    /// filter at its edges, as they would for a crop of a larger picture.
    public static func resample(_ source: Plane, rect: PixelRect, to size: PixelSize, kernels: ResampleKernels = .best,
                                weights: ResampleWeights? = nil) -> Plane {
        let resampler = PlaneResampler(sourceWidth: source.width, sourceHeight: source.height, rect: rect, to: size,
                                       kernels: kernels, weights: weights)
        source.bytes.withUnsafeBufferPointer { bytes in
            for row in resampler.rows { resampler.add(row: row, bytes: bytes.baseAddress! + row * source.width) }
        }
        return resampler.finish()
    }

    /// Each channel on its own (premultiplied alpha like colour), then colour clamped to alpha.
    public static func resample(_ source: PixelBuffer, rect: PixelRect, to size: PixelSize, kernels: ResampleKernels = .best) -> PixelBuffer {
        let weights = ResampleWeights()
        return PixelBuffer(joining: source.planes().map { resample($0, rect: rect, to: size, kernels: kernels, weights: weights) },
                           hasAlpha: source.hasAlpha)
    }
}
