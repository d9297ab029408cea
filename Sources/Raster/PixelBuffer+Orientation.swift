extension PixelBuffer {
    /// The image turned upright: `orientation` says how the stored pixels (this buffer) lie.
    public func oriented(_ orientation: Orientation) -> PixelBuffer {
        guard orientation != .up else { return self }
        let upright = orientation.upright(size)
        var result = PixelBuffer(width: upright.width, height: upright.height, hasAlpha: hasAlpha)
        let (w, h) = (width, height)
        pixels.withUnsafeBytes { source in
            let source = source.bindMemory(to: UInt32.self)
            result.pixels.withUnsafeMutableBytes { target in
                let target = target.bindMemory(to: UInt32.self)
                for v in 0..<upright.height {
                    for u in 0..<upright.width {
                        // The stored pixel shown at upright (u, v).
                        let (x, y): (Int, Int)
                        switch orientation {
                        case .up: (x, y) = (u, v)
                        case .upMirrored: (x, y) = (w - 1 - u, v)
                        case .down: (x, y) = (w - 1 - u, h - 1 - v)
                        case .downMirrored: (x, y) = (u, h - 1 - v)
                        case .leftMirrored: (x, y) = (v, u)
                        case .right: (x, y) = (v, h - 1 - u)
                        case .rightMirrored: (x, y) = (w - 1 - v, h - 1 - u)
                        case .left: (x, y) = (w - 1 - v, u)
                        }
                        target[v * upright.width + u] = source[y * w + x]
                    }
                }
            }
        }
        return result
    }
}
