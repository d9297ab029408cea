import FuzzSupport

/// HEIC/HEIF/AVIF: the box reader (primary item, transformations, grid, sequence) and the libheif
/// decode through the render stage.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzHEIF(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    FuzzInput.probeAndDecode(FuzzInput.write(data, size))
    return 0
}
