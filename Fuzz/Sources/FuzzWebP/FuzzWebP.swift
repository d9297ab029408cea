import FuzzSupport

/// Still WebP: the chunk walk, libwebp's scaling decoder and the ICCP read through the render stage.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzWebP(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    FuzzInput.probeAndDecode(FuzzInput.write(data, size))
    return 0
}
