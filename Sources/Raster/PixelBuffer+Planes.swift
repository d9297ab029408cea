/// RGBA images to planes and back: the render stage resamples every channel as a plane of its own.
extension PixelBuffer {
    /// R, G and B, and A when the image has alpha.
    public func planes() -> [Plane] {
        let count = hasAlpha ? 4 : 3
        var planes = (0..<count).map { _ in Plane(width: width, height: height) }
        pixels.withUnsafeBytes { source in
            for channel in 0..<count {
                planes[channel].bytes.withUnsafeMutableBufferPointer { target in
                    Self.split(source.baseAddress!, pixels: width * height, channel: channel, into: target.baseAddress!)
                }
            }
        }
        return planes
    }

    /// Channel `channel` of `pixels` RGBA pixels into `target`, one byte a pixel.
    public static func split(_ rgba: UnsafeRawPointer, pixels: Int, channel: Int, into target: UnsafeMutablePointer<UInt8>) {
        let bytes = rgba.assumingMemoryBound(to: UInt8.self) + channel
        for index in 0..<pixels { target[index] = bytes[index &* 4] }
    }

    /// The image of R, G, B (and A) planes of one size. With alpha, colour is premultiplied:
    /// it is clamped to alpha (a resample can overshoot it); without, alpha is 255.
    public init(joining planes: [Plane], hasAlpha: Bool) {
        precondition(planes.count == (hasAlpha ? 4 : 3))
        let width = planes[0].width, height = planes[0].height
        self.init(width: width, height: height, hasAlpha: hasAlpha)
        let count = width * height
        pixels.withUnsafeMutableBufferPointer { target in
            planes[0].bytes.withUnsafeBufferPointer { r in
                planes[1].bytes.withUnsafeBufferPointer { g in
                    planes[2].bytes.withUnsafeBufferPointer { b in
                        if hasAlpha {
                            planes[3].bytes.withUnsafeBufferPointer { a in
                                for index in 0..<count {
                                    let alpha = a[index]
                                    target[index &* 4] = min(r[index], alpha)
                                    target[index &* 4 &+ 1] = min(g[index], alpha)
                                    target[index &* 4 &+ 2] = min(b[index], alpha)
                                    target[index &* 4 &+ 3] = alpha
                                }
                            }
                        } else {
                            for index in 0..<count {
                                target[index &* 4] = r[index]
                                target[index &* 4 &+ 1] = g[index]
                                target[index &* 4 &+ 2] = b[index]
                                target[index &* 4 &+ 3] = 255
                            }
                        }
                    }
                }
            }
        }
    }
}
