import LibAVIF
import Raster

extension PlanarImage {
    /// Copies the planes into an AVIF image's allocated 8-bit YUV 4:2:0 planes, as they are (a
    /// grey image with neutral chroma).
    func copy(into avif: UnsafeMutablePointer<avifImage>) {
        let chroma = Self.chromaSize(size)
        withUnsafeMutablePointer(to: &avif.pointee.yuvPlanes) { planesTuple in
            withUnsafeMutablePointer(to: &avif.pointee.yuvRowBytes) { rowBytesTuple in
                let targets = UnsafeMutableRawPointer(planesTuple).assumingMemoryBound(to: UnsafeMutablePointer<UInt8>?.self)
                let strides = UnsafeMutableRawPointer(rowBytesTuple).assumingMemoryBound(to: UInt32.self)
                for index in 0..<3 {
                    let target = targets[index]!, stride = Int(strides[index])
                    if index < planes.count {
                        let plane = planes[index]
                        plane.bytes.withUnsafeBufferPointer { bytes in
                            for row in 0..<plane.height {
                                (target + row * stride).update(from: bytes.baseAddress! + row * plane.width, count: plane.width)
                            }
                        }
                    } else {
                        for row in 0..<chroma.height { (target + row * stride).update(repeating: 128, count: chroma.width) }
                    }
                }
            }
        }
    }
}
