import Raster

/// Up to three planes' base addresses and row strides, as the C encoders take them.
enum PlanePointers {
    static func with<Result>(_ planes: [Plane], _ body: (UnsafePointer<UnsafePointer<UInt8>?>, UnsafePointer<Int>) -> Result) -> Result {
        func pointer(_ index: Int, _ next: ([UnsafePointer<UInt8>?]) -> Result) -> Result {
            guard index < planes.count else { return next([]) }
            return planes[index].bytes.withUnsafeBufferPointer { bytes in
                pointer(index + 1) { rest in next([bytes.baseAddress] + rest) }
            }
        }
        return pointer(0) { pointers in
            let padded = pointers + Array(repeating: nil, count: 3 - pointers.count)
            let strides = planes.map(\.width) + Array(repeating: 0, count: 3 - planes.count)
            return padded.withUnsafeBufferPointer { p in strides.withUnsafeBufferPointer { s in body(p.baseAddress!, s.baseAddress!) } }
        }
    }
}
